import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { useSpace } from '../space/queries.ts'
import type { InboxItemWithBody } from './queries.ts'

/** `Delete`, once confirmed: the note and its files go; back to the inbox. */
export function DeleteNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
  const navigate = useNavigate()
  const remove = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].inbox[':name'].$delete({
          param: { org, space, name: item.name },
        }),
      ),
    onSuccess: async () => {
      client.removeQueries({ queryKey: ['inbox', org, space, 'item', item.name] })
      await client.invalidateQueries({ queryKey: ['inbox', org, space] })
      void client.invalidateQueries({ queryKey: ['home-activity', org, space] })
      await navigate({ to: '/s/$org/$space/inbox', params: { org, space } })
    },
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
