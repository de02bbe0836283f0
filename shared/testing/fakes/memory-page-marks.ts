import type { ChangedPage, PageCommit, PageMarkStore, PendingPage } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { gitRowOf } from './memory-git-state.ts'
import type { MemoryOrgScope } from './memory-org-scope.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, fields, limited, type MemoryTables, nextId, pick, rowsOf } from './memory-tables.ts'

const CHANGED_PAGE = fields<ChangedPage>({
  path: true,
  key: true,
  commit: true,
  author: true,
  date: true,
  source: true,
  via: true,
  before: true,
  after: true,
})

const PAGE_COMMIT = fields<PageCommit>({
  path: true,
  commit: true,
  author: true,
  date: true,
  subject: true,
  source: true,
  via: true,
  before: true,
  after: true,
})

/** The inbox marks and change log of one space in memory; a space of another organization is refused. */
export function memoryPageMarks(
  tables: MemoryTables,
  { check }: MemoryOrgScope,
  spaceId: number,
): PageMarkStore {
  const store: Sync<PageMarkStore> = {
    get: () => {
      check(spaceId)
      // In path order, as SQLite reads them through the table's key.
      const marks = [...(tables.pageMarks.get(spaceId) ?? [])].sort(([a], [b]) => byBinary(a, b))
      return new Map(marks.map(([path, mark]) => [path, mark.sha]))
    },
    mark: (marks, now) => {
      check(spaceId)
      const kept = rowsOf(tables.pageMarks, spaceId)
      for (const { path, sha } of marks) kept.set(path, { sha, markedAt: now })
    },
    resetChangeBase: (base) => {
      check(spaceId)
      Object.assign(gitRowOf(tables, spaceId), { changeBase: base, changeCursor: base })
      tables.pageMarks.delete(spaceId)
      tables.changedPages.delete(spaceId)
      tables.pageCommits = tables.pageCommits.filter((row) => row.spaceId !== spaceId)
    },
    changeCursor: () => {
      check(spaceId)
      return tables.spaceGit.get(spaceId)?.changeCursor ?? null
    },
    pendingPages: ({ limit, key }) => {
      check(spaceId)
      const marks = tables.pageMarks.get(spaceId)
      const pending: PendingPage[] = [...(tables.changedPages.get(spaceId)?.values() ?? [])]
        .filter((page) => page.before !== page.after && (key === undefined || page.key === key))
        .flatMap((page) => {
          const mark = marks?.get(page.path)
          // Seen at the blob it has now: nothing to report.
          if (mark && mark.sha === page.after) return []
          return [{ ...page, seen: mark ? mark.sha : undefined }]
        })
        .sort((a, b) => b.date - a.date || byBinary(a.path, b.path))
      return { pages: limited(pending, limit), total: pending.length }
    },
    recordChanges: (from, to, pages, commits) => {
      check(spaceId)
      const git = tables.spaceGit.get(spaceId)
      if (!git || (git.changeCursor ?? git.changeBase) !== from) return false
      const logged = rowsOf(tables.changedPages, spaceId)
      for (const page of pages) {
        const first = logged.get(page.path)
        // A page already logged keeps the blob it had before its first change.
        logged.set(page.path, { ...pick(page, CHANGED_PAGE), before: first ? first.before : page.before })
      }
      for (const commit of commits)
        tables.pageCommits.push({ id: nextId(tables, 'rows'), spaceId, commit: pick(commit, PAGE_COMMIT) })
      git.changeCursor = to
      return true
    },
    pageCommits: (path, limit) => {
      check(spaceId)
      const commits = tables.pageCommits
        .filter((row) => row.spaceId === spaceId && row.commit.path === path)
        .sort((a, b) => b.id - a.id)
        .map((row) => row.commit)
      return limited(commits, limit)
    },
  }
  return memoryPort(store)
}
