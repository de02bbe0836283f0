import git, { type CommitObject } from 'isomorphic-git'
import { isSshAddress } from '../../domain/git-address.ts'
import { mapInTurns } from '../../domain/map-in-turns.ts'
import {
  type CommitInfo,
  type FileChange,
  type FileEntry,
  PathClashError,
  type RemoteAccess,
  type Repo,
} from '../../ports/repo.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import { gitLogChangesSince, walkChangesSince } from './commit-changes.ts'
import { durableFs as fs } from './durable-files.ts'
import { gitHttpClient } from './git-http.ts'
import { blobSize, readBlobContent } from './large-blobs.ts'
import { objectId, stageObject } from './loose-objects.ts'
import { commitsSince, packSince } from './objects.ts'
import { basicAuth, discoverReceivePack, sendReceivePack, ZERO_OID } from './receive-pack.ts'
import { readRef, writeRef } from './refs.ts'
import { httpAuth } from './remote-access.ts'
import { talkToRemote } from './remote-errors.ts'
import { replayOnto, stageCommit, treeWith } from './replay.ts'
import { cliFetch, cliPush } from './ssh-remote.ts'
import {
  commitHeader,
  diffTrees,
  entryAt,
  findClash,
  flushObjects,
  type GitDir,
  gitDir,
  type Pending,
  treeOf,
  unsafeEntry,
  walkBlobs,
} from './trees.ts'

/** How many commits `history` looks through at most before giving up on older ones. */
const HISTORY_SCAN_LIMIT = 5000
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
/** Repository handles made so far: each one's kept blobs are its own, even at a folder used again. */
let instances = 0

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

/**
 * A space's bare repository on one branch, read and written through Git objects (no work tree, no
 * index). Its remotes are reached only where `guard` allows, and their failures come out as
 * RemoteFailure with a message that repeats nothing the remote sent.
 */
