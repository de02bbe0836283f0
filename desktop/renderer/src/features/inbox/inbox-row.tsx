import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import type { InboxItemSummary } from './queries.ts'

/** One line of the inbox: title (to its page), kind, who and when, why it was left, the hint. */
export function InboxRow({ org, space, item }: { org: string; space: string; item: InboxItemSummary }) {
  const { t, i18n } = useTranslation()
  const finding = isFinding(item)
  const kind =
    item.type === 'change' ? 'change' : finding ? 'finding' : item.status === 'left' ? 'left' : 'note'
  return (
    <li className="inbox-row">
      <div className="inbox-row-head">
        <Link to="/s/$org/$space/inbox/$name" params={{ org, space, name: item.name }}>
          {item.title || t('inbox.untitled')}
        </Link>{' '}
        <span className={`badge kind-${kind}`}>{t(`inbox.kinds.${kind}`)}</span>
      </div>
      <p className="small muted">
        {t('inbox.byWhen', { who: item.deposited_by, when: formatDate(item.deposited_at, i18n.language) })}
        {item.path && <> · {item.path}</>}
        {item.attachments.length > 0 && (
          <> · {t('inbox.attachmentCount', { count: item.attachments.length })}</>
        )}
      </p>
      {finding ? (
        <p className="small">{t('inbox.findingReason', { name: item.deposited_by })}</p>
      ) : (
        item.status === 'left' &&
        item.reason && (
          <p className="small">
            {t('inbox.reason')} {item.reason}
          </p>
        )
      )}
      {item.hint && (
        <p className="small">
          {t('inbox.hint')} <span className="muted">{item.hint}</span>
        </p>
      )}
    </li>
  )
}

/**
 * A routine's finding (a broken link, an orphan page): left in the inbox for a person from the start,
 * by the routine, not by a tidy-up; its reason is said in the reader's language.
 */
export function isFinding(item: { source?: string | null; status?: string | null }): boolean {
  return item.source === 'routine' && item.status === 'left'
}
