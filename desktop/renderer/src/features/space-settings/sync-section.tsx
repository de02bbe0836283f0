import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { ConflictsSection } from './conflicts-section.tsx'
import { shownPath, useSyncNow } from './mutations.ts'
import { gitQuery } from './queries.ts'
import { Saved, SettingsSection } from './section.tsx'
import { syncErrorText } from './sync-error.ts'

/** How long the state is watched after a sync was asked for (it runs in the background). */
const WATCH_MS = 20_000

/** The Git status of the space, a way to sync now, and the conflicts to settle. */
export function SyncSection({ org, space }: { org: string; space: string }) {
  const { t, i18n } = useTranslation()
  const [watching, setWatching] = useState(false)
  const git = useQuery({ ...gitQuery({ org, space }), refetchInterval: watching ? 2000 : false })
  useEffect(() => {
    if (!watching) return
    const timer = setTimeout(() => setWatching(false), WATCH_MS)
    return () => clearTimeout(timer)
  }, [watching])
  // The state as it was when a sync was asked for here: its outcome is said once the state moves on
  // (the server's times against its own, never against this browser's clock).
  const [asked, setAsked] = useState<SyncTimes>()
  const sync = useSyncNow(org, space, () => {
    if (git.data) setAsked(timesOf(git.data))
    setWatching(true)
  })
  const state = git.data
  const outcome = state && asked ? syncOutcome(state, asked) : undefined
  // A first sync that failed is an error, not still waiting; a remote out of reach is no error of the
  // space's: it is offline, as its card says, and its changes wait.
  const failed = state?.status === 'error' || (state?.status === 'pending' && state.last_error)
  const status =
    failed && state?.last_error_code === 'unreachable' ? 'offline' : failed ? 'error' : state?.status
  const when = (value: string | null) =>
    value ? formatDate(value, i18n.language) : t('space-settings.sync.never')
  return (
    <>
      <SettingsSection title={t('space-settings.sync.title')}>
        {git.isPending && <Loading />}
        <ErrorNote error={git.error} onRetry={() => void git.refetch()} />
        {state && (
          <dl className="settings-facts">
            <dt>{t('space-settings.sync.status')}</dt>
            <dd>
              <span className={`badge git-${status}`}>{t(`space-settings.sync.states.${status}`)}</span>
            </dd>
            <dt>{t('space-settings.sync.lastSync')}</dt>
            <dd>{when(state.last_sync_at)}</dd>
            {state.repo_url && (
              <>
                <dt>{t('space-settings.sync.aheadBehind')}</dt>
                <dd>
                  {t('space-settings.sync.aheadBehindValue', { ahead: state.ahead, behind: state.behind })}
                </dd>
              </>
            )}
            {state.last_error && (
              <>
                <dt>{t('space-settings.sync.lastError')}</dt>
                <dd className="settings-error-text">
                  {syncErrorText(state.last_error, state.last_error_code, t)}{' '}
                  <span className="muted small">{when(state.last_error_at)}</span>
                </dd>
              </>
            )}
            {state.next_retry_at && (
              <>
                <dt>{t('space-settings.sync.nextRetry')}</dt>
                <dd>{when(state.next_retry_at)}</dd>
              </>
            )}
            <dt>{t('space-settings.sync.conflicts')}</dt>
            <dd>
              {state.conflicts.length === 0 ? (
                t('space-settings.sync.noConflicts')
              ) : (
                <ul className="list">
                  {state.conflicts.map((c) => (
                    <li key={c.path}>
                      <code>{shownPath(c.path)}</code>{' '}
                      <span className="muted small">{formatDate(c.detected_at, i18n.language)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        )}
        <ErrorNote error={sync.error} />
        {/* A space without a remote has nothing to sync with. */}
        {state?.status !== 'local' && (
          <div className="toolbar">
            <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
              {t('space-settings.sync.now')}
            </button>
            {outcome === 'failed' ? (
              <span role="status" className="settings-error-text">
                {t('space-settings.sync.failed')}
              </span>
            ) : (
              <Saved shown={sync.isSuccess}>{t(`space-settings.sync.${outcome ?? 'started'}`)}</Saved>
            )}
          </div>
        )}
      </SettingsSection>
      {state && state.conflicts.length > 0 && <ConflictsSection org={org} space={space} />}
    </>
  )
}

type SyncTimes = { last_sync_at: string | null; last_error_at: string | null }

const timesOf = (state: SyncTimes): SyncTimes => ({
  last_sync_at: state.last_sync_at,
  last_error_at: state.last_error_at,
})

/** How a sync asked for when the state was `asked` ended: synced, failed, or not known yet. */
export function syncOutcome(
  state: SyncTimes & { last_error: string | null },
  asked: SyncTimes,
): 'synced' | 'failed' | undefined {
  if (state.last_error && state.last_error_at !== asked.last_error_at) return 'failed'
  if (state.last_sync_at !== asked.last_sync_at) return 'synced'
  return undefined
}
