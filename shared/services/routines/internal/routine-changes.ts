import { trailer } from '../../../domain/commit-trailers.ts'
import { isContentFile, relativeToContent } from '../../../domain/content-path.ts'
import { INBOX_DIR, NOTE_FILE } from '../../../domain/inbox-note.ts'
import type { Repo } from '../../../ports/repo.ts'

/** One change of the wiki in a period, as a digest tells it. */
export type WikiChange =
  | { kind: 'created' | 'updated' | 'deleted'; path: string; by: string; at: number }
  | { kind: 'moved'; path: string; from: string; by: string; at: number }
  | { kind: 'filed'; note: string; by: string; at: number }

/** Commits looked at, at most: a period's history, not the whole repository's. */
const COMMITS_MAX = 1000

/** Whether a page (relative to content/) lies in one of the folders (all of them when there are none). */
export function inScope(path: string, scope: string[]): boolean {
  return scope.length === 0 || scope.some((folder) => path === folder || path.startsWith(`${folder}/`))
}

/**
 * The changes made to the wiki since `since`, oldest first, following the branch's first parents:
 * pages created, updated, moved and deleted, and notes filed by the tidy-up, each with who made it.
 * The routines' own commits are left out: a report is not news.
 */
export async function changesSince(repo: Repo, since: number, scope: string[]): Promise<WikiChange[]> {
  const commits: string[] = []
  let sha = await repo.head()
  while (sha && commits.length < COMMITS_MAX) {
    const info = await repo.commitInfo(sha)
    if (!info || info.date < since) break
    commits.push(sha)
    sha = (await repo.parents(sha))[0]
  }
  const changes: WikiChange[] = []
  for (const commit of commits.reverse()) {
    const info = await repo.commitInfo(commit)
    if (!info || trailer(info.message, 'Source') === 'routine') continue
    const parent = (await repo.parents(commit))[0]
    const by = info.author.name
    const at = info.date
    const added = new Map<string, string>()
    const removed = new Map<string, string>()
    for (const path of await repo.changedPaths(parent, commit)) {
      if (path.startsWith(`${INBOX_DIR}/`) && path.endsWith(`/${NOTE_FILE}`)) {
        if (trailer(info.message, 'Source') === 'tidy' && !(await repo.read(path, commit)))
          changes.push({ kind: 'filed', note: path.split('/').at(-2) ?? '', by, at })
        continue
      }
      if (!isContentFile(path)) continue
      const page = relativeToContent(path)
      if (!inScope(page, scope)) continue
      const before = parent ? await repo.read(path, parent) : undefined
      const after = await repo.read(path, commit)
      if (before && after) changes.push({ kind: 'updated', path: page, by, at })
      else if (after) added.set(page, after.sha)
      else if (before) removed.set(page, before.sha)
    }
    for (const [page, blob] of added) {
      const from = [...removed].find(([, old]) => old === blob)?.[0]
      if (from !== undefined) {
        removed.delete(from)
        changes.push({ kind: 'moved', path: page, from, by, at })
      } else changes.push({ kind: 'created', path: page, by, at })
    }
    for (const page of removed.keys()) changes.push({ kind: 'deleted', path: page, by, at })
  }
  return changes
}
