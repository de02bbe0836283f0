import type { SyncErrorCode } from '#shared/domain/sync-errors.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { type CredentialsInput, setCredentials } from '#shared/services/git/git-settings.ts'
import { gitState } from '#shared/services/git/git-state.ts'
import { createOrganization } from '#shared/services/organizations/create-organization.ts'
import { meaningIndexState } from '#shared/services/providers/embedding-settings.ts'
import { createSpace } from '#shared/services/spaces/create-space.ts'
import { listVisibleSpaces, type SpaceView } from '#shared/services/spaces/list-spaces.ts'
import type { SpaceKind, SyncStatus } from './contract.ts'
import { LOCAL_ORG } from './person.ts'
import { type HostedServer, serverAccount } from './server-client.ts'

/** A space as the window lists it: where it comes from and how its sync stands. */
export type DesktopSpace = {
  org: string
  space: string
  name: string
  kind: SpaceKind
  remote: string | null
  server: string | null
  status: SyncStatus
  waiting: number
  conflicts: number
  lastSyncAt: number | null
  lastError: string | null
  /** What kind of failure `lastError` is: `unreachable` is what makes the space offline. */
  lastErrorCode: SyncErrorCode | null
  /** The index by meaning filling in: files done of the files indexed by words; null when it is off. */
  meaning: { indexed: number; total: number } | null
}

/** A hosted server's Git address of a space: `<base>/git/<org>/<space>.git`. */
const SERVER_REMOTE = /^(https?:\/\/.+)\/git\/([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9-]*)\.git$/

/** Where a hosted server keeps one of its spaces: its base address and the space's names there. */
export type ServerPlace = { base: string; org: string; space: string }

/**
 * The hosted server a space of this computer comes from, read from its remote's address; undefined
 * for a space kept here only or cloned from a plain Git remote (those live in the local organization).
 */
export function serverPlaceOf(repoUrl: string, orgSlug: string): ServerPlace | undefined {
  const match = SERVER_REMOTE.exec(repoUrl)
  if (!match || orgSlug === LOCAL_ORG) return undefined
  const [, base = '', org = '', space = ''] = match
  return { base, org, space }
}

/** Where a space comes from: kept here only, a Git remote, or a hosted server's space. */
function kindOf(view: SpaceView): { kind: SpaceKind; server: string | null } {
  if (!view.space.repoUrl) return { kind: 'local', server: null }
  const place = serverPlaceOf(view.space.repoUrl, view.organization.slug)
  return place ? { kind: 'server', server: place.base } : { kind: 'git', server: null }
}

/** One space's place and sync state for the window. */
async function describeSpace(
  deps: Deps,
  actor: Actor,
  view: SpaceView,
  syncing: ReadonlySet<number>,
): Promise<DesktopSpace> {
  const ref = { org: view.organization.slug, space: view.space.slug }
  const state = await gitState(deps, actor, ref)
  const { kind, server } = kindOf(view)
  const status: SyncStatus =
    kind === 'local'
      ? 'local'
      : // Never synced yet is syncing until a first try failed: then it says why, as any sync does.
        syncing.has(view.space.id) || (state.status === 'pending' && !state.lastError)
        ? 'syncing'
        : state.conflicts.length > 0
          ? 'conflicts'
          : state.lastErrorCode === 'unreachable'
            ? 'offline'
            : state.lastError
              ? 'error'
              : 'synced'
  return {
    org: ref.org,
    space: ref.space,
    name: view.space.name,
    kind,
    remote: view.space.repoUrl || null,
    server,
    status,
    waiting: state.ahead,
    conflicts: state.conflicts.length,
    lastSyncAt: state.lastSyncAt,
    lastError: state.lastError,
    lastErrorCode: state.lastErrorCode,
    meaning: await meaningProgress(deps, actor, ref, view.space.id),
  }
}

/** How far the index by meaning has come: word search works at once, meaning fills in behind it. */
async function meaningProgress(
  deps: Deps,
  actor: Actor,
  ref: { org: string; space: string },
  spaceId: number,
): Promise<DesktopSpace['meaning']> {
  const meaning = await meaningIndexState(deps, actor, ref).catch(() => undefined)
  if (!meaning?.enabled) return null
  const total = (await deps.store.index.forSpace(spaceId).shas()).length
  return { indexed: Math.max(0, total - meaning.waiting), total }
}

