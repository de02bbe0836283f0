import { and, desc, eq, gte, inArray, ne, sum } from 'drizzle-orm'
import type { OrgTidyStore, TidyStore } from '../../ports/store.ts'
import { DEFAULT_TIDY, toRun } from '../database/store-rows.ts'
import type { OrgScope } from './org-scope.ts'
import { routineRuns, tidyRuns, tidySettings } from './schema.ts'

/** The tidy-up settings and runs of one space; `scope` refuses a space of another organization. */
export function tidyStore(scope: OrgScope, spaceId: number): TidyStore {
  const { db, check, write } = scope
  const ofSpace = (id: string) => and(eq(tidyRuns.id, id), eq(tidyRuns.spaceId, spaceId))
  return {
    settings: async () => {
      await check(spaceId)
      const [row] = await db.select().from(tidySettings).where(eq(tidySettings.spaceId, spaceId))
      if (!row) return { ...DEFAULT_TIDY }
      const { spaceId: _id, ...settings } = row
      return settings
    },
    updateSettings: (changes) =>
      write(spaceId, async (tx) => {
        const [row] = await tx
          .insert(tidySettings)
          .values({ spaceId, ...DEFAULT_TIDY, ...changes })
          .onConflictDoUpdate({ target: tidySettings.spaceId, set: changes })
          .returning()
        const { spaceId: _id, ...settings } = row!
        return settings
      }),
    createRun: (run) =>
      write(spaceId, async (tx) => {
        await tx.insert(tidyRuns).values({ ...run, spaceId, operations: JSON.stringify(run.operations) })
      }),
    updateRun: (id, changes) =>
      write(spaceId, async (tx) => {
        const { operations, ...rest } = changes
        await tx
          .update(tidyRuns)
          .set({ ...rest, ...(operations ? { operations: JSON.stringify(operations) } : {}) })
          .where(ofSpace(id))
      }),
    run: async (id) => {
      await check(spaceId)
      const [row] = await db.select().from(tidyRuns).where(ofSpace(id))
      return row && toRun(row)
    },
    runs: async (limit) => {
      await check(spaceId)
      const rows = await db
        .select()
        .from(tidyRuns)
        .where(eq(tidyRuns.spaceId, spaceId))
        // The creation order breaks ties between runs created in the same millisecond: the later first.
        .orderBy(desc(tidyRuns.createdAt), desc(tidyRuns.seq))
        .limit(limit)
      return rows.map(toRun)
    },
  }
}

/** What one organization's spaces spend and choose for their tidy-ups. */
export function orgTidyStore({ db, spaceIds: orgSpaceIds, orgId }: OrgScope): OrgTidyStore {
  return {
    spaceModels: async () =>
      (
        await db
          .select({ model: tidySettings.model })
          .from(tidySettings)
          .where(and(inArray(tidySettings.spaceId, orgSpaceIds), ne(tidySettings.model, '')))
      ).map((r) => r.model),
    spentSince: async (since) => {
      const [row] = await db
        .select({ total: sum(tidyRuns.cost) })
        .from(tidyRuns)
        .where(and(inArray(tidyRuns.spaceId, orgSpaceIds), gte(tidyRuns.createdAt, since)))
      // Routine runs belong to the organization itself: they count after their routine is deleted.
      const [routine] = await db
        .select({ total: sum(routineRuns.cost) })
        .from(routineRuns)
        .where(and(eq(routineRuns.orgId, orgId), gte(routineRuns.createdAt, since)))
      // PostgreSQL's sum comes back as text, and as null over no row.
      return Number(row?.total ?? 0) + Number(routine?.total ?? 0)
    },
  }
}
