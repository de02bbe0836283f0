import { and, desc, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm'
import type { OrgStore, TidyRun, TidySettings } from '../../ports/store.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { aiSettings, embeddingSettings, pageMarks, spaceGit, tidyRuns, tidySettings } from './schema.ts'

const DEFAULT_TIDY: TidySettings = {
  enabled: false,
  time: '03:00',
  timezone: 'UTC',
  model: '',
  delay: 0,
  nextDailyAt: null,
}

type TidyMethods = Pick<
  OrgStore,
  | 'pageMarks'
  | 'markPages'
  | 'resetChangeBase'
  | 'aiSettings'
  | 'setAiSettings'
  | 'tidySettings'
  | 'updateTidySettings'
  | 'spaceModels'
  | 'createTidyRun'
  | 'updateTidyRun'
  | 'tidyRun'
  | 'tidyRuns'
  | 'spentSince'
  | 'embeddingSettings'
  | 'setEmbeddingSettings'
>

type RunRow = typeof tidyRuns.$inferSelect

const toRun = (row: RunRow): TidyRun => ({ ...row, operations: JSON.parse(row.operations) as unknown[] })

/** The inbox marks, AI settings, tidy settings and runs of one organization's spaces. */
export function tidyStore(db: Db, { orgId, check, spaceIds: orgSpaceIds }: OrgScope): TidyMethods {
  return {
    pageMarks: (spaceId) => {
      check(spaceId)
      const rows = db.select().from(pageMarks).where(eq(pageMarks.spaceId, spaceId)).all()
      return new Map(rows.map((r) => [r.path, r.sha]))
    },
    markPages: (spaceId, marks, now) => {
      check(spaceId)
      db.transaction(() => {
        for (const m of marks) {
          db.insert(pageMarks)
            .values({ spaceId, path: m.path, sha: m.sha, markedAt: now })
            .onConflictDoUpdate({
              target: [pageMarks.spaceId, pageMarks.path],
              set: { sha: m.sha, markedAt: now },
            })
            .run()
        }
      })
    },
    resetChangeBase: (spaceId, base) => {
      check(spaceId)
      db.transaction(() => {
        db.insert(spaceGit)
          .values({ spaceId, changeBase: base })
          .onConflictDoUpdate({ target: spaceGit.spaceId, set: { changeBase: base } })
          .run()
        db.delete(pageMarks).where(eq(pageMarks.spaceId, spaceId)).run()
      })
    },
    aiSettings: () => {
      const row = db.select().from(aiSettings).where(eq(aiSettings.orgId, orgId)).get()
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    setAiSettings: (settings) => {
      if (settings === null) {
        db.delete(aiSettings).where(eq(aiSettings.orgId, orgId)).run()
        return
      }
      db.insert(aiSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: aiSettings.orgId, set: settings })
        .run()
    },
    tidySettings: (spaceId) => {
      check(spaceId)
      const row = db.select().from(tidySettings).where(eq(tidySettings.spaceId, spaceId)).get()
      if (!row) return { ...DEFAULT_TIDY }
      const { spaceId: _id, ...settings } = row
      return settings
    },
    updateTidySettings: (spaceId, changes) => {
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
    spaceModels: () =>
      db
        .select({ model: tidySettings.model })
        .from(tidySettings)
        .where(and(inArray(tidySettings.spaceId, orgSpaceIds), ne(tidySettings.model, '')))
        .all()
        .map((r) => r.model),
    createTidyRun: (run) => {
      check(run.spaceId)
      db.insert(tidyRuns)
        .values({ ...run, operations: JSON.stringify(run.operations) })
        .run()
    },
    updateTidyRun: (spaceId, id, changes) => {
      check(spaceId)
      const { operations, ...rest } = changes
      db.update(tidyRuns)
        .set({ ...rest, ...(operations ? { operations: JSON.stringify(operations) } : {}) })
        .where(and(eq(tidyRuns.id, id), eq(tidyRuns.spaceId, spaceId)))
        .run()
    },
    tidyRun: (spaceId, id) => {
      check(spaceId)
      const row = db
        .select()
        .from(tidyRuns)
        .where(and(eq(tidyRuns.id, id), eq(tidyRuns.spaceId, spaceId)))
        .get()
      return row && toRun(row)
    },
    tidyRuns: (spaceId, limit) => {
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
    embeddingSettings: () => {
      const row = db.select().from(embeddingSettings).where(eq(embeddingSettings.orgId, orgId)).get()
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    setEmbeddingSettings: (settings) => {
      if (settings === null) {
        db.delete(embeddingSettings).where(eq(embeddingSettings.orgId, orgId)).run()
        return
      }
      db.insert(embeddingSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: embeddingSettings.orgId, set: settings })
        .run()
    },
    spentSince: (since) =>
      Number(
        db
          .select({ total: sum(tidyRuns.cost) })
          .from(tidyRuns)
          .where(and(inArray(tidyRuns.spaceId, orgSpaceIds), gte(tidyRuns.createdAt, since)))
          .get()?.total ?? 0,
      ),
  }
}
