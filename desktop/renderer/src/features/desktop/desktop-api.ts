import { queryOptions } from '@tanstack/react-query'
import { request } from '../../app/api.ts'

/** The name and e-mail the desktop puts on the person's commits. */
export type Person = { name: string; email: string }

/** What the desktop engine says of itself (`GET /desktop`). */
export type DesktopInfo = {
  person: Person
  needs_identity: boolean
  data_dir: string
  mcp: { url: string; token: string; config: unknown }
}

/** Where a space of this computer comes from. */
export type SpaceKind = 'local' | 'git' | 'server'

/** Where a space of this computer stands with its remote. */
export type SyncStatus = 'local' | 'synced' | 'syncing' | 'offline' | 'conflicts' | 'error'

/** A space kept on this computer, with its sync state. */
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
  last_sync_at: string | null
  last_error: string | null
  /** The index by meaning filling in (files); null when it is off. */
  meaning: { indexed: number; total: number } | null
}

/** A space an account can read on a Quire server; `kept` when this computer already has it. */
export type ServerSpace = {
  org: string
  space: string
  name: string
  organization_name: string
  role: string
  kept: boolean
}

/** What adding spaces sends, one shape per kind. */
export type NewSpaces =
  | { kind: 'local'; name: string; slug?: string }
  | {
      kind: 'git'
      name: string
      slug?: string
      repo_url: string
      branch?: string
      token?: string
      ssh_key?: string
      known_hosts?: string
    }
  | { kind: 'server'; server_url: string; token: string; spaces: string[] }

/**
 * Whether the app was served by the desktop engine, which marks its page (desktop/engine/desktop-page.ts):
 * known without a request, so the hosted server is never asked for an API it does not have.
 */
export function runsOnDesktop(): boolean {
  return document.querySelector('meta[name="quire-desktop"]') !== null
}

/**
 * The engine's info when the app runs in the desktop window, else null. Asked once: the answer does
 * not change while the app runs (the identity is written back into it when it changes).
 */
export const desktopQuery = queryOptions({
  queryKey: ['desktop'],
  queryFn: () => (runsOnDesktop() ? request<DesktopInfo>('GET', '/desktop') : null),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

/** The spaces of this computer with their sync state (read afresh each time the list is shown). */
export const desktopSpacesQuery = queryOptions({
  queryKey: ['desktop-spaces'],
  staleTime: 0,
  queryFn: async () => (await request<{ spaces: DesktopSpace[] }>('GET', '/desktop/spaces')).spaces,
})

/** Sets the name and e-mail of the person's future commits. */
export async function savePerson(person: Person): Promise<Person> {
  return (await request<{ person: Person }>('PUT', '/desktop/person', person)).person
}

/** Adds spaces to this computer: a new local one, one from a Git remote, or some from a server. */
export async function addSpaces(input: NewSpaces): Promise<DesktopSpace[]> {
  return (await request<{ spaces: DesktopSpace[] }>('POST', '/desktop/spaces', input)).spaces
}

/** The spaces an account can read on a Quire server, to choose which to keep here. */
export function listServerSpaces(serverUrl: string, token: string) {
  return request<{ username: string; spaces: ServerSpace[] }>('POST', '/desktop/servers/spaces', {
    server_url: serverUrl,
    token,
  })
}

/** Syncs a space with its remote now; answers its state after. */
export function syncSpace(org: string, space: string): Promise<DesktopSpace> {
  return request<DesktopSpace>(
    'POST',
    `/desktop/spaces/${encodeURIComponent(org)}/${encodeURIComponent(space)}/sync`,
  )
}
