import { movedHere } from '../../domain/moved-here.ts'
import { caseFolded } from '../../domain/portable-names.ts'
import {
  type CommitChanges,
  type CommitInfo,
  type Conflict,
  type FileCommit,
  PathClashError,
  type RemoteAccess,
  type Repo,
  type RepoExchange,
  type RepoReader,
  type RepoWriter,
} from '../../ports/repo.ts'
import {
  applyChanges,
  blobIdOf,
  byPath,
  commitAt,
  copyObjects,
  diffTrees,
  emptyGit,
  findClash,
  firstParents,
  type MemoryChange,
  type MemoryGit,
  mergeBase,
  putBlob,
  putCommit,
  reachable,
  sameTree,
  treeAt,
} from './memory-git.ts'

/** How a repository in memory finds its own objects and, through the network, a remote's. */
export type MemoryRepoPlace = {
  /** The space's objects, or undefined once its repository is removed. */
  git(): MemoryGit | undefined
  /** The repository at a remote address; throws as an unreachable remote would. */
  remote(url: string): MemoryGit
  /** The wall clock of commits made without a time (ms). */
  now(): number
}

function infoOf(sha: string, git: MemoryGit): CommitInfo {
  const commit = commitAt(git, sha)
  return {
    sha,
    author: { ...commit.author },
    date: commit.seconds * 1000,
    subject: commit.message.split('\n')[0] ?? '',
    message: commit.message,
  }
}

/** A space's repository on one branch, in memory, with the same answers as the Git adapter gives. */
export function memoryRepo(place: MemoryRepoPlace, branch: string): Repo {
  const localRef = `refs/heads/${branch}`
  const empty = emptyGit()
  /** What a removed repository reads as: nothing at all, as a missing folder does. */
  const reading = () => place.git() ?? empty
  const writing = () => {
    const git = place.git()
    if (!git) throw new Error('this space has no repository')
    return git
  }
  return {
    ...reader(reading, localRef),
    ...writer(writing, localRef, place.now),
    ...exchange(place, reading, writing, branch),
  }
}

/** The reads, from the repository `git` finds at each call (a removed one reads as empty). */
function reader(git: () => MemoryGit, localRef: string): RepoReader {
  const tree = (sha: string | undefined) => treeAt(git(), sha)
  const tip = () => git().refs.get(localRef)
  const under = (folder: string) =>
    [...tree(tip())].filter(([path]) => path.startsWith(`${folder}/`)).sort(([a], [b]) => byPath(a, b))
  const reads: RepoReader = {
    head: async () => tip(),
    read: async (path, at) => {
      const sha = tree(at ?? tip()).get(path)
      const bytes = sha ? git().blobs.get(sha) : undefined
      return sha && bytes ? { sha, bytes: bytes.slice() } : undefined
    },
    shaOf: async (path) => tree(tip()).get(path),
    caseTwin: async (path) => caseTwinAmong([...tree(tip()).keys()], path),
    readBlob: async (sha) => git().blobs.get(sha)?.slice(),
    blobId: async (bytes) => blobIdOf(bytes),
    list: async (folder) =>
      under(folder).map(([path, sha]) => ({ path, sha, size: git().blobs.get(sha)?.length ?? 0 })),
    blobs: async (folder) => under(folder).map(([path, sha]) => ({ path, sha })),
    commitInfo: async (sha) => (git().commits.has(sha) ? infoOf(sha, git()) : undefined),
    parents: async (sha) => [...commitAt(git(), sha).parents],
    history: async (asked, limit, follow = false, cursor = undefined) => {
      const out: FileCommit[] = []
      let path = asked
      let listing = cursor === undefined
      for (let sha = tip(); sha && out.length < limit; ) {
        const commit = commitAt(git(), sha)
        const parent = commit.parents[0]
        const blob = commit.tree.get(path)
        const before = tree(parent)
        // Created here: moved from another path, whose commits then follow.
        const movedFrom =
          follow && blob !== undefined && !before.has(path)
            ? movedHere(diffTrees(before, commit.tree), path, blob)
            : undefined
        if (listing && (blob !== before.get(path) || movedFrom !== undefined))
          out.push({ ...infoOf(sha, git()), ...(path !== asked ? { path } : {}) })
        else if (sha === cursor) listing = true
        if (movedFrom !== undefined) path = movedFrom
        sha = parent
      }
      return out
    },
    changedPaths: async (from, to) => diffTrees(tree(from), tree(to)).map((c) => c.path),
    diff: async (from, to) => diffTrees(tree(from), tree(to)),
    changesSince: async (known, tipSha, folder, limit) => {
      const old = reachable(git(), known)
      const fresh = [...reachable(git(), tipSha)].filter((sha) => !old.has(sha))
      if (fresh.length > limit) return undefined
      const out: CommitChanges[] = []
      const placed = new Set<string>()
      // Parents before children: each commit is placed once all its new parents are.
      const place = (sha: string) => {
        if (placed.has(sha) || old.has(sha) || !git().commits.has(sha)) return
        placed.add(sha)
        const commit = commitAt(git(), sha)
        for (const parent of commit.parents) place(parent)
        const [first, ...others] = commit.parents
        let changes = diffTrees(tree(first), commit.tree).filter((c) => c.path.startsWith(`${folder}/`))
        // A merge's own changes are those unlike every parent: the rest came from a side.
        for (const other of others) {
          const unlike = new Set(diffTrees(tree(other), commit.tree).map((c) => c.path))
          changes = changes.filter((c) => unlike.has(c.path))
        }
        out.push({ commit: infoOf(sha, git()), parents: [...commit.parents], changes })
      }
      place(tipSha)
      return out
    },
    isAncestor: async (ancestor, commit) => ancestor === commit || reachable(git(), commit).has(ancestor),
  }
  return reads
}

