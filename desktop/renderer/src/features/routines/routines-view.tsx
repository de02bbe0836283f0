import './routines.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { Done } from '../../components/done.tsx'
import { formatDateIn, regional } from '../../components/format.ts'
import { Empty, ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { useDeleteRoutine, useRunRoutine, useUpdateRoutine } from './mutations.ts'
import { type Routine, routineRunsQuery, routinesQuery } from './queries.ts'
import { RoutineDialog } from './routine-dialog.tsx'
import { RoutineRuns } from './routine-runs.tsx'

/**
 * A space's routines (its contributors read them; its admins add, change, run and delete them):
 * when each runs, where it writes, and its runs with their reports.
 */
export function RoutinesView() {
  const { t } = useTranslation()
  const { org, space, canWrite, isAdmin } = useSpace()
  const routines = useQuery({ ...routinesQuery({ org, space }), enabled: canWrite })
  const [adding, setAdding] = useState(false)
  // Readers cannot list routines (the API answers 403): as for any screen they cannot see.
  if (!canWrite) return <NotFound />
  return (
    <div className="routines">
      <h1>{t('routines.title')}</h1>
      <p className="hint">{t('routines.intro')}</p>
      {isAdmin && (
        <div className="toolbar">
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            {t('routines.add')}
          </button>
          <RoutineDialog open={adding} onClose={() => setAdding(false)} />
        </div>
      )}
      {routines.isPending && <Loading />}
      <ErrorNote error={routines.error} onRetry={() => void routines.refetch()} />
      {routines.data?.length === 0 && <Empty>{t('routines.none')}</Empty>}
      {routines.data && routines.data.length > 0 && (
        <ol className="routine-list" aria-label={t('routines.title')}>
          {routines.data.map((routine) => (
            <RoutineCard key={routine.id} routine={routine} />
          ))}
        </ol>
      )}
    </div>
  )
}

/** A clock time (`HH:MM`) as the person's language writes it ("4:00 PM", "16:00"). */
function clockTime(at: string, language: string): string {
  const [hours = 0, minutes = 0] = at.split(':').map(Number)
  return new Intl.DateTimeFormat(regional(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hours, minutes))
}

/** When a routine runs, in words and in its time zone: "Every Monday at 8:00 AM (Europe/Paris)". */
export function useSchedule() {
  const { t, i18n } = useTranslation()
  return (r: Pick<Routine, 'frequency' | 'weekday' | 'monthday' | 'at' | 'timezone'>) => {
    const at = `${clockTime(r.at, i18n.language)} (${r.timezone})`
    return r.frequency === 'daily'
      ? t('routines.daily', { at })
      : r.frequency === 'weekly'
        ? t('routines.weekly', { day: t(`routines.days.${r.weekday}`), at })
        : t('routines.monthly', { day: r.monthday, at })
  }
}

/**
 * One routine: its schedule (in the space's time zone, named), what it rereads, where it writes,
 * its next and last runs, its admins' buttons and its latest runs.
 */
function RoutineCard({ routine }: { routine: Routine }) {
  const { t, i18n } = useTranslation()
  const { org, space, isAdmin } = useSpace()
  const schedule = useSchedule()
  const run = useRunRoutine(org, space, routine.id)
  const update = useUpdateRoutine(org, space, routine.id)
  const remove = useDeleteRoutine(org, space, routine.id)
  const [editing, setEditing] = useState(false)
  // "Started" until the run it started shows as ended.
  const runs = useQuery(routineRunsQuery({ org, space }, routine.id))
  const startedRun = runs.data?.find((r) => r.id === run.data?.run)
  const started = run.isSuccess && (!startedRun || startedRun.status === 'running')
  const headingId = `routine-${routine.id}`
  const when = (moment: string) => formatDateIn(moment, i18n.language, routine.timezone)
  const outputs: string[] = [
    routine.output_inbox && t('routines.toInbox'),
    routine.output_email === 'admins' && t('routines.mailsAdmins'),
    routine.output_email === 'members' && t('routines.mailsMembers'),
    routine.output_webhook && t('routines.callsWebhook', { url: routine.output_webhook }),
  ].filter((text): text is string => Boolean(text))
  // Without a page the first output opens the sentence.
  const listed = outputs.join(', ')
  const sentence = routine.output_page
    ? listed
    : listed.charAt(0).toLocaleUpperCase(i18n.language) + listed.slice(1)
  return (
    <li className="card routine" aria-labelledby={headingId}>
      <header className="routine-head">
        <h3 id={headingId}>{routine.name}</h3>
        {!routine.enabled && <span className="badge">{t('routines.off')}</span>}
      </header>
      <p className="small">
        {schedule(routine)} ·{' '}
        {routine.scope.length > 0
          ? t('routines.scope', { folders: routine.scope.join(', ') })
          : t('routines.wholeSpace')}
      </p>
      <p className="small">
        {routine.output_page && (
          <>
            {t('routines.writesPage')}{' '}
            <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: routine.output_page }}>
              {routine.output_page}
            </Link>
            {outputs.length > 0 && ', '}
          </>
        )}
        {sentence}
      </p>
      <p className="small muted">
        {routine.enabled && routine.next_run && t('routines.next', { when: when(routine.next_run) })}
        {routine.enabled && routine.next_run && routine.last_run && ' · '}
        {routine.last_run && t('routines.last', { when: when(routine.last_run) })}
      </p>
      {isAdmin && (
        <div className="toolbar">
          <button type="button" onClick={() => run.mutate()} disabled={run.isPending}>
            {t('routines.runNow')}
          </button>
          <button type="button" onClick={() => setEditing(true)}>
            {t('routines.edit')}
          </button>
          <button
            type="button"
            onClick={() => update.mutate({ enabled: !routine.enabled })}
            disabled={update.isPending}
          >
            {routine.enabled ? t('routines.turnOff') : t('routines.turnOn')}
          </button>
          <ConfirmButton
            label={t('routines.remove')}
            title={t('routines.removeTitle')}
            text={t('routines.removeText', { name: routine.name })}
            action={remove}
          />
          <RoutineDialog open={editing} onClose={() => setEditing(false)} routine={routine} />
        </div>
      )}
      {started && <Done>{t('routines.started')}</Done>}
      <ErrorNote error={run.error ?? update.error} />
      <RoutineRuns routine={routine} />
    </li>
  )
}
