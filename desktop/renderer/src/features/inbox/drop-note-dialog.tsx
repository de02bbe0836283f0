import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useDropNote } from './mutations.ts'
import { EMPTY_DRAFT, type NoteDraft, NoteFields } from './note-fields.tsx'
import { inboxItemQuery } from './queries.ts'

/** `Drop a note`: a button, and the dialog where a contributor writes the note and picks files. */
export function DropNote({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<NoteDraft>(EMPTY_DRAFT)
  const [files, setFiles] = useState<File[]>([])
  const [dropped, setDropped] = useState<{ name: string; title: string }>()
  const drop = useDropNote(org, space, (note) => {
    setDropped({ name: note.name, title: note.title })
    setDraft(EMPTY_DRAFT)
    setFiles([])
    setOpen(false)
  })
  const secret = drop.error instanceof ApiError && drop.error.code === 'secret_detected'
  const isEmpty = !draft.title.trim() && !draft.text.trim() && files.length === 0
  // The note as the inbox holds it now: once a tidy-up filed it (gone) or left it (its row says why),
  // "the tidy-up will file it" is no longer true.
  const note = useQuery({
    ...inboxItemQuery(org, space, dropped?.name ?? ''),
    enabled: dropped !== undefined,
    retry: false,
  })
  const waiting = dropped !== undefined && !note.isError && (note.data?.status ?? 'pending') === 'pending'
  return (
    <>
      <button
        type="button"
        className="primary"
        onClick={() => {
          drop.reset()
          setDropped(undefined)
          setOpen(true)
        }}
      >
        {t('inbox.drop.open')}
      </button>
      {waiting && (
        <p role="status" className="small toolbar-note">
          {t('inbox.drop.done', { title: dropped.title })}
        </p>
      )}
      <Dialog title={t('inbox.drop.open')} open={open} onClose={() => setOpen(false)}>
        <Form onSubmit={() => drop.mutate({ draft, files, allowSecrets: false })}>
          <NoteFields draft={draft} onChange={setDraft} />
          <label>
            {t('inbox.fields.attachments')}
            <input
              type="file"
              multiple
              onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            />
          </label>
          <SubmitBar
            error={drop.error}
            pending={drop.isPending}
            disabled={isEmpty}
            label={t('inbox.drop.submit')}
            note={secret && <p className="hint">{t('inbox.drop.secretHelp')}</p>}
            onCancel={() => setOpen(false)}
          >
            {secret && (
              <button
                type="button"
                disabled={drop.isPending}
                onClick={() => drop.mutate({ draft, files, allowSecrets: true })}
              >
                {t('inbox.drop.anyway')}
              </button>
            )}
          </SubmitBar>
        </Form>
      </Dialog>
    </>
  )
}
