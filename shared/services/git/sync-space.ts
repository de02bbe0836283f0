import type { SyncErrorCode } from '../../domain/sync-errors.ts'
import type { Deps } from '../../ports/deps.ts'
import { type Conflict, type Person, type RemoteAccess, RemoteFailure, type Repo } from '../../ports/repo.ts'
import type { OrgStore, Space } from '../../ports/store.ts'
import { type RequestIndexDeps, requestIndex } from '../search/index-space.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  type HasListenersDeps,
  hasListeners,
  shiftsBetween,
} from '../webhooks/page-events.ts'
import { type RemoteOfDeps, remoteOf } from './internal/space-remote.ts'

/** The author of commits the service makes on its own (a new repository's first commit). */
export const SERVICE_AUTHOR: Person = { name: 'Quire', email: 'service@quire.invalid' }

/** How many times a push is retried when the remote keeps moving during one sync. */
const PUSH_ATTEMPTS = 3
/** Backoff after failed syncs: 5 s, doubling, at most 10 minutes. */
const BACKOFF_BASE_MS = 5_000
const BACKOFF_MAX_MS = 10 * 60_000

export type SyncResult = {
  status: 'local' | 'ok' | 'error'
  /** Repository paths whose content changed locally during this sync (incoming changes). */
  changed: string[]
  conflicts: Conflict[]
  error?: string
}

/** Delay before the next attempt after `attempts` failures in a row. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
}

/** A message for the Git state that never carries credentials. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\/\/[^/@\s]+@/g, '//').slice(0, 500)
}

/** The kind of a sync's failure, as the exchange with the remote gave it; `other` for any failure here. */
function codeOf(error: unknown): SyncErrorCode {
  return error instanceof RemoteFailure ? error.code : 'other'
}

/**
 * Fetches, puts our commits on top of the remote's, and pushes until the remote takes them; each
 * replay's conflicts are kept (`keep`) before anything else is tried.
 */
async function exchange(
  repo: Repo,
  remote: RemoteAccess,
  keep: (found: Conflict[]) => Promise<Conflict[]>,
): Promise<Conflict[]> {
  const conflicts: Conflict[] = []
  for (let attempt = 1; ; attempt++) {
    await repo.fetch(remote)
    conflicts.push(...(await keep((await repo.integrate()).conflicts)))
    const outcome = await repo.push(remote)
    if (outcome !== 'rejected') return conflicts
    if (attempt >= PUSH_ATTEMPTS)
      throw new RemoteFailure('the remote kept moving: push rejected three times', 'busy')
  }
}

/**
 * Commits the texts held before the first sync, each in its author's name. A held text was written
 * to create its file: where the remote brought its own version, that version stays (committed back
 * on top) and the held one waits among the conflicts, to be chosen or merged there.
 */
