import { and, desc, eq, sql } from 'drizzle-orm'
import type { RoutineStore } from '../../ports/routines.ts'
import type { Sync } from '../../ports/sync.ts'
import { routineRunColumns, toRoutine, toRoutineRun } from '../database/store-rows.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { routineRuns, routines } from './schema.ts'

/** The routines of one space and their runs; `scope` refuses a space of another organization. */
export function routineStore(db: Db, { check, orgId }: OrgScope, spaceId: number): Sync<RoutineStore> {
  const ofSpace = (id: string) => and(eq(routines.id, id), eq(routines.spaceId, spaceId))
  const runOfSpace = (id: string) => and(eq(routineRuns.id, id), eq(routineRuns.spaceId, spaceId))
  return {
    list: () => {
      check(spaceId)
      return db
        .select()
        .from(routines)
        .where(eq(routines.spaceId, spaceId))
        .orderBy(routines.createdAt, sql`rowid`)
        .all()
        .map(toRoutine)
    },
    get: (id) => {
      check(spaceId)
      const row = db.select().from(routines).where(ofSpace(id)).get()
      return row && toRoutine(row)
    },
    create: (routine) => {
      check(spaceId)
      db.insert(routines)
        .values({ ...routine, spaceId, scope: JSON.stringify(routine.scope) })
        .run()
    },
    update: (id, changes) => {
      check(spaceId)
      const { scope, ...rest } = changes
      const set = { ...rest, ...(scope ? { scope: JSON.stringify(scope) } : {}) }
      const row =
        Object.keys(set).length === 0
          ? db.select().from(routines).where(ofSpace(id)).get()
          : db.update(routines).set(set).where(ofSpace(id)).returning().get()
      return row && toRoutine(row)
    },
    delete: (id) => {
      check(spaceId)
      return db.delete(routines).where(ofSpace(id)).run().changes > 0
    },
    createRun: (run) => {
      check(spaceId)
      db.insert(routineRuns)
        .values({
          ...run,
          orgId,
          spaceId,
          outputs: JSON.stringify(run.outputs),
          quota: run.quota === null ? null : JSON.stringify(run.quota),
        })
        .run()
    },
    updateRun: (id, changes) => {
      check(spaceId)
      const set = routineRunColumns(changes)
      if (Object.keys(set).length > 0) db.update(routineRuns).set(set).where(runOfSpace(id)).run()
    },
    run: (id) => {
      check(spaceId)
      const row = db.select().from(routineRuns).where(runOfSpace(id)).get()
      return row && toRoutineRun(row)
    },
    runs: (routineId, limit) => {
      check(spaceId)
      return (
        db
          .select()
          .from(routineRuns)
          .where(and(eq(routineRuns.routineId, routineId), eq(routineRuns.spaceId, spaceId)))
          // rowid breaks ties between runs created in the same millisecond: the later one comes first.
          .orderBy(desc(routineRuns.createdAt), desc(sql`rowid`))
          .limit(limit)
          .all()
          .map(toRoutineRun)
      )
    },
  }
}
