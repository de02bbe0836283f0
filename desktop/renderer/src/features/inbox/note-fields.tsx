import { useTranslation } from 'react-i18next'
import { InputField } from '../../components/input-field.tsx'

/** What a person writes in a note: its title, its text and a hint of where it belongs. */
export type NoteDraft = { title: string; text: string; hint: string }

export const EMPTY_DRAFT: NoteDraft = { title: '', text: '', hint: '' }

/** The fields of a note, shared by `Drop a note` and `Correct`. */
export function NoteFields({ draft, onChange }: { draft: NoteDraft; onChange: (draft: NoteDraft) => void }) {
  const { t } = useTranslation()
  return (
    <>
      <label>
        {t('inbox.fields.title')}
        <input
          value={draft.title}
          maxLength={200}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
        />
      </label>
      <label>
        {t('inbox.fields.text')}
        <textarea
          rows={8}
          value={draft.text}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
        />
      </label>
      <InputField
        label={t('inbox.fields.hint')}
        value={draft.hint}
        maxLength={500}
        onChange={(event) => onChange({ ...draft, hint: event.target.value })}
        hint={t('inbox.fields.hintHelp')}
      />
    </>
  )
}
