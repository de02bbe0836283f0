import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { invalidateSpaceContent, type TidyRun, tidyRunsQuery } from './queries.ts'

/** `Revert` (admins), once confirmed: an inverse commit, and the run's notes back in the inbox. */
export function RevertRun({ run }: { run: TidyRun }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const revert = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].tidy.runs[':id'].revert.$post({
          param: { org, space, id: run.id },
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: tidyRunsQuery(org, space).queryKey })
      invalidateSpaceContent(client, org, space)
      setOpen(false)
    },
  })
  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => {
          revert.reset()
          setOpen(true)
        }}
      >
        {t('inbox.runs.revert')}
      </button>
      <Dialog title={t('inbox.runs.revertTitle')} open={open} onClose={() => setOpen(false)}>
        <p>{t('inbox.runs.revertConfirm')}</p>
        <ErrorNote error={revert.error} />
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={revert.isPending}
            onClick={() => revert.mutate()}
          >
            {t('inbox.runs.revert')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </>
  )
}
