import fs from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import git from 'isomorphic-git'
import type { SpaceRepos } from '../../ports/space-repos.ts'

/** Placeholder that keeps the otherwise empty `content/` folder in Git. */
const KEEP_FILE = 'content/.gitkeep'

/** Working clones of spaces under `<root>/<space id>`, handled with isomorphic-git. */
export function gitSpaceRepos(root: string): SpaceRepos {
  const dirOf = (spaceId: number) => join(root, String(spaceId))
  return {
    create: async (spaceId, { repoUrl, branch, author, message }) => {
      const dir = dirOf(spaceId)
      // A leftover folder from an earlier space with this id must not leak into the new one.
      await rm(dir, { recursive: true, force: true })
      await mkdir(dir, { recursive: true })
      await git.init({ fs, dir, defaultBranch: branch })
      if (repoUrl) {
        await git.addRemote({ fs, dir, remote: 'origin', url: repoUrl })
        return
      }
      await mkdir(join(dir, 'content'), { recursive: true })
      await writeFile(join(dir, KEEP_FILE), '')
      await git.add({ fs, dir, filepath: KEEP_FILE })
      await git.commit({ fs, dir, message, author })
    },
    setRemote: async (spaceId, repoUrl) => {
      const dir = dirOf(spaceId)
      if (repoUrl) await git.addRemote({ fs, dir, remote: 'origin', url: repoUrl, force: true })
      else if ((await git.listRemotes({ fs, dir })).some((r) => r.remote === 'origin')) {
        await git.deleteRemote({ fs, dir, remote: 'origin' })
      }
    },
    remove: async (spaceId) => {
      await rm(dirOf(spaceId), { recursive: true, force: true })
    },
  }
}
