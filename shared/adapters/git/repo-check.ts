import { createHash } from 'node:crypto'
import { open, readdir, readFile, rm, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import git from 'isomorphic-git'
import { COMMIT_ID } from '../../domain/git-names.ts'
import type { RepoCheck } from '../../ports/space-repos.ts'
import { durableFs as fs, replaceFile, TEMP_PREFIX } from './durable-files.ts'
import { newObjects } from './objects.ts'
import { DamagedRefError, pruneReflog, readRef, reflogValues, trimReflog, writeRef } from './refs.ts'
import { type GitDir, gitDir } from './trees.ts'

/**
 * The check of a space's repository at start: leftovers of interrupted writes removed, the branch
 * ref readable, and every object it reaches present and intact (isomorphic-git checks each object's
 * hash as it reads it). Only what was written since the last check is read again (`VERIFIED_FILE`
 * names the tip checked then), so a start with many spaces stays quick. A damaged branch is moved
 * back to its newest intact state: from the reflog, else the last pushed commit, else the newest
 * intact commit found among the objects; it is never replaced by a new history.
 */

/** The file, in the repository folder, naming the tip whose objects were last checked. */
const VERIFIED_FILE = 'quire-verified'
/** A reflog longer than this is cut down to its last REFLOG_KEEP lines. */
const REFLOG_MAX = 10_000
const REFLOG_KEEP = 1_000

/** Removes temporary files left by writes a crash interrupted, and stale Git lock files. */
async function removeLeftovers(gitdir: string): Promise<number> {
  let removed = 0
  const sweep = async (folder: string, recursive: boolean): Promise<void> => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        // A pushed pack's quarantine (objects/.tmp-incoming-…) that a crash left behind.
        if (entry.name.startsWith(TEMP_PREFIX)) {
          await rm(path, { recursive: true, force: true })
          removed++
        } else if (recursive) await sweep(path, true)
      } else if (entry.name.startsWith(TEMP_PREFIX) || entry.name.endsWith('.lock')) {
        await unlink(path).catch(() => undefined)
        removed++
      }
    }
  }
  await sweep(gitdir, false)
  await sweep(join(gitdir, 'objects'), false)
  await sweep(join(gitdir, 'objects', 'pack'), false)
  await sweep(join(gitdir, 'refs'), true)
  await sweep(join(gitdir, 'logs'), true)
  return removed
}

/** The last 20 bytes of a file (a pack's checksum, or the one an index records), or undefined. */
async function tail(path: string, length: number, skipFromEnd = 0): Promise<Buffer | undefined> {
  try {
    const size = (await stat(path)).size
    if (size < length + skipFromEnd) return undefined
    const handle = await open(path, 'r')
    try {
      const buffer = Buffer.alloc(length)
      await handle.read(buffer, 0, length, size - length - skipFromEnd)
      return buffer
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}

/**
 * Removes packs a crash left incomplete: a pack without its index, or whose checksum is not the
 * one its index records (an index ends with the pack's checksum, then its own).
 */
async function removeBrokenPacks(gitdir: string): Promise<string[]> {
  const folder = join(gitdir, 'objects', 'pack')
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names.filter((n) => n.endsWith('.pack'))) {
    const base = name.slice(0, -'.pack'.length)
    const recorded = await tail(join(folder, `${base}.idx`), 20, 20)
    const actual = await tail(join(folder, name), 20)
    if (recorded && actual && recorded.equals(actual)) continue
    await unlink(join(folder, name)).catch(() => undefined)
    await unlink(join(folder, `${base}.idx`)).catch(() => undefined)
    removed.push(name)
  }
  for (const name of names.filter((n) => n.endsWith('.idx'))) {
    if (!names.includes(`${name.slice(0, -'.idx'.length)}.pack`)) {
      await unlink(join(folder, name)).catch(() => undefined)
      removed.push(name)
    }
  }
  return removed
}

/** Whether a loose object's file holds the object its name says (false when it is torn or altered). */
function isSound(oid: string, file: Buffer): boolean {
  try {
    return createHash('sha1').update(inflateSync(file)).digest('hex') === oid
  } catch {
    return false
  }
}

/**
 * Reads one object; when that fails and its loose file is damaged, the file is removed, so the
 * object reads as missing (and a later write or fetch of it stores it whole) rather than as garbage.
 */
async function readChecked<T>(gitdir: string, oid: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const path = join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2))
    const file = await readFile(path).catch(() => undefined)
    if (file && !isSound(oid, file)) await unlink(path).catch(() => undefined)
    throw error
  }
}

