import { trailer } from '../../domain/commit-trailers.ts'
import { CONTENT_DIR } from '../../domain/content-path.ts'
import { pathKey } from '../../domain/path-key.ts'
import type { ChangedPage, PageCommit, PageMarkStore } from '../../ports/page-marks.ts'
import type { CommitChanges, Repo } from '../../ports/repo.ts'

/**
 * Most commits a request reads to bring the change log up to date; a longer backlog (a large push
 * or sync) is left to the background indexing, which reads it whole.
 */
export const REQUEST_COMMITS_MAX = 500

/**
 * Brings a space's change log up to `head`: reads each commit since the log's cursor once, and keeps
 * which pages it changed, by whom and through what. When another reader (a request, the indexing,
 * another instance) moved the log meanwhile, reads on from where that one left it, so no commit up
 * to `head` is missing from the log once this answered true. Answers false when more than `limit`
 * commits would have to be read (the background indexing catches up with no limit), or when other
 * readers kept moving the log on.
 */
export async function catchUpChanges(
  repo: Repo,
  marks: PageMarkStore,
  head: string | undefined,
  base: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  for (let attempt = 0; attempt < CATCH_UP_ATTEMPTS; attempt++) {
    const from = (await marks.changeCursor()) ?? base
    if (!head || head === from) return true
    // Another reader went past this head (its request saw a later tip): nothing is left to read.
    if (attempt > 0 && (await repo.isAncestor(head, from))) return true
    const commits = await repo.changesSince(from, head, CONTENT_DIR, limit)
    if (!commits) return false
    const [pages, logged] = logOf(commits)
    // Along a line of commits, a page's last change gives the blob it has at the tip; after a merge,
    // which may have kept the other side's version, the tip is read.
    if (commits.some((c) => c.parents.length > 1)) {
      const atTip = new Map((await repo.blobs(CONTENT_DIR)).map((b) => [b.path, b.sha]))
      for (const page of pages) page.after = atTip.get(page.path) ?? null
    }
    if (await marks.recordChanges(from, head, pages, logged)) return true
  }
  return false
}

/** Readers racing for one log: each lost race means another moved it on, so a few tries suffice. */
const CATCH_UP_ATTEMPTS = 5

/** What the log keeps of these commits: each page's latest change, and every change in order. */
function logOf(commits: CommitChanges[]): [ChangedPage[], PageCommit[]] {
  const logged: PageCommit[] = commits.flatMap(({ commit, changes }) =>
    changes
      .filter((c) => c.path.endsWith('.md'))
      .map((c) => ({
        path: c.path,
        commit: commit.sha,
        author: commit.author.name,
        date: commit.date,
        subject: commit.subject,
        source: trailer(commit.message, 'Source') || 'git',
        via: trailer(commit.message, 'Via'),
        before: c.before,
        after: c.after,
      })),
  )
  const latest = new Map<string, ChangedPage>()
  for (const { subject: _subject, ...change } of logged) {
    const earlier = latest.get(change.path)
    latest.set(change.path, {
      ...change,
      key: pathKey(change.path),
      before: earlier ? earlier.before : change.before,
    })
  }
  return [[...latest.values()], logged]
}
