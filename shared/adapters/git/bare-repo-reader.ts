import git, { type CommitObject } from 'isomorphic-git'
import { mapInTurns } from '../../domain/map-in-turns.ts'
import { movedHere } from '../../domain/moved-here.ts'
import type { CommitInfo, FileCommit, FileEntry, RepoReader } from '../../ports/repo.ts'
import type { BareRepoState } from './bare-repo-state.ts'
import { gitLogChangesSince, walkChangesSince } from './commit-changes.ts'
import { durableFs as fs } from './durable-files.ts'
import { blobSize, readBlobContent } from './large-blobs.ts'
import { objectId } from './loose-objects.ts'
import { caseTwinIn, commitHeader, diffTrees, entryAt, treeOf, walkBlobs } from './trees.ts'

/** How many commits `history` looks through at most before giving up on older ones. */
const HISTORY_SCAN_LIMIT = 5000

/** How many commits `history` walks at most to find the commit a page of it starts after. */
const HISTORY_CURSOR_LIMIT = 100_000
/** Up to this many commits, the changes since a known commit are read here rather than by `git log`. */
const NEAR_COMMITS = 32

/** What the API shows of a commit, from its parsed object. */
function toInfo(sha: string, commit: CommitObject): CommitInfo {
  const [subject = ''] = commit.message.split('\n')
  return {
    sha,
    author: { name: commit.author.name, email: commit.author.email },
    date: commit.author.timestamp * 1000,
    subject,
    message: commit.message,
  }
}

/**
 * Sizes read at once by a listing that does not know them yet (the first after a start): all of a
 * large space's at once ran out of file handles and queued every other request's file reads behind them.
 */
const SIZE_READS = 16
/** Bytes of blobs kept in memory by the process, and the largest blob kept. */
const BLOB_CACHE_BYTES = 32 * 1024 * 1024
const BLOB_CACHE_ENTRY_BYTES = 256 * 1024

/**
 * Small blobs' contents, by repository handle and id (a blob never changes under its id; the handle
 * is part of the key so that one space's blob is never answered from another's): a page read often is
 * not read from the disk and inflated each time. Callers get copies.
 */
const keptBlobs = new Map<string, Uint8Array>()
let keptBlobBytes = 0

function keepBlob(key: string, blob: Uint8Array): void {
  if (blob.length > BLOB_CACHE_ENTRY_BYTES || keptBlobs.has(key)) return
  while (keptBlobBytes + blob.length > BLOB_CACHE_BYTES && keptBlobs.size > 0) {
    const [oldest, bytes] = keptBlobs.entries().next().value as [string, Uint8Array]
    keptBlobs.delete(oldest)
    keptBlobBytes -= bytes.length
  }
  keptBlobs.set(key, blob.slice())
  keptBlobBytes += blob.length
}

