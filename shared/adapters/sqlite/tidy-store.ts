import { and, desc, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm'
import type { OrgTidyStore, TidyStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { DEFAULT_TIDY, toRun } from '../database/store-rows.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { routineRuns, tidyRuns, tidySettings } from './schema.ts'

/** The tidy-up settings and runs of one space; `scope` refuses a space of another organization. */
export function tidyStore(db: Db, { check }: OrgScope, spaceId: number): Sync<TidyStore> {
  const ofSpace = (id: string) => and(eq(tidyRuns.id, id), eq(tidyRuns.spaceId, spaceId))
  return {
    settings: () => {
      check(spaceId)
      const row = db.select().from(tidySettings).where(eq(tidySettings.spaceId, spaceId)).get()
      if (!row) return { ...DEFAULT_TIDY }
      const { spaceId: _id, ...settings } = row
      return settings
    },
    updateSettings: (changes) => {
      check(spaceId)
      const row = db
        .insert(tidySettings)
        .values({ spaceId, ...DEFAULT_TIDY, ...changes })
        .onConflictDoUpdate({ target: tidySettings.spaceId, set: changes })
        .returning()
        .get()
      const { spaceId: _id, ...settings } = row
      return settings
    },
    createRun: (run) => {
      check(spaceId)
      db.insert(tidyRuns)
        .values({ ...run, spaceId, operations: JSON.stringify(run.operations) })
        .run()
    },
    updateRun: (id, changes) => {
      check(spaceId)
      const { operations, ...rest } = changes
      db.update(tidyRuns)
        .set({ ...rest, ...(operations ? { operations: JSON.stringify(operations) } : {}) })
        .where(ofSpace(id))
        .run()
    },
    run: (id) => {
      check(spaceId)
      const row = db.select().from(tidyRuns).where(ofSpace(id)).get()
      return row && toRun(row)
    },
    runs: (limit) => {
      check(spaceId)
      return (
        db
          .select()
          .from(tidyRuns)
          .where(eq(tidyRuns.spaceId, spaceId))
          // rowid breaks ties between runs created in the same millisecond: the later one comes first.
          .orderBy(desc(tidyRuns.createdAt), desc(sql`rowid`))
          .limit(limit)
          .all()
          .map(toRun)
      )
    },
  }
}

/** What one organization's spaces spend and choose for their tidy-ups. */
export function orgTidyStore(db: Db, { spaceIds: orgSpaceIds, orgId }: OrgScope): Sync<OrgTidyStore> {
  return {
    spaceModels: () =>
      db
        .select({ model: tidySettings.model })
        .from(tidySettings)
        .where(and(inArray(tidySettings.spaceId, orgSpaceIds), ne(tidySettings.model, '')))
        .all()
        .map((r) => r.model),
    spentSince: (since) =>
      Number(
        db
          .select({ total: sum(tidyRuns.cost) })
          .from(tidyRuns)
          .where(and(inArray(tidyRuns.spaceId, orgSpaceIds), gte(tidyRuns.createdAt, since)))
          .get()?.total ?? 0,
      ) +
      // Routine runs belong to the organization itself: they count after their routine is deleted.
      Number(
        db
          .select({ total: sum(routineRuns.cost) })
          .from(routineRuns)
          .where(and(eq(routineRuns.orgId, orgId), gte(routineRuns.createdAt, since)))
          .get()?.total ?? 0,
      ),
  }
}
