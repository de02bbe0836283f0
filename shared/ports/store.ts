import type { OrgRole, SpaceMemberRole } from '../domain/roles.ts'
import type { WindowLimit } from '../domain/sliding-window.ts'

/**
 * The database, as the services see it. Each method is atomic on its own: services never hold a
 * transaction open across slow work, so a use case's database changes are one call here.
 * Times are milliseconds since the epoch.
 */
export interface Store {
  readonly accounts: AccountStore
  readonly tokens: TokenStore
  readonly sessions: SessionStore
  readonly organizations: OrganizationStore
  readonly rateLimits: RateLimitStore
  /** The data of one organization: the tenant is fixed here, so no query can forget it. */
  forOrg(orgId: number): OrgStore
  /** Spaces across organizations where the account holds a role (or administers the organization). */
  spacesOfAccount(accountId: number, everything: boolean): SpaceWithMembership[]
  /** Every space with a remote, with when it last synced and when its retry is due (for the periodic sync). */
  spacesWithRemote(): { space: Space; sync: Pick<GitState, 'lastSyncAt' | 'retryAt'> }[]
  readonly extracts: ExtractStore
  readonly jobs: JobStore
  /** The search index's metadata and link graph; callers pass spaces they checked access to. */
  readonly index: IndexStore
  /** A space and its organization by id (for background work), or undefined when it was deleted. */
  spaceById(spaceId: number): { space: Space; organization: Organization } | undefined
  /** Spaces whose tidy-up runs on its own (enabled), with their settings. */
  tidySchedules(): { space: Space; settings: TidySettings }[]
  /** Resolves when the database answers a trivial query; rejects when it cannot (readiness). */
  ping(): Promise<void>
}

/** What the index keeps of a file, besides its text and vectors. */
export type FileMeta = {
  path: string
  sha: string
  title: string
  kind: string
  extracted: boolean
  owner: string | null
  verified: string | null
  reviewEvery: string | null
  lastChange: number
}

export type IndexLink = { fromPath: string; target: string; toPath: string | null }

export type IndexState = {
  commit: string | null
  semantic: boolean
  embedderId: string | null
  vectorsCommit: string | null
}

/** The index's file metadata, link graph and progress per space. */
export interface IndexStore {
  files(spaceId: number): FileMeta[]
  file(spaceId: number, path: string): FileMeta | undefined
  /** Adds or replaces files, and replaces the links going out of them. */
  upsert(spaceId: number, files: FileMeta[], links: IndexLink[]): void
  remove(spaceId: number, paths: string[]): void
  clear(spaceId: number): void
  links(spaceId: number): IndexLink[]
  state(spaceId: number): IndexState
  setState(spaceId: number, changes: Partial<IndexState>): void
}

/** A job in the persisted queue. */
export type Job = {
  id: number
  kind: string
  spaceId: number | null
  payload: Record<string, unknown>
  status: 'queued' | 'running' | 'done' | 'failed'
  runAt: number
  attempts: number
}

/** The persisted job queue: a job is leased while it runs, and taken again if its worker died. */
export interface JobStore {
  enqueue(
    job: { kind: string; spaceId: number | null; payload: Record<string, unknown>; runAt: number },
    now: number,
  ): Job
  /**
   * Leases the next due job: queued and due, or running with an expired lease (its worker died),
   * never one for a space that already has a job running under a valid lease.
   */
  claim(now: number, leaseMs: number): Job | undefined
  /** Moves a queued job of a space and kind to a new time (continuous tidy-up after each drop); false when none. */
  postpone(spaceId: number, kind: string, match: Record<string, unknown>, runAt: number): boolean
  finish(id: number, outcome: { status: 'done' | 'failed'; error?: string }, now: number): void
  /**
   * Makes every running job claimable at once (at start: the process that held them is gone, so
   * their leases are not waited out); returns how many.
   */
  releaseRunning(now: number): number
}

export type TidySettings = {
  enabled: boolean
  time: string
  timezone: string
  model: string
  delay: number
  nextDailyAt: number | null
}

export type AiSettings = {
  provider: 'openai' | 'anthropic' | 'openai-compatible'
  model: string
  baseUrl: string
  effort: string
  /** Sealed API key. */
  apiKey: string | null
  priceInput: number | null
  priceOutput: number | null
  monthlyBudget: number | null
}

/** An organization's embeddings provider, with its key sealed. */
export type EmbeddingSettingsRow = {
  provider: 'openai' | 'openai-compatible'
  model: string
  baseUrl: string
  apiKey: string | null
}

