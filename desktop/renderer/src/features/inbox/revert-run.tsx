import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { useSpace } from '../space/queries.ts'
import { invalidateSpaceContent, type TidyRun, tidyRunsQuery } from './queries.ts'

/** `Revert` (admins), once confirmed: an inverse commit, and the run's notes back in the inbox. */
export function RevertRun({ run }: { run: TidyRun }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
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
    },
  })
  return (
    <ConfirmButton
      label={t('inbox.runs.revert')}
      title={t('inbox.runs.revertTitle')}
      text={t('inbox.runs.revertConfirm')}
      action={revert}
    />
  )
}
