import type { Routine } from '../domain/routines.ts'

export type { Routine, RoutineEmail, RoutineTemplate } from '../domain/routines.ts'

/** What a run delivered: the page written, the inbox items dropped, the mails and the webhook. */
export type RoutineOutputs = { page: string | null; inbox: string[]; emails: number; webhook: string | null }

/** The organization's budget as a run saw it: the budget, the month's spending before it, what was left. */
export type RoutineQuota = { monthlyBudget: number | null; monthSpent: number; left: number | null }

/** One run of a routine; it is kept (and its cost counted) after the routine is deleted. */
export type RoutineRun = {
  id: string
  routineId: string
  spaceId: number
  /** `running` from the moment it is queued until it ends. */
  status: 'running' | 'done' | 'failed'
  trigger: 'manual' | 'schedule'
  model: string
  summary: string
  report: string
  outputs: RoutineOutputs
  commit: string | null
  inputTokens: number
  outputTokens: number
  cost: number
  quota: RoutineQuota | null
  error: string | null
  requestedBy: number | null
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
}

/** The routines of one space and their runs. */
export interface RoutineStore {
  /** The space's routines, oldest first. */
  list(): Promise<Routine[]>
  get(id: string): Promise<Routine | undefined>
  create(routine: Omit<Routine, 'spaceId'>): Promise<void>
  /** Changes a routine; undefined when it is not this space's. */
  update(id: string, changes: Partial<Omit<Routine, 'id' | 'spaceId'>>): Promise<Routine | undefined>
  /** Removes a routine (its runs stay); false when it is not this space's. */
  delete(id: string): Promise<boolean>
  createRun(run: Omit<RoutineRun, 'spaceId'>): Promise<void>
  updateRun(id: string, changes: Partial<Omit<RoutineRun, 'id' | 'spaceId' | 'routineId'>>): Promise<void>
  run(id: string): Promise<RoutineRun | undefined>
  /** A routine's latest runs, newest first. */
  runs(routineId: string, limit: number): Promise<RoutineRun[]>
}
