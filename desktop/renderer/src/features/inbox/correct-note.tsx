import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useSpace } from '../space/queries.ts'
import { useCorrectNote } from './mutations.ts'
import { type NoteDraft, NoteFields } from './note-fields.tsx'
import type { InboxItemWithBody } from './queries.ts'

/** `Correct`: edit a note's title, text and hint (a note the tidy-up left goes back to be filed). */
export function CorrectNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<NoteDraft>({ title: item.title, text: item.body, hint: item.hint })
  const save = useCorrectNote(org, space, item.name, () => setOpen(false))
  const secret = save.error instanceof ApiError && save.error.code === 'secret_detected'
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setDraft({ title: item.title, text: item.body, hint: item.hint })
          save.reset()
          setOpen(true)
        }}
      >
        {t('inbox.correct.open')}
      </button>
      <Dialog title={t('inbox.correct.title')} open={open} onClose={() => setOpen(false)}>
        <Form onSubmit={() => save.mutate({ draft, allowSecrets: false })}>
          <NoteFields draft={draft} onChange={setDraft} />
          <SubmitBar
            error={save.error}
            pending={save.isPending}
            note={secret && <p className="hint">{t('inbox.drop.secretHelp')}</p>}
            onCancel={() => setOpen(false)}
          >
            {secret && (
              <button
                type="button"
                disabled={save.isPending}
                onClick={() => save.mutate({ draft, allowSecrets: true })}
              >
                {t('inbox.correct.anyway')}
              </button>
            )}
          </SubmitBar>
        </Form>
      </Dialog>
    </>
  )
}