/** Every space on this computer with its sync state. */
export async function listDesktopSpaces(
  deps: Deps,
  actor: Actor,
  syncing: ReadonlySet<number>,
): Promise<DesktopSpace[]> {
  const views = await listVisibleSpaces(deps, actor)
  return Promise.all(views.map((view) => describeSpace(deps, actor, view, syncing)))
}

/** One space of this computer with its sync state. */
export async function desktopSpace(
  deps: Deps,
  actor: Actor,
  ref: { org: string; space: string },
  syncing: ReadonlySet<number>,
): Promise<DesktopSpace> {
  const view = (await listVisibleSpaces(deps, actor)).find(
    (v) => v.organization.slug === ref.org && v.space.slug === ref.space,
  )
  if (!view) throw new DomainError('not_found')
  return describeSpace(deps, actor, view, syncing)
}

/** A slug made from a name: lowercase letters, digits and dashes, accents dropped. */
export function slugFrom(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '')
  return slug || 'space'
}

export type NewDesktopSpace =
  | { kind: 'local'; name: string; slug?: string }
  | {
      kind: 'git'
      name: string
      slug?: string
      repoUrl: string
      branch?: string
      token?: string
      sshKey?: string
      knownHosts?: string
    }
  | { kind: 'server'; server: HostedServer; spaces: string[] }

/** What the engine does once a space with a remote exists: its first sync, in the background. */
export type StartSync = (spaceId: number) => void

/**
 * Adds spaces to this computer: one kept here only, one from a Git remote (its credentials sealed),
 * or some of a hosted server's spaces (each in an organization of the same name, cloned through the
 * server's Git endpoint with the person's token). Spaces with a remote start their first sync at once.
 */
export async function addDesktopSpaces(
  deps: Deps,
  actor: Actor,
  input: NewDesktopSpace,
  startSync: StartSync,
): Promise<{ org: string; space: string; id: number }[]> {
  if (input.kind === 'local') {
    const view = await createSpace(deps, actor, LOCAL_ORG, {
      slug: input.slug || slugFrom(input.name),
      name: input.name,
    })
    return [{ org: LOCAL_ORG, space: view.space.slug, id: view.space.id }]
  }
  if (input.kind === 'git') {
    const credentials: CredentialsInput | undefined = input.sshKey?.trim()
      ? { kind: 'ssh', privateKey: input.sshKey, knownHosts: input.knownHosts ?? '' }
      : input.token?.trim()
        ? { kind: 'https', token: input.token }
        : undefined
    const slug = input.slug || slugFrom(input.name)
    const view = await createSpace(deps, actor, LOCAL_ORG, {
      slug,
      name: input.name,
      repoUrl: input.repoUrl,
      branch: input.branch,
    })
    if (credentials) await setCredentials(deps, actor, { org: LOCAL_ORG, space: slug }, credentials)
    startSync(view.space.id)
    return [{ org: LOCAL_ORG, space: slug, id: view.space.id }]
  }
  return addServerSpaces(deps, actor, input.server, input.spaces, startSync)
}

/** Keeps some of a hosted server's spaces on this computer. */
async function addServerSpaces(
  deps: Deps,
  actor: Actor,
  server: HostedServer,
  wanted: string[],
  startSync: StartSync,
): Promise<{ org: string; space: string; id: number }[]> {
  const account = await serverAccount(server)
  const added: { org: string; space: string; id: number }[] = []
  for (const ref of wanted) {
    const remote = account.spaces.find((s) => `${s.org}/${s.space}` === ref)
    if (!remote) throw new DomainError('not_found')
    if (remote.org === LOCAL_ORG) throw new DomainError('already_exists', { value: remote.org })
    if (!(await deps.store.organizations.bySlug(remote.org)))
      await createOrganization(deps, actor, { slug: remote.org, name: remote.organizationName, join: true })
    const view = await createSpace(deps, actor, remote.org, {
      slug: remote.space,
      name: remote.name,
      repoUrl: `${account.base}/git/${remote.org}/${remote.space}.git`,
      branch: remote.branch,
    })
    await setCredentials(
      deps,
      actor,
      { org: remote.org, space: remote.space },
      { kind: 'https', token: `${account.username}:${server.token}` },
    )
    startSync(view.space.id)
    added.push({ org: remote.org, space: remote.space, id: view.space.id })
  }
  return added
}
