import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { useSpace } from '../space/queries.ts'
import { useDeleteNote } from './mutations.ts'
import type { InboxItemWithBody } from './queries.ts'

/** `Delete`, once confirmed: the note and its files go; back to the inbox. */
export function DeleteNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const remove = useDeleteNote(org, space, item.name)
  return (
    <ConfirmButton
      label={t('common.delete')}
      title={t('inbox.delete.title')}
      text={t('inbox.delete.confirm', { title: item.title || t('inbox.untitled') })}
      action={remove}
    />
  )
}
