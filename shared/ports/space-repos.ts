import type { Repo } from './repo.ts'

/** Where spaces keep their Git repositories (clones under the data directory). */
export interface SpaceRepos {
  /** The repository of a space, on its branch. */
  open(spaceId: number, branch: string): Repo
  /**
   * Prepares the repository of a new space. With no remote the service keeps the repository:
   * it gets `content/` and an initial commit by `author`. With a remote, the clone is prepared
   * and filled by the first sync.
   */
  create(
    spaceId: number,
    options: { repoUrl: string; branch: string; author: { name: string; email: string }; message: string },
  ): Promise<void>
  /** Points the clone at another remote or branch. */
  setRemote(spaceId: number, repoUrl: string, branch: string): Promise<void>
  /** Removes the service's copy; the remote repository is never touched. */
  remove(spaceId: number): Promise<void>
}
