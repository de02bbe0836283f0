import type { Repo } from './repo.ts'

/**
 * What the check of a repository at start found: `ok` (with the branch's tip, null before a first
 * sync), `repaired` (the branch was damaged and moved back to its newest intact state, found by
 * `source`), `damaged` (no intact state found), `missing` (no repository folder), or `recreated`
 * (the folder was missing and an empty clone of the space's remote was prepared, filled by the next
 * sync). `removed`
 * counts leftovers of interrupted writes that were cleaned up.
 */
export type RepoCheck =
  | { status: 'ok'; head: string | null; removed: number }
  | {
      status: 'repaired'
      head: string
      damagedHead: string | null
      source: 'reflog' | 'remote' | 'objects'
      removed: number
    }
  | { status: 'damaged'; damagedHead: string | null; removed: number }
  | { status: 'missing' }
  | { status: 'recreated' }

/** The empty file `create` writes so that the otherwise empty `content/` folder exists in Git. */
export const KEEP_FILE = 'content/.gitkeep'

/** Where spaces keep their Git repositories (clones under the data directory). */
export interface SpaceRepos {
  /** The repository of a space, on its branch. */
  open(spaceId: number, branch: string): Repo
  /**
   * Prepares the repository of a new space. With no remote the service keeps the repository: it
   * gets `content/` and an initial commit by `author`. With a remote, the clone is prepared and
   * filled by the first sync. A repository already kept under its id (one no space of the database
   * claims) is set aside, never deleted: the new space starts afresh.
   */
  create(
    spaceId: number,
    options: { repoUrl: string; branch: string; author: { name: string; email: string }; message: string },
  ): Promise<void>
  /** The repository's folder on disk, for Git's own programs that serve it to clients (clone, fetch, push). */
  folder(spaceId: number): string
  /** Points the clone at another remote or branch. */
  setRemote(spaceId: number, repoUrl: string, branch: string): Promise<void>
  /** Removes the service's copy; the remote repository is never touched. */
  remove(spaceId: number): Promise<void>
  /** Checks a space's repository before use, repairing what an interrupted write left (at start). */
  check(spaceId: number, branch: string): Promise<RepoCheck>
  /** The ids of the spaces whose repositories are kept here (at start, those no space claims are told). */
  present(): Promise<number[]>
  /** Resolves when the folder of repositories can be read and written; rejects when not (readiness). */
  ping(): Promise<void>
}