async function commitHeldFiles(orgStore: OrgStore, space: Space, repo: Repo): Promise<Conflict[]> {
  const held = await orgStore.space(space.id).git.heldFiles()
  const conflicts: Conflict[] = []
  for (const file of held) {
    const current = await repo.read(file.path)
    const next = new TextEncoder().encode(file.text)
    if (file.text === '' && !current) continue
    if (current && sameBytes(current.bytes, next)) continue
    await repo.commit({
      parent: await repo.head(),
      changes: [{ path: file.path, content: file.text === '' ? null : next }],
      author: { name: file.authorName, email: file.authorEmail },
      message: file.message,
      at: file.heldAt,
    })
    if (!current) continue
    const ours = await repo.read(file.path)
    await repo.commit({
      parent: await repo.head(),
      changes: [{ path: file.path, content: current.bytes }],
      author: SERVICE_AUTHOR,
      message: `Keep the repository's ${file.path}\n\nThe version set before the first sync waits among the conflicts.\n\nSource: system\nVia: Service\n`,
    })
    conflicts.push({ path: file.path, localSha: ours?.sha ?? null, remoteSha: current.sha })
  }
  await orgStore.space(space.id).git.releaseHeldFiles(held.map((f) => f.path))
  return conflicts
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

export type SyncLockedDeps = RemoteOfDeps &
  RequestIndexDeps &
  HasListenersDeps &
  AnnounceIncomingDeps &
  Pick<Deps, 'clock' | 'repos' | 'spaceEvents'>

/**
 * Brings a space's repository and its remote together; call inside the space's queue. Records
 * the outcome in the Git state: on failure the commits stay local and a retry is scheduled.
 */
export async function syncLocked(
  deps: SyncLockedDeps,
  orgStore: OrgStore,
  space: Space,
  options: { fetch: boolean } = { fetch: true },
): Promise<SyncResult> {
  const remote = await remoteOf(deps, orgStore, space)
  if (!remote) return { status: 'local', changed: [], conflicts: [] }
  const repo = deps.repos.open(space.id, space.branch)
  const before = await repo.head()
  const state = await orgStore.space(space.id).git.get()
  // A replay moves the branch past what it could not put on: those versions live only in the
  // conflicts from then on, which are kept at once, before a push that may fail.
  const keep = async (found: Conflict[]) => {
    if (found.length > 0) {
      const at = deps.clock.now()
      await orgStore.space(space.id).git.addConflicts(found.map((c) => ({ ...c, detectedAt: at })))
    }
    return found
  }
  try {
    let conflicts: Conflict[] = []
    if (!state.synced || options.fetch) {
      await repo.fetch(remote)
      conflicts = await keep((await repo.integrate()).conflicts)
    }
    if (!state.synced) {
      // Pages that arrive with the first sync are the starting point, not changes to report.
      await orgStore.space(space.id).marks.resetChangeBase((await repo.head()) ?? null)
      if (!(await repo.head())) {
        await repo.commit({
          parent: undefined,
          changes: [{ path: 'content/.gitkeep', content: new Uint8Array() }],
          author: SERVICE_AUTHOR,
          message: `Start space ${space.name}\n\nSource: system\nVia: Service\n`,
        })
      }
      conflicts.push(...(await keep(await commitHeldFiles(orgStore, space, repo))))
    }
    const outcome = await repo.push(remote)
    if (outcome === 'rejected') conflicts.push(...(await exchange(repo, remote, keep)))
    await repo.settle()
    const now = deps.clock.now()
    await orgStore.space(space.id).git.update({
      synced: true,
      lastSyncAt: now,
      lastError: null,
      lastErrorCode: null,
      lastErrorAt: null,
      attempts: 0,
      retryAt: null,
    })
    const after = await repo.head()
    const changed = await repo.changedPaths(before, after)
    if (changed.length > 0) {
      void requestIndex(deps, space)
      deps.spaceEvents.moved(space.id)
    }
    // What arrived from the remote, past the first sync (its pages are the starting point, not news).
    if (state.synced && changed.length > 0 && (await hasListeners(deps, space.orgId)))
      // The sync stands whatever becomes of its events.
      await announceIncoming(deps, space, repo, before, after).catch(() => undefined)
    return { status: 'ok', changed, conflicts }
  } catch (error) {
    const now = deps.clock.now()
    const attempts = state.attempts + 1
    await orgStore.space(space.id).git.update({
      lastError: describe(error),
      lastErrorCode: codeOf(error),
      lastErrorAt: now,
      attempts,
      retryAt: now + backoffMs(attempts),
    })
    // Whatever did arrive before the failure still counts as changed; a broken repository reports none.
    const changed = await repo.changedPaths(before, await repo.head()).catch(() => [])
    return {
      status: 'error',
      changed,
      conflicts: [],
      error: describe(error),
    }
  }
}

type AnnounceIncomingDeps = AnnouncePagesDeps

/** Fires the page events of what came in by a sync, named after the newest commit's author. */
async function announceIncoming(
  deps: AnnounceIncomingDeps,
  space: Space,
  repo: Repo,
  before: string | undefined,
  after: string | undefined,
): Promise<void> {
  const newest = after ? await repo.commitInfo(after) : undefined
  await announcePages(deps, space, await shiftsBetween(repo, before, after), {
    commit: after ?? null,
    actor: newest ? { username: null, ...newest.author } : null,
    channel: 'git',
  })
}

export type SyncSpaceDeps = SyncLockedDeps & Pick<Deps, 'queue'>

/** Syncs a space now, in its queue. */
export function syncSpace(deps: SyncSpaceDeps, orgStore: OrgStore, space: Space): Promise<SyncResult> {
  return deps.queue.run(space.id, () => syncLocked(deps, orgStore, space))
}

export type DueSpacesDeps = Pick<Deps, 'clock' | 'store'>

/** The spaces whose periodic sync or retry is due, for the host's scheduler. */
export async function dueSpaces(
  deps: DueSpacesDeps,
  intervalMs: number,
): Promise<{ orgStore: OrgStore; space: Space }[]> {
  const now = deps.clock.now()
  return (await deps.store.spacesWithRemote()).flatMap(({ space, sync }) => {
    const isDue = sync.retryAt !== null ? sync.retryAt <= now : (sync.lastSyncAt ?? 0) + intervalMs <= now
    return isDue ? [{ orgStore: deps.store.forOrg(space.orgId), space }] : []
  })
}
