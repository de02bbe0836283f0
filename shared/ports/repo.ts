import type { SyncErrorCode } from '../domain/sync-errors.ts'

/** A file's place in a commit: its path from the repository root, blob id and size in bytes. */
export type FileEntry = { path: string; sha: string; size: number }

/** One change of a commit: new content, or null to delete the path. */
export type FileChange = { path: string; content: Uint8Array | null }

/**
 * What stands in the way of a change: a folder (or a submodule) where a file would go, or a file
 * that a path to write runs through. `path` is the repository path of what is in the way.
 */
export type PathClash = { path: string; blocker: 'folder' | 'file' }

/** A commit refused because one of its changes would replace a folder by a file, or a file by a folder. */
export class PathClashError extends Error {
  readonly clash: PathClash
  constructor(clash: PathClash) {
    super(
      clash.blocker === 'folder'
        ? `"${clash.path}" is a folder: a file cannot replace it`
        : `"${clash.path}" is a file: nothing can be written under it`,
    )
    this.name = 'PathClashError'
    this.clash = clash
  }
}

/**
 * A fetch or push that failed talking to the remote, with a message safe to keep in the space's Git
 * state and show to its readers, and the kind of failure it was (which decides what they are told).
 */
export class RemoteFailure extends Error {
  readonly code: SyncErrorCode
  constructor(message: string, code: SyncErrorCode, cause?: unknown) {
    super(message, { cause })
    this.name = 'RemoteFailure'
    this.code = code
  }
}

/** A file that differs between two commits: its blob before and after (null where it is absent). */
export type BlobChange = { path: string; before: string | null; after: string | null }

/** A commit and the files it changed under a folder. */
export type CommitChanges = { commit: CommitInfo; parents: string[]; changes: BlobChange[] }

export type Person = { name: string; email: string }

export type CommitInfo = { sha: string; author: Person; date: number; subject: string; message: string }

/** A commit of a file's history, and where the file was then when it has been moved since. */
export type FileCommit = CommitInfo & { path?: string }

/** A file the local and the remote side both changed, kept in both versions until someone chooses. */
export type Conflict = { path: string; localSha: string | null; remoteSha: string | null }

/** How to reach a space's remote: its address and, when set, the credentials. */
export type RemoteAccess = {
  url: string
  branch: string
  credentials?: { kind: 'https'; token: string } | { kind: 'ssh'; privateKey: string; knownHosts: string }
}

export type PushOutcome = 'pushed' | 'up_to_date' | 'rejected'

/** What a space's repository lets one read: the branch tip, files, blobs and history. */
export interface RepoReader {
  /** The local branch tip, or undefined while the repository has no commit. */
  head(): Promise<string | undefined>
  /** A file's blob id and bytes at `at` (default: the tip), or undefined when absent. */
  read(path: string, at?: string): Promise<{ sha: string; bytes: Uint8Array } | undefined>
  /** A file's blob id at the tip, or undefined when absent (cheaper than read). */
  shaOf(path: string): Promise<string | undefined>
  /**
   * The first file or folder at the tip whose path differs from `path` only by the case of the
   * letters of one of its names (`content/Guides` for `content/guides/a.md`: one folder on a file
   * system that ignores case), or undefined. What exists at `path` itself is never one.
   */
  caseTwin(path: string): Promise<string | undefined>
  /** The bytes of a blob by its id (also one no longer on the branch, such as a conflict's other side). */
  readBlob(sha: string): Promise<Uint8Array | undefined>
  /** The blob id Git gives these bytes. */
  blobId(bytes: Uint8Array): Promise<string>
  /**
   * Every file under a folder (recursively) at the tip. `sizes` holds sizes already known by blob id
   * (from the search index), which are then not read from the repository.
   */
  list(folder: string, sizes?: ReadonlyMap<string, number>): Promise<FileEntry[]>
  /** Every file under a folder (recursively) at the tip with its blob id, the files left unread (cheaper than list). */
  blobs(folder: string): Promise<Omit<FileEntry, 'size'>[]>
  /** A commit's author, date and message. */
  commitInfo(commit: string): Promise<CommitInfo | undefined>
  /** The parents of a commit. */
  parents(commit: string): Promise<string[]>
  /**
   * Commits that changed a path, newest first. With `follow`, a file moved unchanged (its blob gone
   * from one path and come at the other in the same commit) is followed to where it was before: the
   * move is listed, then the commits of the file at its older path, each with that `path`. With
   * `before` (a commit of the branch's line, as a page of this list ended with), only the commits
   * older than it: the next page; none when it is not on that line.
   */
  history(path: string, limit: number, follow?: boolean, before?: string): Promise<FileCommit[]>
  /** Paths whose blob differs between two commits (either may be undefined: the empty tree). */
  changedPaths(from: string | undefined, to: string | undefined): Promise<string[]>
  /** Files whose blob differs between two commits, with the blob on each side (null: absent there). */
  diff(from: string | undefined, to: string | undefined): Promise<BlobChange[]>
  /**
   * The commits reachable from `tip` and not from `known` (all of them without it), oldest first,
   * parents before children, each with the files it changed under `folder`: against its parent, or
   * for a merge only those it made unlike every parent. A commit that changed nothing there may be
   * left out. Undefined when more than `limit` commits would have to be read.
   */
  changesSince(
    known: string | undefined,
    tip: string,
    folder: string,
    limit: number,
  ): Promise<CommitChanges[] | undefined>
  /** Whether `ancestor` is `commit` or one of its ancestors. */
  isAncestor(ancestor: string, commit: string): Promise<boolean>
}

