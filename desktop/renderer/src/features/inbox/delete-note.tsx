import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { useSpace } from '../space/queries.ts'
import type { InboxItemWithBody } from './queries.ts'
import { useLeaveItem } from './use-leave-item.ts'

/** `Delete`, once confirmed: the note and its files go; back to the inbox. */
export function DeleteNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const leave = useLeaveItem(item.name)
  const remove = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].inbox[':name'].$delete({
          param: { org, space, name: item.name },
        }),
      ),
    onSuccess: leave,
  })
  return (
    <ConfirmButton
      label={t('common.delete')}
      title={t('inbox.delete.title')}
      text={t('inbox.delete.confirm', { title: item.title || t('inbox.untitled') })}
      action={remove}
    />
  )
}
