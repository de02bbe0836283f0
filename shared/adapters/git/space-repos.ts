import { constants, mkdirSync } from 'node:fs'
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import git from 'isomorphic-git'
import type { Repo } from '../../ports/repo.ts'
import { KEEP_FILE, type SpaceRepos } from '../../ports/space-repos.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import { bareRepo } from './bare-repo.ts'
import { durableFs as fs } from './durable-files.ts'
import { reportingMissingFolder } from './missing-folder.ts'
import { checkRepository } from './repo-check.ts'

/**
 * Bare repositories of spaces under `<root>/<space id>.git`. The service reads and writes Git
 * objects directly, so no work tree or index has to be kept in step with each commit. Remotes are
 * reached only at addresses `guard` allows. With `sharedStorage`, several instances use the same
 * folder: nothing another one may change is remembered between calls.
 */
export function gitSpaceRepos(
  root: string,
  { guard, sharedStorage = false }: { guard: OutboundGuard; sharedStorage?: boolean },
): SpaceRepos {
  const dirOf = (spaceId: number) => join(root, `${spaceId}.git`)
  // Made at the start, before the first space: the readiness probe then only looks for it.
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const open = new Map<number, { branch: string; repo: Repo }>()

  const repoOf = (spaceId: number, branch: string) => {
    const known = open.get(spaceId)
    if (known?.branch === branch) return known.repo
    const gitdir = dirOf(spaceId)
    const repo = reportingMissingFolder(bareRepo(gitdir, branch, guard, { sharedStorage }), gitdir)
    open.set(spaceId, { branch, repo })
    return repo
  }

  return {
    open: repoOf,
    folder: dirOf,
    create: async (spaceId, { repoUrl, branch, author, message }) => {
      const gitdir = dirOf(spaceId)
      // A folder already there must not leak into the new space, and is no one's to delete: a
      // restored repository whose database is not this one, or an earlier space's left by a crash.
      await setAside(gitdir)
      open.delete(spaceId)
      // Repositories hold every page, however private: only the server's owner may read them.
      await mkdir(gitdir, { recursive: true, mode: 0o700 })
      await git.init({ fs, gitdir, bare: true, defaultBranch: branch })
      if (repoUrl) {
        await git.addRemote({ fs, gitdir, remote: 'origin', url: repoUrl })
        return
      }
      const repo = repoOf(spaceId, branch)
      await repo.commit({
        parent: undefined,
        changes: [{ path: KEEP_FILE, content: new Uint8Array() }],
        author,
        message,
      })
      await repo.settle()
    },
    setRemote: async (spaceId, repoUrl, branch) => {
      const gitdir = dirOf(spaceId)
      if (repoUrl) await git.addRemote({ fs, gitdir, remote: 'origin', url: repoUrl, force: true })
      else if ((await git.listRemotes({ fs, gitdir })).some((r) => r.remote === 'origin')) {
        await git.deleteRemote({ fs, gitdir, remote: 'origin' })
      }
      await git.writeRef({
        fs,
        gitdir,
        ref: 'HEAD',
        value: `refs/heads/${branch}`,
        symbolic: true,
        force: true,
      })
      open.delete(spaceId)
    },
    remove: async (spaceId) => {
      // Writes still landing would recreate files in the folder being removed.
      await open
        .get(spaceId)
        ?.repo.settle()
        .catch(() => undefined)
      open.delete(spaceId)
      await rm(dirOf(spaceId), { recursive: true, force: true })
    },
    check: async (spaceId, branch) => {
      open.delete(spaceId)
      return checkRepository(dirOf(spaceId), branch)
    },
    present: async () => {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      return names.flatMap((name) => (/^[1-9]\d*\.git$/.test(name) ? [Number.parseInt(name, 10)] : []))
    },
    ping: async () => {
      // Only looked at: made again here, a folder gone (a storage not mounted) would read as ready,
      // and the next space would be made beside the missing ones.
      await access(root, constants.R_OK | constants.W_OK | constants.X_OK)
    },
  }
}

/** Moves a repository folder out of the way (`<id>.git.set-aside-<time>`), when there is one. */
async function setAside(gitdir: string): Promise<void> {
  try {
    await rename(gitdir, `${gitdir}.set-aside-${Date.now()}`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
