import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { useFileInto } from './mutations.ts'
import type { InboxItemWithBody } from './queries.ts'

/**
 * The pages a note left by the tidy-up could go to, each one click away: the page becomes the note's
 * hint, and the next tidy-up files the note there.
 */
export function FileInto({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const pick = useFileInto(org, space, item.name)
  // Once picked the note is pending again, without candidates: what was done stays said.
  if (pick.isSuccess)
    return (
      <p role="status" className="hint">
        {t('inbox.candidates.done', { path: pick.variables })}
      </p>
    )
  if (item.status !== 'left' || item.candidates.length === 0) return null
  return (
    <section aria-labelledby="note-candidates">
      <h3 id="note-candidates">{t('inbox.candidates.title')}</h3>
      <div className="toolbar">
        {item.candidates.map((path) => (
          <button key={path} type="button" disabled={pick.isPending} onClick={() => pick.mutate(path)}>
            {t('inbox.candidates.fileInto', { path })}
          </button>
        ))}
      </div>
      {pick.error && <ErrorNote error={pick.error} />}
    </section>
  )
}
