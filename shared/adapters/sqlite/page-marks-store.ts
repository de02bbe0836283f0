import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { PageMarkStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { lastPerKey, laterChangeOf, slices } from '../database/batch-helpers.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { changedPages, pageCommits, pageMarks, spaceGit } from './schema.ts'

/** Change log rows per insert: 11 values each, well under SQLite's 32,766 bound parameters. */
const COMMITS_PER_INSERT = 500
/** Changed pages a statement: ten columns each, well within SQLite's 32,766 parameters. */
const CHANGES_PER_INSERT = 1000

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
        // Many rows a statement: a first push of 10,000 pages, one statement a page, held the thread.
        for (const slice of slices(
          lastPerKey(pages, (p) => p.path),
          CHANGES_PER_INSERT,
        ))
          db.insert(changedPages)
            .values(slice.map((page) => ({ spaceId, ...page })))
            .onConflictDoUpdate({
              target: [changedPages.spaceId, changedPages.path],
              set: laterChangeOf(changedPages),
            })
            .run()
        for (let i = 0; i < commits.length; i += COMMITS_PER_INSERT)
          db.insert(pageCommits)
            .values(commits.slice(i, i + COMMITS_PER_INSERT).map((commit) => ({ spaceId, ...commit })))
            .run()
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
