export type TidySettings = {
  enabled: boolean
  time: string
  timezone: string
  model: string
  delay: number
  nextDailyAt: number | null
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

/** One space's tidy-up settings and runs. */
export interface TidyStore {
  settings(): Promise<TidySettings>
  updateSettings(changes: Partial<TidySettings>): Promise<TidySettings>
  createRun(run: Omit<TidyRun, 'spaceId'>): Promise<void>
  updateRun(id: string, changes: Partial<Omit<TidyRun, 'id' | 'spaceId'>>): Promise<void>
  run(id: string): Promise<TidyRun | undefined>
  /** The latest runs, newest first. */
  runs(limit: number): Promise<TidyRun[]>
}

/** What an organization's spaces spend and choose for their tidy-ups. */
export interface OrgTidyStore {
  /**
   * AI spending of the organization since a time: tidy runs, and routine runs (also those of
   * routines deleted since).
   */
  spentSince(since: number): Promise<number>
  /** The models spaces chose for their own tidy-up (spaces using the organization's are left out). */
  spaceModels(): Promise<string[]>
}
