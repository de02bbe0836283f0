import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { PageMarkStore } from '../../ports/store.ts'
import { laterChangeOf } from '../database/batch-helpers.ts'
import type { OrgScope } from './org-scope.ts'
import { byCodePoint, excluded, lastPerKey, slices } from './query-helpers.ts'
import { changedPages, pageCommits, pageMarks, spaceGit } from './schema.ts'

/** Marks per insert: 4 parameters each, well under PostgreSQL's limit. */
const MARKS_PER_STATEMENT = 2000
/** Change log rows per insert: at most 11 parameters each. */
const CHANGES_PER_STATEMENT = 4000

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
export function pageMarkStore(scope: OrgScope, spaceId: number): PageMarkStore {
  const { db, check, write } = scope
  return {
    get: async () => {
      await check(spaceId)
      const rows = await db.select().from(pageMarks).where(eq(pageMarks.spaceId, spaceId))
      return new Map(rows.map((r) => [r.path, r.sha]))
    },
    mark: (marks, now) =>
      write(spaceId, async (tx) => {
        const rows = lastPerKey(marks, (m) => m.path)
        for (const slice of slices(rows, MARKS_PER_STATEMENT)) {
          await tx
            .insert(pageMarks)
            .values(slice.map((m) => ({ spaceId, path: m.path, sha: m.sha, markedAt: now })))
            .onConflictDoUpdate({
              target: [pageMarks.spaceId, pageMarks.path],
              set: { sha: excluded(pageMarks.sha), markedAt: now },
            })
        }
      }),
    resetChangeBase: (base) =>
      write(spaceId, async (tx) => {
        await tx
          .insert(spaceGit)
          .values({ spaceId, changeBase: base, changeCursor: base })
          .onConflictDoUpdate({ target: spaceGit.spaceId, set: { changeBase: base, changeCursor: base } })
        await tx.delete(pageMarks).where(eq(pageMarks.spaceId, spaceId))
        await tx.delete(changedPages).where(eq(changedPages.spaceId, spaceId))
        await tx.delete(pageCommits).where(eq(pageCommits.spaceId, spaceId))
      }),
    changeCursor: async () => {
      await check(spaceId)
      const [row] = await db
        .select({ cursor: spaceGit.changeCursor })
        .from(spaceGit)
        .where(eq(spaceGit.spaceId, spaceId))
      return row?.cursor ?? null
    },
    pendingPages: async ({ limit, key }) => {
      await check(spaceId)
      const pending = and(
        eq(changedPages.spaceId, spaceId),
        sql`${changedPages.before} IS DISTINCT FROM ${changedPages.after}`,
        sql`(${pageMarks.path} IS NULL OR ${pageMarks.sha} IS DISTINCT FROM ${changedPages.after})`,
        key === undefined ? undefined : eq(changedPages.key, key),
      )
      const marked = and(eq(pageMarks.spaceId, changedPages.spaceId), eq(pageMarks.path, changedPages.path))
      // Counted apart: a count over the page's query would make it sort every row, not stop at `limit`.
      const rows = await db
        .select({ ...PAGE_COLUMNS, markedPath: pageMarks.path, markedSha: pageMarks.sha })
        .from(changedPages)
        .leftJoin(pageMarks, marked)
        .where(pending)
        .orderBy(desc(changedPages.date), byCodePoint(changedPages.path))
        .limit(limit ?? Number.MAX_SAFE_INTEGER)
      const pages = rows.map(({ markedPath, markedSha, ...page }) => ({
        ...page,
        seen: markedPath === null ? undefined : markedSha,
      }))
      if (limit === undefined) return { pages, total: pages.length }
      const [counted] = await db
        .select({ n: count() })
        .from(changedPages)
        .leftJoin(pageMarks, marked)
        .where(pending)
      return { pages, total: counted?.n ?? 0 }
    },
    recordChanges: (from, to, pages, commits) =>
      write(spaceId, async (tx) => {
        // Locks the space's row, so two instances reading the same commits record them once.
        const [row] = await tx
          .select({ cursor: spaceGit.changeCursor, base: spaceGit.changeBase })
          .from(spaceGit)
          .where(eq(spaceGit.spaceId, spaceId))
          .for('update')
        if (!row || (row.cursor ?? row.base) !== from) return false
        for (const slice of slices(
          lastPerKey(pages, (p) => p.path),
          CHANGES_PER_STATEMENT,
        )) {
          await tx
            .insert(changedPages)
            .values(slice.map((page) => ({ spaceId, ...page })))
            .onConflictDoUpdate({
              target: [changedPages.spaceId, changedPages.path],
              set: laterChangeOf(changedPages),
            })
        }
        for (const slice of slices(commits, CHANGES_PER_STATEMENT))
          await tx.insert(pageCommits).values(slice.map((commit) => ({ spaceId, ...commit })))
        await tx.update(spaceGit).set({ changeCursor: to }).where(eq(spaceGit.spaceId, spaceId))
        return true
      }),
    pageCommits: async (path, limit) => {
      await check(spaceId)
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
    },
  }
}