export type TidyRun = {
  id: string
  spaceId: number
  status: 'queued' | 'running' | 'done' | 'failed'
  trigger: 'manual' | 'daily' | 'continuous'
  model: string
  itemsDone: number
  itemsLeft: number
  summary: string
  operations: unknown[]
  commit: string | null
  inputTokens: number
  outputTokens: number
  cost: number
  error: string | null
  revertedAt: number | null
  revertCommit: string | null
  requestedBy: number | null
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
}

/** Text extracted from files, by blob id. */
export interface ExtractStore {
  get(sha: string): { text: string | null; error: string | null } | undefined
  put(sha: string, result: { text: string | null; error: string | null }, at: number): void
}

/** Sync state of a space's repository; secrets are stored sealed (encrypted) and never returned as is. */
export type GitState = {
  synced: boolean
  lastSyncAt: number | null
  lastError: string | null
  lastErrorAt: number | null
  attempts: number
  retryAt: number | null
  credentialsKind: 'https' | 'ssh' | null
  /** Sealed credentials (JSON, encrypted with the server's key). */
  credentials: string | null
  /** Sealed webhook secret. */
  webhookSecret: string | null
  /** Commit from which changed pages are reported. */
  changeBase: string | null
}

export type StoredConflict = {
  path: string
  localSha: string | null
  remoteSha: string | null
  detectedAt: number
}

export type HeldFile = {
  path: string
  text: string
  authorName: string
  authorEmail: string
  message: string
  heldAt: number
}

export type Account = {
  id: number
  username: string
  displayName: string
  email: string
  locale: string | null
  isSuperadmin: boolean
  isActive: boolean
  passwordHash: string | null
  createdAt: number
}

export type NewAccount = Omit<Account, 'id' | 'createdAt' | 'isActive'> & { createdAt: number }

export type AccountChanges = Partial<
  Pick<Account, 'displayName' | 'email' | 'locale' | 'isSuperadmin' | 'isActive'>
>

export interface AccountStore {
  count(): number
  list(): Account[]
  byId(id: number): Account | undefined
  byUsername(username: string): Account | undefined
  /** Creates an account; undefined when the username is taken. */
  create(account: NewAccount): Account | undefined
  /** Applies changes; deactivating also revokes every token and session of the account. */
  update(id: number, changes: AccountChanges, now: number): Account
  countActiveSuperadmins(): number
  /** Sets a new password hash and revokes every token and every session but `keepSessionId`. */
  changePassword(id: number, passwordHash: string, now: number, keepSessionId: string | null): void
}

export type Token = {
  id: string
  accountId: number
  name: string
  hint: string
  readOnly: boolean
  /** Spaces the token is restricted to; null means every space, including future ones. */
  spaceIds: number[] | null
  createdAt: number
  expiresAt: number | null
  lastUsedAt: number | null
}

export interface TokenStore {
  create(token: Token & { secretHash: string }): Token
  /** Active (not revoked) tokens of an account, newest first. */
  listActive(accountId: number): Token[]
  /** The active token with this secret hash, with its owner. */
  byHash(secretHash: string): { token: Token; account: Account } | undefined
  /** Revokes one token of an account; false when there is no such active token. */
  revoke(accountId: number, id: string, now: number): boolean
  touch(id: string, now: number): void
}

export type Session = {
  id: string
  accountId: number
  createdAt: number
  expiresAt: number
  lastSeenAt: number
}

export interface SessionStore {
  create(session: Session): void
  /** The live session with this id, with its owner. */
  byId(id: string, now: number): { session: Session; account: Account } | undefined
  extend(id: string, lastSeenAt: number, expiresAt: number): void
  remove(id: string): void
}

export type Organization = { id: number; slug: string; name: string; description: string; createdAt: number }

export interface OrganizationStore {
  list(): Organization[]
  bySlug(slug: string): Organization | undefined
  /** Organizations where the account is a member, with its role. */
  ofAccount(accountId: number): { organization: Organization; role: OrgRole }[]
  /** Creates an organization (with `adminId` as its admin when given); undefined when the slug is taken. */
  create(org: Omit<Organization, 'id'>, adminId: number | null): Organization | undefined
  update(id: number, changes: Partial<Pick<Organization, 'name' | 'description'>>): Organization
  /** Deletes an organization that has no space; false when spaces remain. */
  deleteIfEmpty(id: number): boolean
}

