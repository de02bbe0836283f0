import type { GitState } from '../../ports/git-state.ts'
import type { IndexState } from '../../ports/index-store.ts'
import type { Job } from '../../ports/jobs.ts'
import type { Space } from '../../ports/org-store.ts'
import type { Routine, RoutineOutputs, RoutineQuota, RoutineRun } from '../../ports/routines.ts'
import type { TidyRun, TidySettings } from '../../ports/tidy.ts'
import type { Token } from '../../ports/tokens.ts'

// Both databases store the same rows under their own column types; what a row means is decided here once,
// so SQLite and PostgreSQL answer the ports alike.

/** The Git state of a space that has none stored yet. */
export const EMPTY_GIT_STATE: Readonly<GitState> = {
  synced: false,
  lastSyncAt: null,
  lastError: null,
  lastErrorCode: null,
  lastErrorAt: null,
  attempts: 0,
  retryAt: null,
  credentialsKind: null,
  credentials: null,
  webhookSecret: null,
  changeBase: null,
}

/** The tidy-up settings of a space that has none stored yet. */
export const DEFAULT_TIDY: Readonly<TidySettings> = {
  enabled: false,
  time: '03:00',
  timezone: 'UTC',
  model: '',
  delay: 0,
  nextDailyAt: null,
}

/** The search index state of a space that has none stored yet. */
export const DEFAULT_INDEX_STATE: Readonly<IndexState> = {
  commit: null,
  meaning: true,
  embedderId: null,
  vectorsCommit: null,
}

/** A row of the jobs table, as either database reads it. */
export type JobRow = Omit<Job, 'payload'> & { payload: string }

/** A queued or running job from its row; the payload is stored as JSON text. */
export const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  spaceId: row.spaceId,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  status: row.status,
  runAt: row.runAt,
  attempts: row.attempts,
})

/** A row of the tokens table, as either database reads it. */
export type TokenRow = Omit<Token, 'spaceIds'> & { restricted: boolean }

/** A token from its row; `spaces` holds the space ids of the restricted tokens among the rows read. */
export const toToken = (row: TokenRow, spaces: Map<string, number[]>): Token => ({
  id: row.id,
  accountId: row.accountId,
  name: row.name,
  hint: row.hint,
  readOnly: row.readOnly,
  spaceIds: row.restricted ? (spaces.get(row.id) ?? []) : null,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastUsedAt: row.lastUsedAt,
})

/** A row of the tidy_runs table; PostgreSQL's has a `seq` column of its own to order runs. */
export type TidyRunRow = Omit<TidyRun, 'operations'> & { operations: string; seq?: number }

/** A tidy-up run from its row; the operations are stored as JSON text. */
export const toRun = ({ seq: _seq, ...row }: TidyRunRow): TidyRun => ({
  ...row,
  operations: JSON.parse(row.operations) as unknown[],
})

/** A space with tidy-ups on and its settings, the settings' row without its space id. */
export const toTidySchedule = ({
  space,
  settings,
}: {
  space: Space
  settings: TidySettings & { spaceId: number }
}): { space: Space; settings: TidySettings } => {
  const { spaceId: _id, ...rest } = settings
  return { space, settings: rest }
}

/** A space with a remote and when it last synced; a space never synced has no Git state yet. */
export const toSpaceWithRemote = ({
  space,
  lastSyncAt,
  retryAt,
}: {
  space: Space
  lastSyncAt: number | null | undefined
  retryAt: number | null | undefined
}): { space: Space; sync: Pick<GitState, 'lastSyncAt' | 'retryAt'> } => ({
  space,
  sync: { lastSyncAt: lastSyncAt ?? null, retryAt: retryAt ?? null },
})

/** A routine as stored (scope as JSON), back to the port's shape. */
export const toRoutine = ({
  seq: _seq,
  ...row
}: Omit<Routine, 'scope'> & { scope: string; seq?: number }): Routine => ({
  ...row,
  scope: JSON.parse(row.scope) as string[],
})

/** A routine run as stored (outputs and quota as JSON, with its organization), back to the port's shape. */
export const toRoutineRun = ({
  seq: _seq,
  orgId: _org,
  spaceId,
  ...row
}: Omit<RoutineRun, 'outputs' | 'quota' | 'spaceId'> & {
  outputs: string
  quota: string | null
  spaceId: number | null
  orgId: number
  seq?: number
}): RoutineRun => ({
  ...row,
  spaceId: spaceId ?? 0,
  outputs: JSON.parse(row.outputs) as RoutineOutputs,
  quota: row.quota === null ? null : (JSON.parse(row.quota) as RoutineQuota),
})

/** A run's fields as stored: outputs and quota as JSON. */
export function routineRunColumns<T extends Partial<Pick<RoutineRun, 'outputs' | 'quota'>>>(run: T) {
  const { outputs, quota, ...rest } = run
  return {
    ...rest,
    ...(outputs !== undefined ? { outputs: JSON.stringify(outputs) } : {}),
    ...(quota !== undefined ? { quota: quota === null ? null : JSON.stringify(quota) } : {}),
  }
}

/** Whether a change sets any column: an update of nothing reads the row back instead (drizzle refuses an empty SET). */
export function setsAnything(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined)
}
