import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { ErrorNote } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { splitChangeBody } from './change-body.ts'
import { DiffView } from './diff-view.tsx'
import { useMarkSeen } from './mutations.ts'
import type { InboxItemWithBody } from './queries.ts'

/** A page changed since it was last tidied or seen: the commits, the diff, and `Mark as seen`. */
export function ChangeView({ item }: { item: InboxItemWithBody }) {
  const { t, i18n } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const { commits, diff } = splitChangeBody(item.body)
  const seen = useMarkSeen(org, space, item.name)
  return (
    <article aria-labelledby="change-title">
      <h1 id="change-title">{item.title}</h1>
      <p className="small muted">
        <span className="badge">{t('inbox.kinds.change')}</span>{' '}
        {t('inbox.byWhen', { who: item.deposited_by, when: formatDate(item.deposited_at, i18n.language) })}
        {item.source && <> · {t('inbox.channel', { channel: item.via || item.source })}</>}
      </p>
      {item.path && (
        <p>
          <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: item.path }}>
            {item.path}
          </Link>
        </p>
      )}
      {canWrite && (
        <div className="toolbar">
          <button type="button" className="primary" disabled={seen.isPending} onClick={() => seen.mutate()}>
            {t('inbox.markSeen')}
          </button>
        </div>
      )}
      <ErrorNote error={seen.error} />
      {commits.length > 0 && (
        <section aria-labelledby="change-commits">
          <h2 id="change-commits">{t('inbox.commits')}</h2>
          <ul className="list commits">
            {commits.map((commit) => (
              <li key={commit.sha}>
                <code>{commit.sha}</code> {commit.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="change-diff">
        <h2 id="change-diff">{t('inbox.diff')}</h2>
        <DiffView diff={diff} />
      </section>
    </article>
  )
}
