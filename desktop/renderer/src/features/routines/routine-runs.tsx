import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { Markdown } from '../../markdown/markdown.tsx'
import { useSpace } from '../space/queries.ts'
import { type Routine, type RoutineRun, routineKeys, routineRunsQuery } from './queries.ts'

/** How many runs a routine's card shows: the latest, then a few before it. */
const RUNS_SHOWN = 5

/**
 * A routine's latest runs, newest first: status, when, summary, what it wrote, and its report. When
 * a run ends the routine is read again (its last run, and the next).
 */
export function RoutineRuns({ routine }: { routine: Routine }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
  const runs = useQuery(routineRunsQuery({ org, space }, routine.id))
  // A run that ended since the runs were first read (however fast): the routine's last run moved.
  const latest = runs.data?.[0]
  const ended = latest && latest.status !== 'running' ? latest.id : undefined
  const seen = useRef<string | undefined | null>(null)
  useEffect(() => {
    if (runs.data === undefined) return
    if (seen.current !== null && ended !== undefined && ended !== seen.current)
      void client.invalidateQueries({ queryKey: routineKeys.list({ org, space }), exact: true })
    seen.current = ended
  }, [ended, runs.data, client, org, space])
  if (runs.isPending) return <Loading />
  if (runs.error) return <ErrorNote error={runs.error} onRetry={() => void runs.refetch()} />
  return (
    <section className="routine-runs" aria-label={t('routines.runs.title')}>
      <h4>{t('routines.runs.title')}</h4>
      {runs.data.length === 0 ? (
        <p className="hint">{t('routines.runs.none')}</p>
      ) : (
        <ol className="routine-run-list">
          {runs.data.slice(0, RUNS_SHOWN).map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </ol>
      )}
    </section>
  )
}

function RunRow({ run }: { run: RoutineRun }) {
  const { t, i18n } = useTranslation()
  const { org, space } = useSpace()
  const when = run.finished_at ?? run.started_at ?? run.created_at
  return (
    <li>
      <span className={`badge status-${run.status}`}>{t(`routines.runs.status.${run.status}`)}</span>{' '}
      <span className="small">
        {formatDate(when, i18n.language)} · {t(`routines.runs.trigger.${run.trigger}`)}
      </span>
      {run.summary && <p>{run.summary}</p>}
      {run.error && (
        <p className="run-error" role="alert">
          {run.error}
        </p>
      )}
      <p className="small">
        {run.outputs.page && (
          <>
            <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: run.outputs.page }}>
              {t('routines.runs.page')}
            </Link>
            {(run.outputs.inbox.length > 0 || run.outputs.emails > 0) && ' · '}
          </>
        )}
        {run.outputs.inbox.length > 0 && (
          <Link to="/s/$org/$space/inbox" params={{ org, space }}>
            {t('routines.runs.inbox', { count: run.outputs.inbox.length })}
          </Link>
        )}
        {run.outputs.inbox.length > 0 && run.outputs.emails > 0 && ' · '}
        {run.outputs.emails > 0 && t('routines.runs.emails', { count: run.outputs.emails })}
      </p>
      {run.report && (
        <details className="routine-report">
          <summary>{t('routines.runs.report')}</summary>
          <Markdown text={run.report} context={{ org, space, path: run.outputs.page ?? 'index.md' }} />
        </details>
      )}
    </li>
  )
}