/*
 * The readers take the check's cache: without one, isomorphic-git reads and hashes every pack whole
 * again for each object, and the check of a 10,000-page space read at start took eleven minutes. The
 * cache keeps packs' indexes and contents for one check; each object is still checked as it is read.
 */
const readTree = (gitdir: string, oid: string, cache: object = {}) =>
  readChecked(gitdir, oid, async () => (await git.readTree({ fs, gitdir, oid, cache })).tree)
const readBlob = (gitdir: string, oid: string, cache: object = {}) =>
  readChecked(gitdir, oid, () => git.readBlob({ fs, gitdir, oid, cache }))
const readCommit = (gitdir: string, oid: string, cache: object = {}) =>
  readChecked(gitdir, oid, async () => (await git.readCommit({ fs, gitdir, oid, cache })).commit)

/**
 * Reads every tree and blob of `after` that `before` lacks (all of `after` when undefined): each
 * read checks the object's hash, and a damaged loose file is removed.
 */
async function readNewObjects(g: GitDir, before: string | undefined, after: string): Promise<void> {
  const read = new Set<string>()
  const ids = new Set<string>()
  await newObjects(g, before, after, ids, (_g, oid) => {
    read.add(oid)
    return readTree(g.gitdir, oid, g.cache)
  })
  for (const oid of ids) if (!read.has(oid)) await readBlob(g.gitdir, oid, g.cache)
}

/**
 * Reads what a tip reaches, throwing at the first missing or damaged object: every commit back to
 * `verified` with what each added, or, when `verified` is not met, the whole tree of the tip and
 * every commit of its history.
 */
async function readReachable(gitdir: string, tip: string, verified: string | undefined): Promise<void> {
  // Fresh caches: every object is read from the disk, not remembered from an earlier check.
  const g = gitDir(gitdir)
  const chain: { oid: string; tree: string; parent: string | undefined }[] = []
  let current: string | undefined = tip
  while (current && current !== verified) {
    const commit = await readCommit(gitdir, current, g.cache)
    chain.push({ oid: current, tree: commit.tree, parent: commit.parent[0] })
    current = commit.parent[0]
  }
  if (current === verified && verified !== undefined) {
    const trees = new Map<string, string>()
    for (const link of chain) trees.set(link.oid, link.tree)
    for (const link of chain) {
      const parentTree =
        link.parent === undefined
          ? undefined
          : (trees.get(link.parent) ?? (await readCommit(gitdir, link.parent, g.cache)).tree)
      await readNewObjects(g, parentTree, link.tree)
    }
    return
  }
  const first = chain[0]
  if (first) await readNewObjects(g, undefined, first.tree)
}

/** Whether everything a commit reaches is present and intact. */
async function isIntact(gitdir: string, tip: string, verified?: string): Promise<boolean> {
  try {
    await readReachable(gitdir, tip, verified)
    return true
  } catch {
    return false
  }
}

/** Loose commits no other loose commit names as parent, newest first: the ends of lost histories. */
async function danglingCommits(gitdir: string): Promise<string[]> {
  const commits = new Map<string, { time: number; parents: string[] }>()
  const objects = join(gitdir, 'objects')
  for (const fanout of await readdir(objects).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(fanout)) continue
    for (const rest of await readdir(join(objects, fanout)).catch(() => [] as string[])) {
      const oid = fanout + rest
      try {
        const { commit } = await git.readCommit({ fs, gitdir, oid })
        commits.set(oid, { time: commit.committer.timestamp, parents: commit.parent })
      } catch {
        // not a commit, or damaged: not a candidate
      }
    }
  }
  const parents = new Set([...commits.values()].flatMap((c) => c.parents))
  return [...commits]
    .filter(([oid]) => !parents.has(oid))
    .sort((a, b) => b[1].time - a[1].time)
    .map(([oid]) => oid)
}

