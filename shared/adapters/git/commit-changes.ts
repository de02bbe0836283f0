import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ZERO_OID } from '../../domain/git-names.ts'
import { mapInTurns } from '../../domain/map-in-turns.ts'
import type { BlobChange, CommitChanges, CommitInfo } from '../../ports/repo.ts'

const run = promisify(execFile)

/** The reads a walk through history needs from a repository. */
export type CommitReader = {
  commitInfo(commit: string): Promise<CommitInfo | undefined>
  parents(commit: string): Promise<string[]>
  diff(from: string | undefined, to: string | undefined): Promise<BlobChange[]>
}

type Walked = { sha: string; info: CommitInfo; parents: string[]; order: number }

/** Commits read past the point where only known ones are left, to catch a known side running late. */
const SLOP = 16
/** Commits whose changes are read at once. */
const DIFF_READS = 4
/** The most a `git log` answer may weigh: about 3 KB a commit for the largest history worked on at once. */
const LOG_MAX_BYTES = 1 << 30

/**
 * The commits from `tip` back to `known` along first parents, oldest first, when `known` is on that
 * line and no merge is on the way (the usual case: commits made here, fast-forwards, linear pushes);
 * undefined otherwise, or past `limit` commits.
 */
async function linearCommits(
  repo: CommitReader,
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
  repo: CommitReader,
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

/** The files under `folder` a commit changed: against its only parent, or for a merge those unlike every parent. */
async function changesOf(repo: CommitReader, commit: Walked, folder: string): Promise<BlobChange[]> {
  const [first, ...others] = commit.parents
  let changes = (await repo.diff(first, commit.sha)).filter((c) => c.path.startsWith(`${folder}/`))
  // A merge's own changes are the paths it gives a blob no parent had: the rest came from a side.
  for (const other of others) {
    if (changes.length === 0) break
    const unlike = new Set((await repo.diff(other, commit.sha)).map((c) => c.path))
    changes = changes.filter((c) => unlike.has(c.path))
  }
  return changes
}

/**
 * What `changesSince` answers, worked out through the repository's own reads (no `git` program):
 * every commit in range, including those that changed nothing under `folder`.
 */
export async function walkChangesSince(
  repo: CommitReader,
  known: string | undefined,
  tip: string,
  folder: string,
  limit: number,
): Promise<CommitChanges[] | undefined> {
  const commits = await commitsBetween(repo, tip, known, limit)
  if (!commits) return undefined
  // Each commit's trees are read on their own, so several are read at once while others wait on disk.
  return mapInTurns(commits, DIFF_READS, async (commit) => ({
    commit: commit.info,
    parents: commit.parents,
    // A tree that cannot be read (a name Git refuses, from before a sync refused it) tells nothing.
    changes: await changesOf(repo, commit, folder).catch(() => []),
  }))
}

/**
 * What `changesSince` answers, through `git log` (much faster on long histories): only the commits
 * that changed something under `folder`. Undefined past `limit` commits; throws when `git` cannot
 * be run or cannot read the range (the caller then walks it itself).
 */
export async function gitLogChangesSince(
  gitdir: string,
  known: string | undefined,
  tip: string,
  folder: string,
  limit: number,
): Promise<CommitChanges[] | undefined> {
  const args = [
    '--git-dir',
    gitdir,
    '-c',
    'log.showSignature=false',
    'log',
    '--reverse',
    '--topo-order',
    '-c',
    '--raw',
    '--no-abbrev',
    '--no-renames',
    '--no-color',
    '-z',
    '--format=%x00%H%x00%P%x00%an%x00%ae%x00%at%x00%B',
    ...(Number.isFinite(limit) ? [`--max-count=${limit + 1}`] : []),
    tip,
    ...(known ? [`^${known}`] : []),
    '--',
    `${folder}/`,
  ]
  // Nobody's configuration, and no GIT_DIR or GIT_OBJECT_DIRECTORY from the server's own environment.
  const env: NodeJS.ProcessEnv = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] ??= value
  const { stdout } = await run('git', args, { env, maxBuffer: LOG_MAX_BYTES, encoding: 'buffer' })
  const commits = parseLog(stdout.toString('utf8'))
  return commits.length > limit ? undefined : commits
}

/** The commits of `git log -z --raw -c` with the format above. */
function parseLog(out: string): CommitChanges[] {
  const tokens = out.split('\0')
  const commits: CommitChanges[] = []
  let i = 0
  while (i < tokens.length) {
    // Each commit starts with an empty token (the format's leading NUL) followed by its hash.
    if (tokens[i] !== '' || !/^[0-9a-f]{40,64}$/.test(tokens[i + 1] ?? '')) {
      i++
      continue
    }
    const [sha = '', parents = '', name = '', email = '', at = '', message = ''] = tokens.slice(i + 1, i + 7)
    i += 7
    const changes: BlobChange[] = []
    // Then its raw lines: ":modes… oids… status" (one colon per parent), and the path.
    while (i < tokens.length && (tokens[i] ?? '').replace(/^\n/, '').startsWith(':')) {
      const header = (tokens[i] ?? '').replace(/^\n/, '')
      const path = tokens[i + 1] ?? ''
      i += 2
      const colons = /^:+/.exec(header)?.[0].length ?? 1
      const fields = header.slice(colons).split(' ')
      const oids = fields.slice(colons + 1, 2 * colons + 2)
      const before = oids[0] ?? ''
      const after = oids[colons] ?? ''
      changes.push({
        path,
        before: before === ZERO_OID ? null : before,
        after: after === ZERO_OID ? null : after,
      })
    }
    const text = message.replace(/\n$/, '')
    commits.push({
      commit: {
        sha,
        author: { name, email },
        date: Number(at) * 1000,
        subject: text.split('\n')[0] ?? '',
        message: text,
      },
      parents: parents.split(' ').filter(Boolean),
      changes,
    })
  }
  return commits
}
