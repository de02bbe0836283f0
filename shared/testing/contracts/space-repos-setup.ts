import { afterEach, beforeEach } from 'vitest'
import type { FileChange, RemoteAccess, Repo, RepoWriter } from '../../ports/repo.ts'
import type { SpaceRepos } from '../../ports/space-repos.ts'

/**
 * A fresh place for repositories, a place for the remotes they exchange with, and how to let go of
 * both. `newRemote` makes an empty repository on that remote, with no branch yet.
 */
export type ReposFixture = {
  repos: SpaceRepos
  newRemote(): Promise<RemoteAccess>
  close: () => Promise<void> | void
}

/** What every part of the repositories' contract uses, over the fixture of the test running. */
export type ReposContext = {
  repos(): SpaceRepos
  newRemote(): Promise<RemoteAccess>
  /** A space the service keeps itself (no remote), opened on `main`. */
  localSpace(spaceId?: number): Promise<Repo>
  /** A space whose repository follows `remote`, prepared empty until its first fetch. */
  remoteSpace(spaceId: number, remote: RemoteAccess): Promise<Repo>
}

export const author = { name: 'Dana Scully', email: 'dana@example.com' }
export const otherAuthor = { name: 'Fox Mulder', email: 'fox@example.com' }

/** The bytes of a text, as pages are stored. */
export const bytes = (text: string) => new TextEncoder().encode(text)
/** The text of stored bytes, undefined when there are none. */
export const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : undefined)
/** A change writing `content` at `path`. */
export const write = (path: string, content: string): FileChange => ({ path, content: bytes(content) })

/** Commits changes on the tip and waits until they are on disk, as a caller acknowledging a write does. */
export async function commitOn(
  repo: Pick<Repo, 'head'> & RepoWriter,
  changes: FileChange[],
  message = 'Change',
  at?: number,
  by = author,
): Promise<string | undefined> {
  const sha = await repo.commit({ parent: await repo.head(), changes, author: by, message, at })
  await repo.settle()
  return sha
}

/** Makes a fixture before each test of the enclosing `describe` and lets it go after. */
export function useRepos(makeRepos: () => Promise<ReposFixture>): ReposContext {
  let fixture: ReposFixture | undefined
  beforeEach(async () => {
    fixture = await makeRepos()
  })
  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })
  const repos = () => fixture!.repos
  return {
    repos,
    newRemote: () => fixture!.newRemote(),
    localSpace: async (spaceId = 1) => {
      await repos().create(spaceId, { repoUrl: '', branch: 'main', author, message: 'Create the space' })
      return repos().open(spaceId, 'main')
    },
    remoteSpace: async (spaceId, remote) => {
      await repos().create(spaceId, { repoUrl: remote.url, branch: remote.branch, author, message: 'Create' })
      return repos().open(spaceId, remote.branch)
    },
  }
}