export function bareRepo(
  gitdir: string,
  branch: string,
  guard: OutboundGuard,
  { sharedStorage = false }: { sharedStorage?: boolean } = {},
): Repo {
  const g: GitDir = gitDir(gitdir)
  const instance = ++instances
  const http = gitHttpClient(guard)
  const localRef = `refs/heads/${branch}`
  const trackingRef = `refs/remotes/origin/${branch}`
  const sizes = new Map<string, number>()
  /** What the remote said it supports, learnt at the first push: later pushes skip the discovery round trip. */
  let remoteCapabilities: Set<string> | undefined

  // When this process is the only writer of the repository's refs, their values are kept in memory.
  // On storage shared by several instances another one may move them: they are read from the disk
  // each time (the writes of a space are serialized across instances, so a write reads them fresh).
  const refs = new Map<string, string | undefined>()
  /** A commit of this process whose ref is not on disk yet: until then its value in memory is the truth. */
  let writing = 0
  const resolve = async (ref: string) => {
    if (refs.has(ref) && (!sharedStorage || writing > 0)) return refs.get(ref)
    // A damaged ref throws: taking it for "no commit yet" would start a new history over the old one.
    const value = await readRef(gitdir, ref)
    refs.set(ref, value)
    return value
  }
  /**
   * A commit's files and branch ref are written in the background while its push is in flight (the
   * push pack comes from memory). Every read waits for them first, and callers acknowledge a write
   * only after `settle`, so nothing reported done is missing from the disk.
   */
  let durable: Promise<void> = Promise.resolve()
  let failure: unknown
  /** The branch tip as this process knows it, possibly not on disk yet: for pushing only. */
  const tipNow = () => resolve(localRef)
  const head = async () => {
    await durable
    return tipNow()
  }
  const remoteHead = () => resolve(trackingRef)
  /** Moves a ref durably (reflog first), once every object it may reach is on disk. */
  const setRef = async (ref: string, value: string, reason: string) => {
    await durable
    const previous = await resolve(ref)
    await writeRef(gitdir, ref, value, previous, reason, flushObjects(g))
    refs.set(ref, value)
  }

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
  /** A commit's parsed object (from disk: callers wait for `durable` first). */
  const readCommit = async (oid: string) => (await git.readCommit({ fs, gitdir, oid, cache: g.cache })).commit
  const sizeOf = async (oid: string) => {
    let size = sizes.get(oid)
    if (size === undefined) {
      size = await blobSize(gitdir, oid, g.cache)
      sizes.set(oid, size)
    }
    return size
  }

  /**
   * Refuses a fetched tip whose tree holds a name Git refuses as unsafe (`.git` in any spelling,
   * `..`, ...): no read or write could go through such a tree. The tracking ref goes back to what it
   * was, so neither the branch nor a push builds on it, and the space keeps its last good content.
   */
  const refuseUnsafe = async (tip: string, before: string | undefined) => {
    const local = await head()
    const unsafe = await unsafeEntry(g, await treeOf(g, tip), local ? await treeOf(g, local) : undefined)
    if (unsafe === undefined) return
    if (before) await setRef(trackingRef, before, 'fetch: refused an unsafe remote tip')
    else {
      await git.deleteRef({ fs, gitdir, ref: trackingRef })
      refs.set(trackingRef, undefined)
    }
    throw new Error(
      `the remote branch holds the path ${JSON.stringify(unsafe.slice(0, 200))}, which Git refuses as unsafe: it was not taken and the space keeps its last good content; remove that path on the remote`,
    )
  }

  /** A change as a tree update sees it, for a dry run: the content's blob id does not matter there. */
  const pendingOf = (change: FileChange): Pending => ({
    parts: change.path.split('/'),
    blob: change.content === null ? null : 'content',
  })

  const mergeBase = async (a: string, b: string) => {
    const [base] = await git.findMergeBase({ fs, gitdir, oids: [a, b], cache: g.cache })
    return base as string | undefined
  }

  const repo: Repo = {
    head,
    remoteHead,
    settle: async () => {
      await durable
      if (failure !== undefined) {
        const error = failure
        failure = undefined
        throw error
      }
    },
    read: async (path, at) => {
      await durable
      const oid = await blobAt(path, at ?? (await head()))
      if (!oid) return undefined
      const blob = await blobContent(oid)
      sizes.set(oid, blob.length)
      return { sha: oid, bytes: blob }
    },
    shaOf: async (path) => blobAt(path, await head()),
    readBlob: async (sha) => {
      try {
        return await blobContent(sha)
      } catch {
        return undefined
      }
    },
    commitInfo: async (sha) => {
      await durable
      try {
        return toInfo(sha, await readCommit(sha))
      } catch {
        return undefined
      }
    },
    parents: async (commit) => {
      await durable
      return (await commitHeader(g, commit)).parents
    },
    blobId: async (bytes) => objectId('blob', bytes),
    blobs: async (folder) => {
      const tip = await head()
      const entry = tip ? await entryAt(g, await treeOf(g, tip), folder) : undefined
      if (entry?.type !== 'tree') return []
      return (await walkBlobs(g, entry.oid, folder)).map((b) => ({ path: b.path, sha: b.oid }))
    },
    list: async (folder) => {
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
          size: await sizeOf(blob.oid),
        }),
      )
    },
    clash: async (changes) => {
      const tip = await head()
      return findClash(g, tip ? await treeOf(g, tip) : undefined, changes.map(pendingOf))
    },
    commit: async ({ parent, changes, author, message, at }) => {
      const tip = await head()
      if (tip !== parent)
        throw new Error(`branch moved: expected ${parent ?? 'none'}, found ${tip ?? 'none'}`)
      const before = tip ? await treeOf(g, tip) : undefined
      // Refused before any object is written: a refused commit leaves no write behind it.
      const clash = await findClash(g, before, changes.map(pendingOf))
      if (clash) throw new PathClashError(clash)
      const pending = await Promise.all(
        changes.map(async (change: FileChange) => ({
          parts: change.path.split('/'),
          blob:
            change.content === null ? null : stageObject(gitdir, 'blob', change.content, g.pending, g.recent),
        })),
      )
      const tree = await treeWith(g, before, pending)
      if (tree === before) return undefined
      const when = at === undefined ? undefined : { timestamp: Math.floor(at / 1000), timezoneOffset: 0 }
      const oid = stageCommit(g, tip, tree, author, message, when)
      refs.set(localRef, oid)
      const [subject = ''] = message.split('\n')
      // The ref's new value is written and flushed while the objects are: it moves once both are on disk.
      writing++
      durable = writeRef(gitdir, localRef, oid, tip, `commit: ${subject}`, flushObjects(g))
        .catch((error: unknown) => {
          // The commit never reached the disk: forget it, and let settle() report why.
          refs.delete(localRef)
          failure = error
        })
        .finally(() => writing--)
      return oid
    },
    advance: async (from, to, reason) => {
      const tip = await head()
      if (tip !== from) throw new Error(`branch moved: expected ${from ?? 'none'}, found ${tip ?? 'none'}`)
      if (to !== tip) await setRef(localRef, to, reason)
    },
    isAncestor: async (ancestor, commit) => {
      await durable
      if (ancestor === commit) return true
      return git.isDescendent({ fs, gitdir, oid: commit, ancestor, depth: -1, cache: g.cache })
    },
    history: async (path, limit) => {
      const out: CommitInfo[] = []
      const tip = await head()
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
        if (parentBlob !== currentBlob) out.push(toInfo(current.sha, current.commit))
        current = parent
        currentBlob = parentBlob
      }
      return out
    },
    changedPaths: async (from, to) => {
      await durable
      const a = from ? await treeOf(g, from) : undefined
      const b = to ? await treeOf(g, to) : undefined
      return (await diffTrees(g, a, b)).map((d) => d.path)
    },
    diff: async (from, to) => {
      await durable
      return diffTrees(g, from ? await treeOf(g, from) : undefined, to ? await treeOf(g, to) : undefined)
    },
    changesSince: async (known, tip, folder, limit) => {
      // git reads the objects from disk: every commit made so far must be there.
      await durable
      // A few new commits (a write, a small push) are read here, quicker than starting git.
      const near = await walkChangesSince(repo, known, tip, folder, Math.min(limit, NEAR_COMMITS))
      if (near || limit <= NEAR_COMMITS) return near
      try {
        return await gitLogChangesSince(gitdir, known, tip, folder, limit)
      } catch {
        // No git program here (a desktop without it), or a range it cannot read: walk it ourselves.
        return walkChangesSince(repo, known, tip, folder, limit)
      }
    },
    fetch: async (remote: RemoteAccess) => {
      if (isSshAddress(remote.url)) {
        // git fetch has moved the tracking ref itself: only this process's copy of it is left to update.
        const before = await remoteHead()
        const tip = await talkToRemote(() => cliFetch(gitdir, remote, guard))
        if (tip) {
          await refuseUnsafe(tip, before)
          refs.set(trackingRef, tip)
        }
        return tip
      }
      // isomorphic-git maps fetched refs through the remote's config: keep it pointing at this address.
      if ((await git.getConfig({ fs, gitdir, path: 'remote.origin.url' })) !== remote.url) {
        await git.addRemote({ fs, gitdir, remote: 'origin', url: remote.url, force: true })
      }
      const auth = httpAuth(remote)
      const before = await remoteHead()
      const result = await talkToRemote(() =>
        git.fetch({
          fs,
          http,
          gitdir,
          url: remote.url,
          remote: 'origin',
          ref: remote.branch,
          remoteRef: remote.branch,
          singleBranch: true,
          tags: false,
          cache: g.cache,
          // Credentials go with the first request: waiting for a 401 would cost a round trip per fetch.
          headers: auth ? { Authorization: basicAuth(auth) } : {},
        }),
      )
      const tip = result.fetchHead ?? undefined
      if (tip) {
        await refuseUnsafe(tip, before)
        await setRef(trackingRef, tip, 'fetch')
      }
      return tip
    },
    push: async (remote: RemoteAccess) => {
      const tip = await tipNow()
      if (!tip) return 'up_to_date'
      const known = await remoteHead()
      if (isSshAddress(remote.url)) {
        const outcome = await talkToRemote(() => cliPush(gitdir, remote, tip, guard))
        if (outcome !== 'rejected') await setRef(trackingRef, tip, 'push')
        return outcome
      }
      const auth = httpAuth(remote)
      /** Sends the commits the remote lacks since `oldOid`; the remote refuses if its branch moved from there. */
      const send = async (oldOid: string | undefined, capabilities: Set<string>) => {
        const pack = await packSince(g, tip, oldOid)
        const { result } = await talkToRemote(() =>
          sendReceivePack({
            guard,
            url: remote.url,
            auth,
            ref: localRef,
            oldOid: oldOid ?? ZERO_OID,
            newOid: tip,
            pack,
            capabilities,
          }),
        )
        if (result === 'rejected') return 'rejected'
        await setRef(trackingRef, tip, 'push')
        return 'pushed'
      }
      if (remoteCapabilities && known) {
        // The remote checks that its branch is still at `known`; if it moved, the update is refused.
        try {
          return await send(known, remoteCapabilities)
        } catch (error) {
          // A remote rewritten under us may lack `known`: fall back to a full exchange.
          if (/unpack/.test(String((error as Error).message))) return 'rejected'
          throw error
        }
      }
      const { refs, capabilities } = await talkToRemote(() => discoverReceivePack(guard, remote.url, auth))
      remoteCapabilities = capabilities
      const current = refs.get(localRef)
      if (current === tip) {
        await setRef(trackingRef, tip, 'push')
        return 'up_to_date'
      }
      // The remote moved since we last saw it: our commits must be put on top of it first.
      if (current !== undefined && current !== known) return 'rejected'
      return send(current, capabilities)
    },
    integrate: async () => {
      const local = await head()
      const remote = await remoteHead()
      if (!remote || local === remote) return { head: local, conflicts: [] }
      if (!local) {
        await setRef(localRef, remote, 'integrate: first fetch')
        return { head: remote, conflicts: [] }
      }
      const base = await mergeBase(local, remote)
      if (base === remote) return { head: local, conflicts: [] }
      if (base === local) {
        await setRef(localRef, remote, 'integrate: fast-forward')
        return { head: remote, conflicts: [] }
      }
      // Diverged: replay each local commit on the remote tip, oldest first.
      const { onto, conflicts } = await replayOnto(g, await commitsSince(g, local, base), remote)
      await setRef(localRef, onto, 'integrate: replayed local commits on the remote')
      return { head: onto, conflicts }
    },
    aheadBehind: async () => {
      const local = await head()
      const remote = await remoteHead()
      if (!local || !remote)
        return { ahead: local ? (await commitsSince(g, local, undefined)).length : 0, behind: 0 }
      if (local === remote) return { ahead: 0, behind: 0 }
      const base = await mergeBase(local, remote)
      return {
        ahead: (await commitsSince(g, local, base)).length,
        behind: (await commitsSince(g, remote, base)).length,
      }
    },
  }
  return repo
}
