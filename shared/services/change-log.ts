import { CONTENT_DIR } from '../domain/content-path.ts'
import type { ChangedPage, PageCommit, PageMarkStore } from '../ports/page-marks.ts'
import type { CommitInfo, Repo } from '../ports/repo.ts'

/**
 * Most commits a request reads to bring the change log up to date; a longer backlog (a large push
 * or sync) is left to the background indexing, which reads it whole.
 */
export const REQUEST_COMMITS_MAX = 500

/** A commit's trailer (`Source: web`), or '' without one. */
export function trailer(message: string, key: string): string {
  return new RegExp(`^${key}: (.+)$`, 'm').exec(message)?.[1]?.trim() ?? ''
}

const isPage = (path: string) => path.startsWith(`${CONTENT_DIR}/`) && path.endsWith('.md')

type Walked = { sha: string; info: CommitInfo; parents: string[]; order: number }

/** Commits whose changes are read at once. */
const DIFF_READS = 4

/** Commits read past the point where only known ones are left, to catch a known side running late. */
const SLOP = 16

/**
 * The commits from `tip` back to `known` along first parents, oldest first, when `known` is on that
 * line and no merge is on the way (the usual case: commits made here, fast-forwards, linear pushes);
 * undefined otherwise, or past `limit` commits.
 */
async function linearCommits(
  repo: Repo,
  tip: string,
  known: string | undefined,
  limit: number,
): Promise<Walked[] | undefined> {
  const found: Walked[] = []
  for (let sha: string | undefined = tip; sha !== known; ) {
    if (!sha || found.length >= limit) return undefined
    const [info, parents]: [CommitInfo | undefined, string[]] = await Promise.all([
      repo.commitInfo(sha),
      repo.parents(sha),
    ])
    if (!info || parents.length > 1) return undefined
    found.push({ sha, info, parents, order: found.length })
    sha = parents[0]
  }
  return found.reverse()
}

/**
 * The commits reachable from `tip` and not from `known`, oldest first (parents before children), as
 * `git rev-list tip ^known` gives them. Linear history is read straight down; otherwise both sides
 * are walked in turns, each newest first, so a merge of a branch that forked long ago reads only
 * the commits since the fork, and dates out of order (a commit replayed later keeps its author's
 * date) cannot make the walk take a known commit for a new one. Undefined once more than `limit`
 * commits are read.
 */
async function commitsBetween(
  repo: Repo,
  tip: string,
  known: string | undefined,
  limit: number,
): Promise<Walked[] | undefined> {
  const linear = await linearCommits(repo, tip, known, limit)
  if (linear) return linear
  type Entry = { walked: Walked; isKnown: boolean; isDone: boolean }
  const seen = new Map<string, Entry>()
  const queue: Entry[] = []
  // Reached from `known` after all: so is everything it led to.
  const markKnown = (entry: Entry) => {
    const stack = [entry]
    for (let e = stack.pop(); e; e = stack.pop()) {
      if (e.isKnown) continue
      e.isKnown = true
      if (e.isDone)
        for (const parent of e.walked.parents) {
          const reached = seen.get(parent)
          if (reached) stack.push(reached)
        }
    }
  }
  const visit = async (sha: string, isKnown: boolean) => {
    const found = seen.get(sha)
    if (found) {
      if (isKnown) markKnown(found)
      return
    }
    const [info, parents] = await Promise.all([repo.commitInfo(sha), repo.parents(sha)])
    // A commit that cannot be read (gone after a rewrite) ends its side of the walk.
    if (!info) return
    const entry = { walked: { sha, info, parents, order: seen.size }, isKnown, isDone: false }
    seen.set(sha, entry)
    queue.push(entry)
  }
  // Newest first; among equal dates, the one reached first (a child before its parents).
  const newest = (side: boolean) =>
    queue.reduce<Entry | undefined>(
      (best, e) =>
        e.isKnown !== side
          ? best
          : !best ||
              e.walked.info.date > best.walked.info.date ||
              (e.walked.info.date === best.walked.info.date && e.walked.order < best.walked.order)
            ? e
            : best,
      undefined,
    )
  await visit(tip, false)
  if (known) await visit(known, true)
  const done: Entry[] = []
  let knownTurn = false
  for (let slop = SLOP; queue.length > 0 && slop > 0; knownTurn = !knownTurn) {
    if (seen.size > limit) return undefined
    const next = newest(knownTurn) ?? newest(!knownTurn)
    if (!next) break
    queue.splice(queue.indexOf(next), 1)
    next.isDone = true
    done.push(next)
    for (const parent of next.walked.parents) await visit(parent, next.isKnown)
    if (!queue.some((e) => !e.isKnown)) slop--
  }
  return done
    .filter((e) => !e.isKnown)
    .map((e) => e.walked)
    .reverse()
}

/** The page changes a commit made: against its only parent, or for a merge those unlike every parent. */
async function pageChangesOf(repo: Repo, commit: Walked): Promise<PageCommit[]> {
  const { info } = commit
  const [first, ...others] = commit.parents
  let changes = (await repo.diff(first, commit.sha)).filter((c) => isPage(c.path))
  // A merge's own changes are the paths it gives a blob no parent had: the rest came from a side.
  for (const other of others) {
    if (changes.length === 0) break
    const unlike = new Set((await repo.diff(other, commit.sha)).map((c) => c.path))
    changes = changes.filter((c) => unlike.has(c.path))
  }
  return changes.map((c) => ({
    path: c.path,
    commit: commit.sha,
    author: info.author.name,
    date: info.date,
    subject: info.subject,
    source: trailer(info.message, 'Source') || 'git',
    via: trailer(info.message, 'Via'),
    before: c.before,
    after: c.after,
  }))
}

/**
 * Brings a space's change log up to `head`: reads each commit since the log's cursor once, and keeps
 * which pages it changed, by whom and through what. Answers false, recording nothing, when more than
 * `limit` commits would have to be read (the background indexing catches up with no limit).
 */
export async function catchUpChanges(
  repo: Repo,
  marks: PageMarkStore,
  head: string | undefined,
  base: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const from = (await marks.changeCursor()) ?? base
  if (!head || head === from) return true
  const commits = await commitsBetween(repo, head, from, limit)
  if (!commits) return false
  // Each commit's trees are read on their own, so several are read at once while others wait on disk.
  const perCommit: PageCommit[][] = new Array(commits.length)
  let next = 0
  const reader = async () => {
    for (let i = next++; i < commits.length; i = next++)
      perCommit[i] = await pageChangesOf(repo, commits[i] as Walked)
  }
  await Promise.all(Array.from({ length: Math.min(DIFF_READS, commits.length) }, reader))
  const logged = perCommit.flat()
  const latest = new Map<string, ChangedPage>()
  for (const { subject: _subject, ...change } of logged) {
    const earlier = latest.get(change.path)
    latest.set(change.path, { ...change, before: earlier ? earlier.before : change.before })
  }
  // The blob a page has at the tip: a merge may have kept the other side's version of a change.
  const pages = await Promise.all(
    [...latest.values()].map(async (page) => ({ ...page, after: (await repo.shaOf(page.path)) ?? null })),
  )
  await marks.recordChanges(from, head, pages, logged)
  return true
}
