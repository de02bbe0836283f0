import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { PageMarkStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { changedPages, pageCommits, pageMarks, spaceGit } from './schema.ts'

/**
 * A changed page's row, or the later change of a page already listed (as laterChangeOf says: its
 * `before` stays). The driver's own statements, one row each: a first push of 10,000 pages held the
 * thread about 750 ms through the query builder, half of it building the statements.
 */
const UPSERT_CHANGED_PAGE = `INSERT INTO changed_pages
  ("space_id", "path", "key", "commit", "author", "date", "source", "via", "before", "after")
  VALUES (@spaceId, @path, @key, @commit, @author, @date, @source, @via, @before, @after)
  ON CONFLICT ("space_id", "path") DO UPDATE SET "key" = excluded."key", "commit" = excluded."commit",
    "author" = excluded."author", "date" = excluded."date", "source" = excluded."source",
    "via" = excluded."via", "after" = excluded."after"`
const INSERT_PAGE_COMMIT = `INSERT INTO page_commits
  ("space_id", "path", "commit", "author", "date", "subject", "source", "via", "before", "after")
  VALUES (@spaceId, @path, @commit, @author, @date, @subject, @source, @via, @before, @after)`

/** What the change log keeps of a changed page. */
const PAGE_COLUMNS = {
  path: changedPages.path,
  key: changedPages.key,
  commit: changedPages.commit,
  author: changedPages.author,
  date: changedPages.date,
  source: changedPages.source,
  via: changedPages.via,
  before: changedPages.before,
  after: changedPages.after,
}

/** The inbox marks of one space; `scope` refuses a space of another organization. */
export function pageMarkStore(db: Db, { check }: OrgScope, spaceId: number): Sync<PageMarkStore> {
  return {
    get: () => {
      check(spaceId)
      const rows = db.select().from(pageMarks).where(eq(pageMarks.spaceId, spaceId)).all()
      return new Map(rows.map((r) => [r.path, r.sha]))
    },
    mark: (marks, now) => {
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
    resetChangeBase: (base) => {
      check(spaceId)
      db.transaction(() => {
        db.insert(spaceGit)
          .values({ spaceId, changeBase: base, changeCursor: base })
          .onConflictDoUpdate({ target: spaceGit.spaceId, set: { changeBase: base, changeCursor: base } })
          .run()
        db.delete(pageMarks).where(eq(pageMarks.spaceId, spaceId)).run()
        db.delete(changedPages).where(eq(changedPages.spaceId, spaceId)).run()
        db.delete(pageCommits).where(eq(pageCommits.spaceId, spaceId)).run()
      })
    },
    changeCursor: () => {
      check(spaceId)
      const row = db
        .select({ cursor: spaceGit.changeCursor })
        .from(spaceGit)
        .where(eq(spaceGit.spaceId, spaceId))
        .get()
      return row?.cursor ?? null
    },
    pendingPages: ({ limit, key }) => {
      check(spaceId)
      const pending = and(
        eq(changedPages.spaceId, spaceId),
        sql`${changedPages.before} IS NOT ${changedPages.after}`,
        sql`(${pageMarks.path} IS NULL OR ${pageMarks.sha} IS NOT ${changedPages.after})`,
        key === undefined ? undefined : eq(changedPages.key, key),
      )
      const marked = and(eq(pageMarks.spaceId, changedPages.spaceId), eq(pageMarks.path, changedPages.path))
      // Counted apart: a count over the page's query would make it sort every row, not stop at `limit`.
      const pages = db
        .select({ ...PAGE_COLUMNS, markedPath: pageMarks.path, markedSha: pageMarks.sha })
        .from(changedPages)
        .leftJoin(pageMarks, marked)
        .where(pending)
        .orderBy(desc(changedPages.date), changedPages.path)
        .limit(limit ?? -1)
        .all()
        .map(({ markedPath, markedSha, ...page }) => ({
          ...page,
          seen: markedPath === null ? undefined : markedSha,
        }))
      const total =
        limit === undefined
          ? pages.length
          : (db.select({ n: count() }).from(changedPages).leftJoin(pageMarks, marked).where(pending).get()
              ?.n ?? 0)
      return { pages, total }
    },
    recordChanges: (from, to, pages, commits) => {
      check(spaceId)
      return db.transaction(() => {
        const row = db
          .select({ cursor: spaceGit.changeCursor, base: spaceGit.changeBase })
          .from(spaceGit)
          .where(eq(spaceGit.spaceId, spaceId))
          .get()
        if (!row || (row.cursor ?? row.base) !== from) return false
        const upsertPage = db.$client.prepare(UPSERT_CHANGED_PAGE)
        for (const page of pages) upsertPage.run({ spaceId, ...page })
        const insertCommit = db.$client.prepare(INSERT_PAGE_COMMIT)
        for (const commit of commits) insertCommit.run({ spaceId, ...commit })
        db.update(spaceGit).set({ changeCursor: to }).where(eq(spaceGit.spaceId, spaceId)).run()
        return true
      })
    },
    pageCommits: (path, limit) => {
      check(spaceId)
      return db
        .select({
          path: pageCommits.path,
          commit: pageCommits.commit,
          author: pageCommits.author,
          date: pageCommits.date,
          subject: pageCommits.subject,
          source: pageCommits.source,
          via: pageCommits.via,
          before: pageCommits.before,
          after: pageCommits.after,
        })
        .from(pageCommits)
        .where(and(eq(pageCommits.spaceId, spaceId), eq(pageCommits.path, path)))
        .orderBy(desc(pageCommits.id))
        .limit(limit)
        .all()
    },
  }
}
