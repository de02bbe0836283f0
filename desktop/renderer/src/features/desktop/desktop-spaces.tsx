import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { AddSpaceDialog } from './add-space-dialog.tsx'
import type { DesktopSpace } from './desktop-api.ts'
import './desktop.css'
import { syncErrorText } from '../space-settings/sync-error.ts'
import { useSyncDesktopSpace } from './mutations.ts'
import { desktopSpacesQuery } from './queries.ts'
import { isBusy, statusWords } from './status.ts'

/** How often the list is read again while a space syncs or waits to be back online. */
const POLL_MS = 3000

/** The home screen's list of this computer's spaces: where each comes from and how its sync stands. */
export function DesktopSpaces() {
  const { t } = useTranslation()
  const [adding, setAdding] = useState(false)
  const spaces = useQuery({
    ...desktopSpacesQuery,
    refetchInterval: (query) => (isBusy(query.state.data ?? []) ? POLL_MS : false),
  })
  return (
    <section aria-labelledby="desktop-spaces" className="desktop-spaces">
      <div className="desktop-spaces-head">
        <h2 id="desktop-spaces">{t('desktop.spaces.title')}</h2>
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          {t('desktop.spaces.add')}
        </button>
      </div>
      {spaces.isPending && <Loading />}
      <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
      {spaces.data?.length === 0 && <Empty>{t('desktop.spaces.empty')}</Empty>}
      {spaces.data && spaces.data.length > 0 && (
        <ul className="cards">
          {spaces.data.map((space) => (
            <SpaceCard key={`${space.org}/${space.space}`} space={space} />
          ))}
        </ul>
      )}
      <AddSpaceDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  )
}

function SpaceCard({ space }: { space: DesktopSpace }) {
  const { t, i18n } = useTranslation()
  const nameId = useId()
  const params = { org: space.org, space: space.space }
  const sync = useSyncDesktopSpace(space.org, space.space)
  const words = statusWords(space, t)
  return (
    <li className="card desktop-space">
      <Link to="/s/$org/$space" params={params} id={nameId}>
        <strong>{space.name}</strong>
      </Link>
      <p className="small">
        <span className="badge">{t(`desktop.kinds.${space.kind}`)}</span>{' '}
        {space.status === 'conflicts' ? (
          <Link to="/s/$org/$space/settings" params={params} hash="conflicts" className="sync-conflicts">
            {words}
          </Link>
        ) : (
          <span className={`sync-state sync-${space.status}`}>{words}</span>
        )}
      </p>
      {space.status === 'error' && space.last_error && (
        <p className="small sync-error">{syncErrorText(space.last_error, space.last_error_code, t)}</p>
      )}
      {(space.remote ?? space.server) && (
        <p className="muted small desktop-remote">{space.remote ?? space.server}</p>
      )}
      {space.meaning && space.meaning.indexed < space.meaning.total && (
        <p className="muted small">
          <label>
            {t('desktop.spaces.meaning', {
              indexed: space.meaning.indexed.toLocaleString(i18n.language),
              total: space.meaning.total.toLocaleString(i18n.language),
            })}{' '}
            <progress max={space.meaning.total} value={space.meaning.indexed} />
          </label>
        </p>
      )}
      {space.last_sync_at && (
        <p className="muted small">
          {t('desktop.spaces.lastSync', { when: formatDate(space.last_sync_at, i18n.language) })}
        </p>
      )}
      <ErrorNote error={sync.error} />
      {/* Asked to sync and still out of reach: said, as the state alone did not change. */}
      {sync.isSuccess && sync.data.status === 'offline' && space.status === 'offline' && (
        <p role="status" className="small">
          {t('desktop.spaces.unreachable')}
        </p>
      )}
      {space.kind !== 'local' && (
        <button
          type="button"
          aria-describedby={nameId}
          disabled={sync.isPending || space.status === 'syncing'}
          onClick={() => sync.mutate()}
        >
          {t('desktop.spaces.syncNow')}
        </button>
      )}
    </li>
  )
}
