import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { BUILT_IN_FILER } from '#shared/domain/filer/types.ts'
import { formatDate } from '../../components/format.ts'
import { useSpace } from '../space/queries.ts'
import type { TidyRun } from './queries.ts'
import { RevertRun } from './revert-run.tsx'
import { RunOperation } from './run-operation.tsx'
import { runNarrative, runOutcome } from './run-summary.ts'

/** One run: its status, trigger, model, outcome, what it did, commit, cost and error. */
export function TidyRunCard({ run }: { run: TidyRun }) {
  const { t, i18n } = useTranslation()
  const { org, space, isAdmin } = useSpace()
  const when = run.finished_at ?? run.started_at ?? run.created_at
  const headingId = `run-${run.id}`
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 }).format(value)
  const narrative = runNarrative(run)
  const canRevert = isAdmin && run.status === 'done' && run.commit !== null && run.reverted_at === null
  return (
    <li className="card run" aria-labelledby={headingId}>
      <header className="run-head">
        <h3 id={headingId}>{formatDate(when, i18n.language)}</h3>
        <span className={`badge status-${run.status}`}>{t(`tidy.runs.status.${run.status}`)}</span>
        {run.reverted_at && <span className="badge reverted">{t('tidy.runs.reverted')}</span>}
      </header>
      <p className="small muted">
        {t(`tidy.runs.trigger.${run.trigger}`)} ·{' '}
        {run.model === BUILT_IN_FILER ? t('tidy.runs.builtInFiler') : run.model || t('tidy.runs.noModel')}
      </p>
      {run.status === 'done' && <p className="run-outcome">{runOutcome(t, run)}</p>}
      {narrative && <p>{narrative}</p>}
      {run.error && (
        <p className="run-error" role="alert">
          {run.error}
        </p>
      )}
      {run.operations.length > 0 && (
        <details className="run-ops" open>
          <summary>{t('tidy.runs.details')}</summary>
          <ul className="list">
            {run.operations.map((op, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a run's operations are fixed, in order.
              <RunOperation key={index} op={op} reverted={run.reverted_at !== null} />
            ))}
          </ul>
        </details>
      )}
      <dl className="run-facts small">
        {run.commit && (
          <>
            <dt>{t('tidy.runs.commit')}</dt>
            <dd>
              <code title={run.commit}>{run.commit.slice(0, 10)}</code>
            </dd>
          </>
        )}
        {(run.input_tokens > 0 || run.output_tokens > 0 || run.cost > 0) && (
          <>
            <dt>{t('tidy.runs.cost')}</dt>
            <dd>
              {t('tidy.runs.costValue', {
                cost: number(run.cost),
                input: number(run.input_tokens),
                output: number(run.output_tokens),
              })}
            </dd>
          </>
        )}
        {run.reverted_at && (
          <>
            <dt>{t('tidy.runs.revertedAt')}</dt>
            <dd>{formatDate(run.reverted_at, i18n.language)}</dd>
          </>
        )}
      </dl>
      {canRevert && <RevertRun run={run} />}
      {run.status === 'done' && run.items_left > 0 && (
        <p className="small">
          <Link to="/s/$org/$space/inbox" params={{ org, space }} search={{ kind: 'left' }}>
            {t('tidy.runs.seeLeft')}
          </Link>
        </p>
      )}
    </li>
  )
}