export type Space = {
  id: number
  orgId: number
  slug: string
  name: string
  description: string
  repoUrl: string
  branch: string
  reviewEvery: string
  createdAt: number
}

export type SpaceWithMembership = {
  space: Space
  organization: Organization
  orgRole: OrgRole | null
  spaceRole: SpaceMemberRole | null
}

export type Member<Role> = { accountId: number; username: string; displayName: string; role: Role }

export type SpaceChanges = Partial<Pick<Space, 'name' | 'description' | 'repoUrl' | 'branch' | 'reviewEvery'>>

/** Data of one organization; every query is confined to it. */
export interface OrgStore {
  membershipOf(accountId: number): OrgRole | null
  members(): Member<OrgRole>[]
  /** Adds the member or changes the role. */
  setMember(accountId: number, role: OrgRole): void
  /** Removes the member from the organization and from all its spaces; false when not a member. */
  removeMember(accountId: number): boolean
  spaces(): Space[]
  spaceBySlug(slug: string): Space | undefined
  /** Creates a space; undefined when the slug is taken in this organization. */
  createSpace(space: Omit<Space, 'id' | 'orgId'>): Space | undefined
  updateSpace(spaceId: number, changes: SpaceChanges): Space
  deleteSpace(spaceId: number): void
  spaceMembershipOf(spaceId: number, accountId: number): SpaceMemberRole | null
  spaceMembers(spaceId: number): Member<SpaceMemberRole>[]
  /** Adds the account to the space (and to the organization as a member when it is not yet one). */
  setSpaceMember(spaceId: number, accountId: number, role: SpaceMemberRole): void
  removeSpaceMember(spaceId: number, accountId: number): boolean
  gitState(spaceId: number): GitState
  updateGitState(spaceId: number, changes: Partial<GitState>): void
  conflicts(spaceId: number): StoredConflict[]
  /** Records conflicts (a path already listed keeps its first detection time). */
  addConflicts(spaceId: number, conflicts: StoredConflict[]): void
  removeConflicts(spaceId: number, paths: string[]): void
  heldFiles(spaceId: number): HeldFile[]
  /** Holds a text until the first sync (replacing one held for the same path). */
  holdFile(spaceId: number, file: HeldFile): void
  releaseHeldFiles(spaceId: number, paths: string[]): void
  /** Blobs pages had when last tidied or seen. */
  pageMarks(spaceId: number): Map<string, string | null>
  markPages(spaceId: number, marks: { path: string; sha: string | null }[], now: number): void
  /** Starts reporting changes from `base` afresh (forgetting the marks). */
  resetChangeBase(spaceId: number, base: string | null): void
  aiSettings(): AiSettings | undefined
  setAiSettings(settings: AiSettings | null): void
  tidySettings(spaceId: number): TidySettings
  updateTidySettings(spaceId: number, changes: Partial<TidySettings>): TidySettings
  /** Every space's own model choice for the tidy-up ('' when it uses the organization's). */
  spaceModels(): string[]
  createTidyRun(run: TidyRun): void
  updateTidyRun(spaceId: number, id: string, changes: Partial<TidyRun>): void
  tidyRun(spaceId: number, id: string): TidyRun | undefined
  tidyRuns(spaceId: number, limit: number): TidyRun[]
  /** AI spending of the organization's spaces since a time (tidy runs, later routines too). */
  spentSince(since: number): number
  embeddingSettings(): EmbeddingSettingsRow | undefined
  setEmbeddingSettings(settings: EmbeddingSettingsRow | null): void
}

/** One sliding window a slot is taken in: the events counted under `key`, at most `limit.max`. */
export type RateWindow = { key: string; limit: WindowLimit }

export interface RateLimitStore {
  /** Times (ms) of the events recorded under a key since `since`. */
  recent(key: string, since: number): number[]
  /** Records one event under a key, whatever its window holds (for imports and tests). */
  record(key: string, at: number): void
  /**
   * Takes a slot in every window at `at`, in one transaction: when each has room, records one event
   * under each key; otherwise records nothing and says how many seconds until all of them have room.
   */
  take(windows: readonly RateWindow[], at: number): { ok: true } | { ok: false; retryAfter: number }
  /** Gives back a slot taken at `at`: removes one event recorded at that time under each key. */
  release(keys: readonly string[], at: number): void
  /** Forgets events older than `before`, across keys. */
  prune(before: number): void
}
