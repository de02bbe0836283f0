import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { ConflictsSection } from './conflicts-section.tsx'
import { useSyncNow } from './mutations.ts'
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
  const sync = useSyncNow(org, space, () => setWatching(true))
  const state = git.data
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
              <span className={`badge git-${state.status}`}>
                {t(`space-settings.sync.states.${state.status}`)}
              </span>
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
                  {syncErrorText(state.last_error, t)}{' '}
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
                      <code>{c.path}</code>{' '}
                      <span className="muted small">{formatDate(c.detected_at, i18n.language)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        )}
        <ErrorNote error={sync.error} />
        <div className="toolbar">
          <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {t('space-settings.sync.now')}
          </button>
          <Saved shown={sync.isSuccess}>{t('space-settings.sync.started')}</Saved>
        </div>
      </SettingsSection>
      {state && state.conflicts.length > 0 && <ConflictsSection org={org} space={space} />}
    </>
  )
}