/** The writes: a commit is whole once made, so `settle` has nothing to wait for. */
function writer(git: () => MemoryGit, localRef: string, now: () => number): RepoWriter {
  const changesOf = (changes: { path: string; content: Uint8Array | null }[], store?: MemoryGit) =>
    changes.map(
      (c): MemoryChange => ({
        path: c.path,
        blob: c.content === null ? null : store ? putBlob(store, c.content) : blobIdOf(c.content),
      }),
    )
  return {
    clash: async (changes) => findClash(treeAt(git(), git().refs.get(localRef)), changesOf(changes)),
    commit: async ({ parent, changes, author, message, at }) => {
      const store = git()
      const tip = store.refs.get(localRef)
      if (tip !== parent)
        throw new Error(`branch moved: expected ${parent ?? 'none'}, found ${tip ?? 'none'}`)
      const before = treeAt(store, tip)
      // Refused before anything is kept: a refused commit leaves nothing behind it.
      const clash = findClash(before, changesOf(changes))
      if (clash) throw new PathClashError(clash)
      const tree = applyChanges(before, changesOf(changes, store))
      if (tip && sameTree(before, tree)) return undefined
      const seconds = Math.floor((at ?? now()) / 1000)
      const sha = putCommit(store, {
        tree,
        parents: tip ? [tip] : [],
        author: { ...author },
        seconds,
        message,
      })
      store.refs.set(localRef, sha)
      return sha
    },
    advance: async (from, to) => {
      const store = git()
      const tip = store.refs.get(localRef)
      if (tip !== from) throw new Error(`branch moved: expected ${from ?? 'none'}, found ${tip ?? 'none'}`)
      commitAt(store, to)
      store.refs.set(localRef, to)
    },
    // Nothing is written in the background: every commit is whole as soon as it is made.
    settle: async () => {},
  }
}

/**
 * Replays local commits (oldest first) on the remote tip as the Git adapter does: a commit goes on
 * whole or not at all. When a file it changed was changed by the remote too, or the remote's folders
 * or files now stand in its way, the remote's version stays and every file of the commit becomes a
 * conflict.
 */
