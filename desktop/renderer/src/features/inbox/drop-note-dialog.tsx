import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useDropNote } from './mutations.ts'
import { EMPTY_DRAFT, type NoteDraft, NoteFields } from './note-fields.tsx'

/** `Drop a note`: a button, and the dialog where a contributor writes the note and picks files. */
export function DropNote({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<NoteDraft>(EMPTY_DRAFT)
  const [files, setFiles] = useState<File[]>([])
  const [dropped, setDropped] = useState('')
  const drop = useDropNote(org, space, (note) => {
    setDropped(note.title)
    setDraft(EMPTY_DRAFT)
    setFiles([])
    setOpen(false)
  })
  const secret = drop.error instanceof ApiError && drop.error.code === 'secret_detected'
  const isEmpty = !draft.title.trim() && !draft.text.trim() && files.length === 0
  return (
    <>
      <button
        type="button"
        className="primary"
        onClick={() => {
          drop.reset()
          setDropped('')
          setOpen(true)
        }}
      >
        {t('inbox.drop.open')}
      </button>
      {dropped && (
        <p role="status" className="small toolbar-note">
          {t('inbox.drop.done', { title: dropped })}
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
