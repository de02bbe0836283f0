import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import type { InboxItemWithBody } from './queries.ts'

/** `Delete`, once confirmed: the note and its files go; back to the inbox. */
export function DeleteNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const remove = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].inbox[':name'].$delete({
          param: { org, space, name: item.name },
        }),
      ),
    onSuccess: async () => {
      setOpen(false)
      client.removeQueries({ queryKey: ['inbox', org, space, 'item', item.name] })
      await client.invalidateQueries({ queryKey: ['inbox', org, space] })
      void client.invalidateQueries({ queryKey: ['home-activity', org, space] })
      await navigate({ to: '/s/$org/$space/inbox', params: { org, space } })
    },
  })
  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => {
          remove.reset()
          setOpen(true)
        }}
      >
        {t('common.delete')}
      </button>
      <Dialog title={t('inbox.delete.title')} open={open} onClose={() => setOpen(false)}>
        <p>{t('inbox.delete.confirm', { title: item.title || t('inbox.untitled') })}</p>
        <ErrorNote error={remove.error} />
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('common.delete')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </>
  )
}