/** The tip that was last checked, if recorded. */
async function verifiedTip(gitdir: string): Promise<string | undefined> {
  const text = await readFile(join(gitdir, VERIFIED_FILE), 'utf8').catch(() => '')
  return COMMIT_ID.test(text.trim()) ? text.trim() : undefined
}

/** The branch's value, or 'damaged' when its file holds no commit id. */
async function branchValue(gitdir: string, ref: string): Promise<string | undefined | 'damaged'> {
  try {
    return await readRef(gitdir, ref)
  } catch (error) {
    if (error instanceof DamagedRefError) return 'damaged'
    throw error
  }
}

/**
 * The last pushed commit, as the tracking ref says; a tracking ref that is damaged or names a
 * commit that cannot be read is removed ('removed'): the next fetch learns it again.
 */
async function soundTracking(gitdir: string, ref: string): Promise<string | undefined | 'removed'> {
  const value = await branchValue(gitdir, ref)
  if (value === undefined) return undefined
  if (
    value !== 'damaged' &&
    (await readCommit(gitdir, value).then(
      () => true,
      () => false,
    ))
  )
    return value
  await unlink(join(gitdir, ref)).catch(() => undefined)
  return 'removed'
}

/** Checks a space's bare repository on `branch`, repairing what a crash may have left (see above). */
export async function checkRepository(gitdir: string, branch: string): Promise<RepoCheck> {
  try {
    await stat(join(gitdir, 'objects'))
  } catch {
    return { status: 'missing' }
  }
  const localRef = `refs/heads/${branch}`
  const leftovers = await removeLeftovers(gitdir)
  const brokenPacks = await removeBrokenPacks(gitdir)
  await trimReflog(gitdir, localRef, REFLOG_MAX, REFLOG_KEEP)
  const trackingRef = `refs/remotes/origin/${branch}`
  const tracking = await soundTracking(gitdir, trackingRef)
  const removed = leftovers + brokenPacks.length + (tracking === 'removed' ? 1 : 0)
  const value = await branchValue(gitdir, localRef)
  const history = await reflogValues(gitdir, localRef)
  // No branch and nothing ever logged for it: a space whose first sync has not happened yet.
  if (value === undefined && history.length === 0) return { status: 'ok', head: null, removed }

  const verified = await verifiedTip(gitdir)
  if (value !== undefined && value !== 'damaged' && (await isIntact(gitdir, value, verified))) {
    // A hint only (a lost one means more reading next time): not worth a flush per space.
    if (value !== verified) await replaceFile(join(gitdir, VERIFIED_FILE), `${value}\n`, { flush: false })
    return { status: 'ok', head: value, removed }
  }

  // The branch is damaged: its newest intact state, by the most reliable witness first.
  const witnesses: { source: 'reflog' | 'remote' | 'objects'; oids: () => Promise<string[]> }[] = [
    { source: 'reflog', oids: async () => history },
    { source: 'remote', oids: async () => (tracking && tracking !== 'removed' ? [tracking] : []) },
    { source: 'objects', oids: () => danglingCommits(gitdir) },
  ]
  const damagedHead = typeof value === 'string' && value !== 'damaged' ? value : null
  for (const witness of witnesses) {
    for (const oid of await witness.oids()) {
      if (oid === damagedHead || !(await isIntact(gitdir, oid))) continue
      // The reflog keeps only commits that are still whole, as `git reflog expire --stale-fix` would.
      await pruneReflog(gitdir, localRef, (commit) =>
        readCommit(gitdir, commit).then(
          () => true,
          () => false,
        ),
      )
      await writeRef(gitdir, localRef, oid, undefined, `repair: restored from ${witness.source}`)
      await replaceFile(join(gitdir, VERIFIED_FILE), `${oid}\n`, { flush: false })
      return { status: 'repaired', head: oid, damagedHead, source: witness.source, removed }
    }
  }
  return { status: 'damaged', damagedHead, removed }
}
