import { RemoteFailure } from '../../ports/repo.ts'
import { KEEP_FILE, type SpaceRepos } from '../../ports/space-repos.ts'
import { emptyGit, type MemoryGit } from './memory-git.ts'
import { memoryRepo } from './memory-repo.ts'

/**
 * Remote repositories in memory, each at its address: what the in-memory spaces fetch from and
 * push to. Several `memoryRepos` on one network are several machines sharing the same remotes.
 */
export type MemoryNetwork = {
  /** Makes an empty repository (no branch yet) at this address, replacing any there. */
  create(url: string): void
  /** A branch's tip in the repository at this address, undefined when it has none. */
  head(url: string, branch: string): string | undefined
  /** Cuts every remote off (true) or brings them back: a fetch or push meanwhile fails, as offline. */
  setOffline(offline: boolean): void
}

const reachableAt = new WeakMap<MemoryNetwork, (url: string) => MemoryGit>()

/** An empty network of in-memory remotes. */
export function memoryNetwork(): MemoryNetwork {
  const remotes = new Map<string, MemoryGit>()
  let offline = false
  const network: MemoryNetwork = {
    create: (url) => {
      remotes.set(url, emptyGit())
    },
    head: (url, branch) => remotes.get(url)?.refs.get(`refs/heads/${branch}`),
    setOffline: (value) => {
      offline = value
    },
  }
  reachableAt.set(network, (url) => {
    if (offline)
      throw new RemoteFailure('the remote could not be reached (connection refused)', 'unreachable')
    const remote = remotes.get(url)
    if (!remote) throw new RemoteFailure('the remote answered HTTP 404 (repository not found)', 'not-found')
    return remote
  })
  return network
}

export type MemoryReposOptions = {
  /** Where the remotes are; a network of its own when absent. */
  network?: MemoryNetwork
  /** The clock of commits made without a time (ms); the wall clock when absent. */
  now?: () => number
}

/**
 * The SpaceRepos port in memory: each space's repository holds its commits, trees and refs in
 * memory and exchanges with remotes on a `MemoryNetwork`, answering as the Git adapter does (blob
 * ids are Git's own). A service test gets real repository behaviour without a disk or Git.
 * What no in-memory repository can do: be served to Git clients (`folder` names no real folder).
 */
export function memoryRepos(options: MemoryReposOptions = {}): SpaceRepos {
  const network = options.network ?? memoryNetwork()
  const remote = reachableAt.get(network)!
  const now = options.now ?? (() => Date.now())
  const spaces = new Map<number, MemoryGit>()
  const place = (spaceId: number) => ({ git: () => spaces.get(spaceId), remote, now })

  return {
    open: (spaceId, branch) => memoryRepo(place(spaceId), branch),
    create: async (spaceId, { repoUrl, branch, author, message }) => {
      // A leftover repository of an earlier space with this id must not leak into the new one.
      spaces.set(spaceId, emptyGit())
      if (repoUrl) return
      await memoryRepo(place(spaceId), branch).commit({
        parent: undefined,
        changes: [{ path: KEEP_FILE, content: new Uint8Array() }],
        author,
        message,
      })
    },
    folder: (spaceId) => `memory://spaces/${spaceId}.git`,
    // The remote is given to each fetch and push: only a missing repository has anything to say here.
    setRemote: async (spaceId) => {
      if (!spaces.has(spaceId)) throw new Error(`space ${spaceId} has no repository`)
    },
    remove: async (spaceId) => {
      spaces.delete(spaceId)
    },
    check: async (spaceId, branch) => {
      const git = spaces.get(spaceId)
      if (!git) return { status: 'missing' }
      return { status: 'ok', head: git.refs.get(`refs/heads/${branch}`) ?? null, removed: 0 }
    },
    present: async () => [...spaces.keys()],
    ping: async () => {},
  }
}
