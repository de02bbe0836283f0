import { useTranslation } from 'react-i18next'
import { formatBytes, formatDate } from '../../components/format.ts'
import { Markdown } from '../../markdown/markdown.tsx'
import { useSpace } from '../space/queries.ts'
import { attachmentUrl } from './attachments.ts'
import { CorrectNote } from './correct-note.tsx'
import { DeleteNote } from './delete-note.tsx'
import { FileInto } from './file-into.tsx'
import { isFinding } from './inbox-row.tsx'
import { MoveNote } from './move-note.tsx'
import type { InboxItemWithBody } from './queries.ts'

/** A note: its text rendered, where it comes from, its files, and what a contributor may do with it. */
export function NoteView({ item }: { item: InboxItemWithBody }) {
  const { t, i18n } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const isLeft = item.status === 'left'
  const finding = isFinding(item)
  return (
    <article aria-labelledby="note-title">
      <h1 id="note-title">{item.title || t('inbox.untitled')}</h1>
      <p className="small muted">
        <span className="badge">{t(`inbox.kinds.${finding ? 'finding' : isLeft ? 'left' : 'note'}`)}</span>{' '}
        {t('inbox.byWhen', { who: item.deposited_by, when: formatDate(item.deposited_at, i18n.language) })}
        {item.source && <> · {t('inbox.channel', { channel: item.via || item.source })}</>}
      </p>
      {canWrite && (
        <div className="toolbar">
          <CorrectNote item={item} />
          <MoveNote item={item} />
          <DeleteNote item={item} />
        </div>
      )}
      <dl className="note-facts">
        {isLeft && (finding || item.reason) && (
          <>
            <dt>{t('inbox.reason')}</dt>
            <dd>{finding ? t('inbox.findingReason', { name: item.deposited_by }) : item.reason}</dd>
          </>
        )}
        {item.hint && (
          <>
            <dt>{t('inbox.hint')}</dt>
            <dd>{item.hint}</dd>
          </>
        )}
        {item.origin && (
          <>
            <dt>{t('inbox.origin')}</dt>
            <dd>{item.origin}</dd>
          </>
        )}
      </dl>
      {canWrite && <FileInto item={item} />}
      <section className="note-body card" aria-label={t('inbox.fields.text')}>
        {item.body.trim() ? (
          <Markdown text={item.body} context={{ org, space, path: 'index.md' }} />
        ) : (
          <p className="muted">{t('inbox.noText')}</p>
        )}
      </section>
      {item.attachments.length > 0 && (
        <section aria-labelledby="note-files">
          <h2 id="note-files">{t('inbox.fields.attachments')}</h2>
          <ul className="list">
            {item.attachments.map((file) => (
              <li key={file.name}>
                <a href={attachmentUrl(org, space, item.name, file.name)} download={file.name}>
                  {file.name}
                </a>{' '}
                <span className="small muted">{formatBytes(file.size, i18n.language)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