/**
 * What writes to a space's repository: commits on the branch tip, a move of the branch to commits
 * received, and the wait until they are on disk.
 */
export interface RepoWriter {
  /**
   * The first of these changes that, applied at the tip, would put a file where a folder is or
   * write under a file; undefined when none would. Removing a path never clashes: a removal only
   * ever removes a file.
   */
  clash(changes: FileChange[]): Promise<PathClash | undefined>
  /**
   * Writes one commit on top of `parent` (which must be the current tip) with these changes,
   * touching only the trees on the changed paths. Returns the commit id, or undefined when the
   * changes leave the tree as it was. Throws PathClashError (making no commit) when a change would
   * replace a folder by a file or a file by a folder; a file written over a symbolic link becomes a
   * regular file.
   */
  commit(input: {
    parent: string | undefined
    changes: FileChange[]
    author: Person
    message: string
    /** When the commit is made (ms); the wall clock when absent. */
    at?: number
  }): Promise<string | undefined>
  /**
   * Moves the branch from `from` to `to`, a commit whose objects are already in the repository (a
   * push received); durable once it resolves. Throws, moving nothing, when the tip is not `from`.
   */
  advance(from: string | undefined, to: string, reason: string): Promise<void>
  /** Waits until every commit made so far is on disk; throws when writing one failed (it is then undone). */
  settle(): Promise<void>
}

/**
 * The exchange of a space's repository with its remote: fetch, push and putting both sides together.
 * A fetch or push that fails talking to the remote throws a RemoteFailure.
 */
export interface RepoExchange {
  /** The remote branch tip as last seen (refs/remotes/origin/<branch>). */
  remoteHead(): Promise<string | undefined>
  /** Fetches the remote branch; returns its tip (undefined when the remote has no such branch yet). */
  fetch(remote: RemoteAccess): Promise<string | undefined>
  /** Sends the local commits the remote lacks; `rejected` when the remote moved meanwhile. */
  push(remote: RemoteAccess): Promise<PushOutcome>
  /**
   * Puts the local commits the remote lacks on top of the remote tip. A file changed on both sides
   * keeps the remote version in the branch and is reported, with both versions, as a conflict.
   */
  integrate(): Promise<{ head: string | undefined; conflicts: Conflict[] }>
  /** How many commits the local branch has that the remote lacks, and the reverse. */
  aheadBehind(): Promise<{ ahead: number; behind: number }>
}

/**
 * The repository of one space: reads at the branch tip, commits, and the exchange with its remote.
 * A caller that only reads, or only writes, takes the narrower role, so a test can hand it less.
 */
export interface Repo extends RepoReader, RepoWriter, RepoExchange {}
