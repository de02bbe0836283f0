import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type {
  Account,
  AccountLink,
  AiSettings,
  AuthorizationCode,
  ChangedPage,
  EmbeddingSettingsRow,
  FileMeta,
  GitState,
  Grant,
  HeldFile,
  IndexLink,
  IndexState,
  Invitation,
  Job,
  Organization,
  PageCommit,
  RefreshToken,
  Routine,
  RoutineRun,
  Session,
  Space,
  SsoAttempt,
  SsoProvider,
  StoredClient,
  StoredConflict,
  TidyRun,
  TidySettings,
  Token,
  Webhook,
  WebhookAttempt,
} from '../../ports/store.ts'

// The rows of the in-memory store, shaped like the SQLite tables they stand for: what a fake keeps
// beyond the port's types (revocation times, leases, the change log's cursor) is kept here too, so
// each fake answers as the database would.

/** A token as kept: its digest, whether it was revoked, and the spaces it is restricted to. */
export type TokenRow = Token & { secretHash: string; revokedAt: number | null }

/** A job as kept: its payload as JSON text (as a database column holds it) and its lease. */
export type JobRow = Omit<Job, 'payload'> & {
  payload: string
  leaseUntil: number | null
  error: string | null
  createdAt: number
  finishedAt: number | null
}

/** A routine run as kept: it belongs to the organization and outlives its space (then null). */
export type RoutineRunRow = Omit<RoutineRun, 'spaceId'> & { orgId: number; spaceId: number | null }

/** An account linked to a provider's subject. */
export type SsoIdentityRow = { providerSlug: string; subject: string; accountId: number; createdAt: number }

/** Every table of the in-memory store; maps keep insertion order, which stands for SQLite's rowid. */
export type MemoryTables = {
  accounts: Map<number, Account>
  tokens: Map<string, TokenRow>
  sessions: Map<string, Session>
  /** One-time links by the digest of their secret. */
  accountLinks: Map<string, AccountLink>
  /** Invitations by id. */
  invitations: Map<string, Invitation>
  /** Single sign-on providers by slug. */
  ssoProviders: Map<string, SsoProvider>
  /** Links of providers' subjects to accounts, by provider then subject. */
  ssoIdentities: Map<string, Map<string, SsoIdentityRow>>
  /** Sign-ins in flight by the digest of their state. */
  ssoAttempts: Map<string, SsoAttempt>
  organizations: Map<number, Organization>
  /** Members by organization, then by account. */
  orgMembers: Map<number, Map<number, OrgRole>>
  spaces: Map<number, Space>
  /** Members by space, then by account. */
  spaceMembers: Map<number, Map<number, SpaceMemberRole>>
  rateEvents: { key: string; at: number }[]
  /** Git state by space, with the commit the change log has read up to. */
  spaceGit: Map<number, GitState & { changeCursor: string | null }>
  conflicts: Map<number, Map<string, StoredConflict>>
  heldFiles: Map<number, Map<string, HeldFile>>
  extracts: Map<string, { text: string | null; error: string | null; extractedAt: number }>
  /** Page marks by space, then by path. */
  pageMarks: Map<number, Map<string, { sha: string | null; markedAt: number }>>
  changedPages: Map<number, Map<string, ChangedPage>>
  pageCommits: { id: number; spaceId: number; commit: PageCommit }[]
  aiSettings: Map<number, AiSettings>
  embeddingSettings: Map<number, EmbeddingSettingsRow>
  tidySettings: Map<number, TidySettings>
  tidyRuns: Map<string, TidyRun>
  jobs: Map<number, JobRow>
  indexFiles: Map<number, Map<string, FileMeta>>
  /** Per space, the blob of each file whose vectors are in the vector index. */
  vectorShas: Map<number, Map<string, string>>
  /** Per space, each indexed file's term counts (null: none written). */
  indexTerms: Map<number, Map<string, string | null>>
  indexLinks: Map<number, IndexLink[]>
  indexState: Map<number, IndexState>
  oauthClients: Map<string, StoredClient & { authorizedAt: number | null }>
  oauthCodes: Map<string, AuthorizationCode>
  oauthGrants: Map<string, Grant>
  oauthRefreshTokens: Map<string, RefreshToken>
  routines: Map<string, Routine>
  routineRuns: Map<string, RoutineRunRow>
  webhooks: Map<string, Webhook>
  webhookAttempts: { id: number; webhookId: string; attempt: WebhookAttempt }[]
  /** The last id each auto-incremented table handed out (ids are never reused, as with AUTOINCREMENT). */
  lastIds: { accounts: number; organizations: number; spaces: number; jobs: number; rows: number }
}