/** The reads of a bare repository: files and blobs at the tip or any commit, and its history. */
export function bareRepoReader(state: BareRepoState): RepoReader {
  const { gitdir, g, instance, head, durable, readCommit } = state
  const sizes = new Map<string, number>()

  const blobIn = async (tree: string, path: string) => {
    const entry = await entryAt(g, tree, path)
    return entry?.type === 'blob' ? entry.oid : undefined
  }
  const blobAt = async (path: string, commit: string | undefined) =>
    commit ? blobIn(await treeOf(g, commit), path) : undefined
  const blobContent = async (oid: string): Promise<Uint8Array> => {
    const key = `${instance}:${oid}`
    const kept = keptBlobs.get(key)
    if (kept) return kept.slice()
    const blob = await readBlobContent(gitdir, oid, g.cache)
    keepBlob(key, blob)
    return blob
  }
  const sizeOf = async (oid: string) => {
    let size = sizes.get(oid)
    if (size === undefined) {
      size = await blobSize(gitdir, oid, g.cache)
      sizes.set(oid, size)
    }
    return size
  }

  const reader: RepoReader = {
    head,
    read: async (path, at) => {
      await durable()
      const oid = await blobAt(path, at ?? (await head()))
      if (!oid) return undefined
      const blob = await blobContent(oid)
      sizes.set(oid, blob.length)
      return { sha: oid, bytes: blob }
    },
    shaOf: async (path) => blobAt(path, await head()),
    caseTwin: async (path) => {
      const tip = await head()
      return tip ? caseTwinIn(g, await treeOf(g, tip), path) : undefined
    },
    readBlob: async (sha) => {
      try {
        return await blobContent(sha)
      } catch {
        return undefined
      }
    },
    commitInfo: async (sha) => {
      await durable()
      try {
        return toInfo(sha, await readCommit(sha))
      } catch {
        return undefined
      }
    },
    parents: async (commit) => {
      await durable()
      return (await commitHeader(g, commit)).parents
    },
    blobId: async (bytes) => objectId('blob', bytes),
    blobs: async (folder) => {
      const tip = await head()
      const entry = tip ? await entryAt(g, await treeOf(g, tip), folder) : undefined
      if (entry?.type !== 'tree') return []
      return (await walkBlobs(g, entry.oid, folder)).map((b) => ({ path: b.path, sha: b.oid }))
    },
    list: async (folder, known) => {
      const tip = await head()
      const entry = tip ? await entryAt(g, await treeOf(g, tip), folder) : undefined
      if (entry?.type !== 'tree') return []
      const blobs = await walkBlobs(g, entry.oid, folder)
      return mapInTurns(
        blobs,
        SIZE_READS,
        async (blob): Promise<FileEntry> => ({
          path: blob.path,
          sha: blob.oid,
          size: known?.get(blob.oid) ?? (await sizeOf(blob.oid)),
        }),
      )
    },
    isAncestor: async (ancestor, commit) => {
      await durable()
      if (ancestor === commit) return true
      return git.isDescendent({ fs, gitdir, oid: commit, ancestor, depth: -1, cache: g.cache })
    },
    history: async (asked, limit, follow = false, before = undefined) => {
      const out: FileCommit[] = []
      let path = asked
      const tip = await head()
      // Before the commit a page starts after, the file is followed (its moves) but nothing is listed,
      // and the look-through's limit counts from there.
      let listing = before === undefined
      let walked = 0
      // A commit whose trees cannot be read (a name Git refuses, taken before the sync refused
      // them) says nothing about the path: it is skipped, and the comparison runs past it.
      const readable = async (commit: CommitObject) => {
        try {
          return { blob: await blobIn(commit.tree, path) }
        } catch {
          return undefined
        }
      }
      // Each commit is read once: the parent read for its blob is the next step's commit.
      let current = tip ? { sha: tip, commit: await readCommit(tip) } : undefined
      let currentBlob = current ? (await readable(current.commit))?.blob : undefined
      for (let scanned = 0; current && out.length < limit && scanned < HISTORY_SCAN_LIMIT; scanned++) {
        if (!listing) {
          if (++walked > HISTORY_CURSOR_LIMIT) break
          scanned = 0
        }
        let parentSha = current.commit.parent[0]
        let parent: { sha: string; commit: CommitObject } | undefined
        let parentBlob: string | undefined
        while (parentSha && scanned < HISTORY_SCAN_LIMIT) {
          const commit = await readCommit(parentSha)
          const read = await readable(commit)
          if (read) {
            parent = { sha: parentSha, commit }
            parentBlob = read.blob
            break
          }
          parentSha = commit.parent[0]
          scanned++
        }
        // Created here: moved from another path, whose commits then follow.
        const movedFrom =
          follow && parent && currentBlob !== undefined && parentBlob === undefined
            ? movedHere(await diffTrees(g, parent.commit.tree, current.commit.tree), path, currentBlob)
            : undefined
        if (listing && (parentBlob !== currentBlob || movedFrom !== undefined))
          out.push({ ...toInfo(current.sha, current.commit), ...(path !== asked ? { path } : {}) })
        else if (current.sha === before) listing = true
        if (movedFrom !== undefined && parent) {
          path = movedFrom
          parentBlob = (await readable(parent.commit))?.blob
        }
        current = parent
        currentBlob = parentBlob
      }
      return out
    },
    changedPaths: async (from, to) => {
      await durable()
      const a = from ? await treeOf(g, from) : undefined
      const b = to ? await treeOf(g, to) : undefined
      return (await diffTrees(g, a, b)).map((d) => d.path)
    },
    diff: async (from, to) => {
      await durable()
      return diffTrees(g, from ? await treeOf(g, from) : undefined, to ? await treeOf(g, to) : undefined)
    },
    changesSince: async (known, tip, folder, limit) => {
      // git reads the objects from disk: every commit made so far must be there.
      await durable()
      // A few new commits (a write, a small push) are read here, quicker than starting git.
      const near = await walkChangesSince(reader, known, tip, folder, Math.min(limit, NEAR_COMMITS))
      if (near || limit <= NEAR_COMMITS) return near
      try {
        return await gitLogChangesSince(gitdir, known, tip, folder, limit)
      } catch {
        // No git program here (a desktop without it), or a range it cannot read: walk it ourselves.
        return walkChangesSince(reader, known, tip, folder, limit)
      }
    },
  }
  return reader
}