function replayOnto(
  git: MemoryGit,
  chain: string[],
  remote: string,
): { onto: string; conflicts: Conflict[] } {
  const conflicts = new Map<string, Conflict>()
  let onto = remote
  for (const sha of chain) {
    const commit = commitAt(git, sha)
    const ontoTree = treeAt(git, onto)
    const replay = new Map<string, { after: string | null; theirs: string | null }>()
    const clashing = new Map<string, Conflict>()
    for (const change of diffTrees(treeAt(git, commit.parents[0]), commit.tree)) {
      const theirs = ontoTree.get(change.path) ?? null
      if (theirs === change.before) replay.set(change.path, { after: change.after, theirs })
      else if (theirs !== change.after)
        clashing.set(change.path, { path: change.path, localSha: change.after, remoteSha: theirs })
      else conflicts.delete(change.path)
    }
    const pending = () => [...replay].map(([path, { after }]) => ({ path, blob: after }))
    for (let clash = findClash(ontoTree, pending()); clash; clash = findClash(ontoTree, pending())) {
      const at = clash.path
      const blocked = [...replay.keys()].filter((path) => path === at || path.startsWith(`${at}/`))
      if (blocked.length === 0) break
      for (const path of blocked) {
        clashing.set(path, {
          path,
          localSha: replay.get(path)?.after ?? null,
          remoteSha: replay.get(path)?.theirs ?? null,
        })
        replay.delete(path)
      }
    }
    if (clashing.size > 0) {
      for (const [path, { after, theirs }] of replay)
        clashing.set(path, { path, localSha: after, remoteSha: theirs })
      for (const conflict of clashing.values()) conflicts.set(conflict.path, conflict)
      continue
    }
    if (replay.size === 0) continue
    const tree = applyChanges(ontoTree, pending())
    if (sameTree(tree, ontoTree)) continue
    onto = putCommit(git, { ...commit, tree, parents: [onto] })
  }
  return { onto, conflicts: [...conflicts.values()] }
}

/** Fetch, push and integration with the repository at a remote's address on the network. */
function exchange(
  place: MemoryRepoPlace,
  reading: () => MemoryGit,
  writing: () => MemoryGit,
  branch: string,
): RepoExchange {
  const localRef = `refs/heads/${branch}`
  const trackingRef = `refs/remotes/origin/${branch}`
  const head = () => writing().refs.get(localRef)
  const remoteHead = () => writing().refs.get(trackingRef)
  return {
    remoteHead: async () => reading().refs.get(trackingRef),
    fetch: async (remote: RemoteAccess) => {
      const theirs = place.remote(remote.url)
      const git = writing()
      const tip = theirs.refs.get(`refs/heads/${remote.branch}`)
      if (!tip) return undefined
      copyObjects(theirs, git, tip)
      git.refs.set(trackingRef, tip)
      return tip
    },
    push: async (remote: RemoteAccess) => {
      const tip = head()
      if (!tip) return 'up_to_date'
      const theirs = place.remote(remote.url)
      const git = writing()
      const current = theirs.refs.get(localRef)
      if (current === tip) {
        git.refs.set(trackingRef, tip)
        return 'up_to_date'
      }
      // The remote moved since it was last seen: the local commits must go on top of it first.
      if (current !== undefined && current !== remoteHead()) return 'rejected'
      copyObjects(git, theirs, tip)
      theirs.refs.set(localRef, tip)
      git.refs.set(trackingRef, tip)
      return 'pushed'
    },
    integrate: async () => {
      const git = writing()
      const local = head()
      const remote = remoteHead()
      if (!remote || local === remote) return { head: local, conflicts: [] }
      const base = local ? mergeBase(git, local, remote) : undefined
      if (!local || base === local) {
        git.refs.set(localRef, remote)
        return { head: remote, conflicts: [] }
      }
      if (base === remote) return { head: local, conflicts: [] }
      const { onto, conflicts } = replayOnto(git, firstParents(git, local, base), remote)
      git.refs.set(localRef, onto)
      return { head: onto, conflicts }
    },
    aheadBehind: async () => {
      const git = reading()
      const local = git.refs.get(localRef)
      const remote = git.refs.get(trackingRef)
      if (!local || !remote)
        return { ahead: local ? firstParents(git, local, undefined).length : 0, behind: 0 }
      if (local === remote) return { ahead: 0, behind: 0 }
      const base = mergeBase(git, local, remote)
      return {
        ahead: firstParents(git, local, base).length,
        behind: firstParents(git, remote, base).length,
      }
    },
  }
}

/** The first file or folder among these files' paths that differs from `path` only by case (see RepoReader). */
function caseTwinAmong(files: string[], path: string): string | undefined {
  const present = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    for (let end = 1; end <= parts.length; end++) present.add(parts.slice(0, end).join('/'))
  }
  const parts = path.split('/')
  for (let end = 1; end <= parts.length; end++) {
    const here = parts.slice(0, end).join('/')
    if (present.has(here)) {
      if (files.includes(here)) return undefined
      continue
    }
    const parent = parts.slice(0, end - 1).join('/')
    const folded = caseFolded(parts[end - 1]!)
    return [...present].find((p) => {
      const cut = p.lastIndexOf('/')
      return (cut < 0 ? '' : p.slice(0, cut)) === parent && caseFolded(p.slice(cut + 1)) === folded
    })
  }
  return undefined
}
