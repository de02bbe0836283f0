import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { useSpace } from '../space/queries.ts'
import { useRevertRun } from './mutations.ts'
import type { TidyRun } from './queries.ts'

/** `Revert` (admins), once confirmed: an inverse commit, and the run's notes back in the inbox. */
export function RevertRun({ run }: { run: TidyRun }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const revert = useRevertRun(org, space, run.id)
  return (
    <ConfirmButton
      label={t('tidy.runs.revert')}
      title={t('tidy.runs.revertTitle')}
      text={t('tidy.runs.revertConfirm')}
      action={revert}
    />
  )
}
