import git, { type CommitObject } from 'isomorphic-git'
import { durableFs as fs } from './durable-files.ts'
import { readRef, writeRef } from './refs.ts'
import { flushObjects, type GitDir, gitDir } from './trees.ts'

/** Repository handles made so far: each one's kept blobs are its own, even at a folder used again. */
let instances = 0

/**
 * What the reading, writing and exchanging parts of one bare repository share: its objects, the
 * branch and tracking refs as this process knows them, and the writes still landing on disk.
 */
export type BareRepoState = {
  gitdir: string
  g: GitDir
  /** This handle's number, which keeps its cached blobs apart from another handle's. */
  instance: number
  /** The local branch (`refs/heads/<branch>`). */
  localRef: string
  /** The remote branch as last seen (`refs/remotes/origin/<branch>`). */
  trackingRef: string
  /** A ref's value, from memory when this process is the only writer, else from the disk. */
  resolve(ref: string): Promise<string | undefined>
  /** Sets a ref's value in memory only (the disk already holds it, or will). */
  remember(ref: string, value: string | undefined): void
  /** Waits until every write started so far is on disk (reads need their objects there). */
  durable(): Promise<void>
  /**
   * Moves the branch to a commit staged in memory at once, and writes the ref in the background
   * once its objects are flushed; a failure undoes the move and is reported by `settle`.
   */
  moveBranchBehind(value: string, previous: string | undefined, reason: string): void
  /** Waits for the background writes; throws the failure of one, once. */
  settle(): Promise<void>
  /** The branch tip as this process knows it, possibly not on disk yet: for pushing only. */
  tipNow(): Promise<string | undefined>
  /** The branch tip, once every write started so far is on disk. */
  head(): Promise<string | undefined>
  /** The remote branch tip as last seen. */
  remoteHead(): Promise<string | undefined>
  /** Moves a ref durably (reflog first), once every object it may reach is on disk. */
  setRef(ref: string, value: string, reason: string): Promise<void>
  /** A commit's parsed object (from disk: callers wait for `durable` first). */
  readCommit(oid: string): Promise<CommitObject>
}

/**
 * The shared state of a bare repository on one branch. With `sharedStorage`, another instance may
 * move the refs, so they are read from the disk each time rather than kept in memory.
 */
export function bareRepoState(gitdir: string, branch: string, sharedStorage: boolean): BareRepoState {
  const g: GitDir = gitDir(gitdir)
  const localRef = `refs/heads/${branch}`
  const trackingRef = `refs/remotes/origin/${branch}`

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
  const tipNow = () => resolve(localRef)

  return {
    gitdir,
    g,
    instance: ++instances,
    localRef,
    trackingRef,
    resolve,
    remember: (ref, value) => {
      refs.set(ref, value)
    },
    durable: () => durable,
    moveBranchBehind: (value, previous, reason) => {
      refs.set(localRef, value)
      // The ref's new value is written and flushed while the objects are: it moves once both are on disk.
      writing++
      durable = writeRef(gitdir, localRef, value, previous, reason, flushObjects(g))
        .catch((error: unknown) => {
          // The commit never reached the disk: forget it, and let settle() report why.
          refs.delete(localRef)
          failure = error
        })
        .finally(() => writing--)
    },
    settle: async () => {
      await durable
      if (failure !== undefined) {
        const error = failure
        failure = undefined
        throw error
      }
    },
    tipNow,
    head: async () => {
      await durable
      return tipNow()
    },
    remoteHead: () => resolve(trackingRef),
    setRef: async (ref, value, reason) => {
      await durable
      const previous = await resolve(ref)
      await writeRef(gitdir, ref, value, previous, reason, flushObjects(g))
      refs.set(ref, value)
    },
    readCommit: async (oid) => (await git.readCommit({ fs, gitdir, oid, cache: g.cache })).commit,
  }
}