/** Empty tables, as a freshly migrated database has them. */
export function memoryTables(): MemoryTables {
  return {
    accounts: new Map(),
    tokens: new Map(),
    sessions: new Map(),
    accountLinks: new Map(),
    invitations: new Map(),
    ssoProviders: new Map(),
    ssoIdentities: new Map(),
    ssoAttempts: new Map(),
    organizations: new Map(),
    orgMembers: new Map(),
    spaces: new Map(),
    spaceMembers: new Map(),
    rateEvents: [],
    spaceGit: new Map(),
    conflicts: new Map(),
    heldFiles: new Map(),
    extracts: new Map(),
    pageMarks: new Map(),
    changedPages: new Map(),
    pageCommits: [],
    aiSettings: new Map(),
    embeddingSettings: new Map(),
    tidySettings: new Map(),
    tidyRuns: new Map(),
    jobs: new Map(),
    indexFiles: new Map(),
    vectorShas: new Map(),
    indexTerms: new Map(),
    indexLinks: new Map(),
    indexState: new Map(),
    oauthClients: new Map(),
    oauthCodes: new Map(),
    oauthGrants: new Map(),
    oauthRefreshTokens: new Map(),
    routines: new Map(),
    routineRuns: new Map(),
    webhooks: new Map(),
    webhookAttempts: [],
    lastIds: { accounts: 0, organizations: 0, spaces: 0, jobs: 0, rows: 0 },
  }
}

/** The next id of an auto-incremented table. */
export function nextId(tables: MemoryTables, table: keyof MemoryTables['lastIds']): number {
  tables.lastIds[table] += 1
  return tables.lastIds[table]
}

/** Throws as the database does for a row that refers to one that does not exist. */
export function mustRefer(exists: boolean, what: string): void {
  if (!exists) throw new Error(`FOREIGN KEY constraint failed: ${what}`)
}

/** Throws as the database does for a second row under a unique key. */
export function mustBeNew(taken: boolean, what: string): void {
  if (taken) throw new Error(`UNIQUE constraint failed: ${what}`)
}

/** The inner map of `outer` under `key`, made empty when missing. */
export function rowsOf<K, V>(outer: Map<number, Map<K, V>>, key: number): Map<K, V> {
  let inner = outer.get(key)
  if (!inner) {
    inner = new Map()
    outer.set(key, inner)
  }
  return inner
}

/**
 * The fields of a row type, listed once: `fields<Account>({ id: true, ... })` fails to compile when
 * one is missing or unknown. A fake keeps only these, as a table keeps only its columns.
 */
export function fields<Row>(list: { [K in keyof Required<Row>]: true }): (keyof Row)[] {
  return Object.keys(list) as (keyof Row)[]
}

/** The given fields of `source`, as a table stores a row (anything else is dropped). */
export function pick<Row>(source: Row, keys: readonly (keyof Row)[]): Row {
  const row = {} as Row
  for (const key of keys) row[key] = source[key]
  return row
}

/**
 * The changes to the given fields: a key whose value is undefined is left out, as a database's SET
 * leaves that column alone, and so is anything that is not a column.
 */
export function changesOf<Row>(changes: Partial<Row>, keys: readonly (keyof Row)[]): Partial<Row> {
  const set: Partial<Row> = {}
  for (const key of keys) if (changes[key] !== undefined) set[key] = changes[key]
  return set
}

/** Throws as the SQLite adapter's query builder does for an update that would set nothing. */
export function mustSetSomething(set: object): void {
  if (Object.keys(set).length === 0) throw new Error('No values to set')
}

/** The first `limit` rows, as SQL's LIMIT reads it (a negative limit takes them all). */
export function limited<T>(rows: T[], limit: number | undefined): T[] {
  return limit === undefined || limit < 0 ? rows : rows.slice(0, limit)
}

/** Orders strings as the database's binary collation does (by code unit, not by locale). */
export function byBinary(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Deletes a space with what the database deletes with it (its members, Git state, marks, change log,
 * tidy-up, jobs, index and routines) and takes it out of the tokens and grants restricted to it; its
 * routine runs stay, counted by the organization, with no space.
 */
export function dropSpace(tables: MemoryTables, spaceId: number): void {
  if (!tables.spaces.delete(spaceId)) return
  for (const table of [
    tables.spaceMembers,
    tables.spaceGit,
    tables.conflicts,
    tables.heldFiles,
    tables.pageMarks,
    tables.changedPages,
    tables.tidySettings,
    tables.indexFiles,
    tables.indexLinks,
    tables.indexState,
  ])
    table.delete(spaceId)
  tables.pageCommits = tables.pageCommits.filter((row) => row.spaceId !== spaceId)
  for (const [id, run] of tables.tidyRuns) if (run.spaceId === spaceId) tables.tidyRuns.delete(id)
  for (const [id, job] of tables.jobs) if (job.spaceId === spaceId) tables.jobs.delete(id)
  for (const [id, routine] of tables.routines) if (routine.spaceId === spaceId) tables.routines.delete(id)
  for (const run of tables.routineRuns.values()) if (run.spaceId === spaceId) run.spaceId = null
  for (const token of tables.tokens.values())
    if (token.spaceIds) token.spaceIds = token.spaceIds.filter((id) => id !== spaceId)
  for (const grant of tables.oauthGrants.values())
    if (grant.spaceIds) grant.spaceIds = grant.spaceIds.filter((id) => id !== spaceId)
}

/** Deletes an OAuth grant with its refresh tokens (its codes stay, as in the database). */
export function dropGrant(tables: MemoryTables, grantId: string): boolean {
  if (!tables.oauthGrants.delete(grantId)) return false
  for (const [hash, token] of tables.oauthRefreshTokens)
    if (token.grantId === grantId) tables.oauthRefreshTokens.delete(hash)
  return true
}

/** Space ids as a restricted token or grant keeps them: each once, in ascending order. */
export function spaceList(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b)
}
