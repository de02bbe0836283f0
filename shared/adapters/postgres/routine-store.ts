import { and, desc, eq } from 'drizzle-orm'
import type { RoutineStore } from '../../ports/routines.ts'
import { routineRunColumns, toRoutine, toRoutineRun } from '../database/store-rows.ts'
import type { OrgScope } from './org-scope.ts'
import { routineRuns, routines } from './schema.ts'

/** The routines of one space and their runs; `scope` refuses a space of another organization. */
export function routineStore(scope: OrgScope, spaceId: number): RoutineStore {
  const { db, check, write, orgId } = scope
  const ofSpace = (id: string) => and(eq(routines.id, id), eq(routines.spaceId, spaceId))
  const runOfSpace = (id: string) => and(eq(routineRuns.id, id), eq(routineRuns.spaceId, spaceId))
  return {
    list: async () => {
      await check(spaceId)
      const rows = await db
        .select()
        .from(routines)
        .where(eq(routines.spaceId, spaceId))
        .orderBy(routines.createdAt, routines.seq)
      return rows.map(toRoutine)
    },
    get: async (id) => {
      await check(spaceId)
      const [row] = await db.select().from(routines).where(ofSpace(id))
      return row && toRoutine(row)
    },
    create: (routine) =>
      write(spaceId, async (tx) => {
        await tx.insert(routines).values({ ...routine, spaceId, scope: JSON.stringify(routine.scope) })
      }),
    update: (id, changes) =>
      write(spaceId, async (tx) => {
        const { scope: folders, ...rest } = changes
        const set = { ...rest, ...(folders ? { scope: JSON.stringify(folders) } : {}) }
        const [row] =
          Object.keys(set).length === 0
            ? await tx.select().from(routines).where(ofSpace(id))
            : await tx.update(routines).set(set).where(ofSpace(id)).returning()
        return row && toRoutine(row)
      }),
    delete: (id) =>
      write(spaceId, async (tx) => {
        const removed = await tx.delete(routines).where(ofSpace(id)).returning({ id: routines.id })
        return removed.length > 0
      }),
    createRun: (run) =>
      write(spaceId, async (tx) => {
        await tx.insert(routineRuns).values({
          ...run,
          orgId,
          spaceId,
          outputs: JSON.stringify(run.outputs),
          quota: run.quota === null ? null : JSON.stringify(run.quota),
        })
      }),
    updateRun: (id, changes) =>
      write(spaceId, async (tx) => {
        const set = routineRunColumns(changes)
        if (Object.keys(set).length > 0) await tx.update(routineRuns).set(set).where(runOfSpace(id))
      }),
    run: async (id) => {
      await check(spaceId)
      const [row] = await db.select().from(routineRuns).where(runOfSpace(id))
      return row && toRoutineRun(row)
    },
    runs: async (routineId, limit) => {
      await check(spaceId)
      const rows = await db
        .select()
        .from(routineRuns)
        .where(and(eq(routineRuns.routineId, routineId), eq(routineRuns.spaceId, spaceId)))
        // The creation order breaks ties between runs created in the same millisecond: the later first.
        .orderBy(desc(routineRuns.createdAt), desc(routineRuns.seq))
        .limit(limit)
      return rows.map(toRoutineRun)
    },
  }
}
