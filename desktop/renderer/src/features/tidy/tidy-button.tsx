import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { useTidyNow } from './mutations.ts'
import { runOutcome } from './run-summary.ts'
import './tidy.css'

/**
 * `Tidy up now`: starts a run of the tidy-up (202), or explains the limit (429), then says how the
 * run ends; what it changed is read again by then. Beside the inbox it also links to the runs.
 */
export function TidyButton({ org, space, linkToRuns }: { org: string; space: string; linkToRuns?: boolean }) {
  const { t } = useTranslation()
  const { start, run, isSettled } = useTidyNow(org, space)
  const running = start.isSuccess && !isSettled
  return (
    <div className="tidy-button">
      <button type="button" disabled={start.isPending || running} onClick={() => start.mutate()}>
        {t('tidy.now')}
      </button>
      {start.isSuccess && (
        <p role="status" className="small">
          {running && t('tidy.queued')}
          {isSettled && run?.status === 'done' && t('tidy.done', { outcome: runOutcome(t, run) })}
          {isSettled && run?.status === 'failed' && t('tidy.failed')}{' '}
          {linkToRuns && (
            <Link to="/s/$org/$space/tidy" params={{ org, space }}>
              {t('tidy.seeRuns')}
            </Link>
          )}
        </p>
      )}
      {run?.status === 'failed' && run.error && (
        <p className="run-error small" role="alert">
          {run.error}
        </p>
      )}
      <ErrorNote error={start.error} />
    </div>
  )
}
