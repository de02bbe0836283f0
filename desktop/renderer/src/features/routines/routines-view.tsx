import './routines.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { Done } from '../../components/done.tsx'
import { formatDate, formatDateIn } from '../../components/format.ts'
import { Empty, ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { tidySettingsQuery } from '../space-settings/queries.ts'
import { useDeleteRoutine, useRunRoutine, useUpdateRoutine } from './mutations.ts'
import { type Routine, routinesQuery } from './queries.ts'
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
  // The space's time zone, which schedules are set in: its admins read it with the tidy-up's settings.
  const zone = useQuery({ ...tidySettingsQuery({ org, space }), enabled: isAdmin }).data?.timezone
  const [adding, setAdding] = useState(false)
  // Readers cannot list routines (the API answers 403): as for any screen they cannot see.
  if (!canWrite) return <NotFound />
  return (
    <div className="routines">
      <h2>{t('routines.title')}</h2>
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
            <RoutineCard key={routine.id} routine={routine} zone={zone} />
          ))}
        </ol>
      )}
    </div>
  )
}

/** When a routine runs, in words: "Every Monday at 08:00". */
export function useSchedule() {
  const { t } = useTranslation()
  return (r: Pick<Routine, 'frequency' | 'weekday' | 'monthday' | 'at'>) =>
    r.frequency === 'daily'
      ? t('routines.daily', { at: r.at })
      : r.frequency === 'weekly'
        ? t('routines.weekly', { day: t(`routines.days.${r.weekday}`), at: r.at })
        : t('routines.monthly', { day: r.monthday, at: r.at })
}

/**
 * One routine: its schedule (in the space's time zone, named when known), what it rereads, where it
 * writes, its next and last runs, its admins' buttons and its latest runs.
 */
function RoutineCard({ routine, zone }: { routine: Routine; zone: string | undefined }) {
  const { t, i18n } = useTranslation()
  const { org, space, isAdmin } = useSpace()
  const schedule = useSchedule()
  const run = useRunRoutine(org, space, routine.id)
  const update = useUpdateRoutine(org, space, routine.id)
  const remove = useDeleteRoutine(org, space, routine.id)
  const [editing, setEditing] = useState(false)
  const headingId = `routine-${routine.id}`
  const when = (moment: string) =>
    zone ? formatDateIn(moment, i18n.language, zone) : formatDate(moment, i18n.language)
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
        {schedule(routine)}
        {zone && ` (${zone})`} ·{' '}
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
      {run.isSuccess && <Done>{t('routines.started')}</Done>}
      <ErrorNote error={run.error ?? update.error} />
      <RoutineRuns routine={routine} />
    </li>
  )
}
