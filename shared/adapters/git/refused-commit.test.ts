import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { PathClashError } from '../../ports/repo.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { gitSpaceRepos } from './space-repos.ts'

const author = { name: 'Dana Scully', email: 'dana@example.com' }
const bytes = (text: string) => new TextEncoder().encode(text)
let root = ''

afterEach(() => rm(root, { recursive: true, force: true }))

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(folder.length))
}

it('writes no object for a commit refused because a file would replace a folder', async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-refused-'))
  const repos = gitSpaceRepos(root, { guard: outboundGuard({ allowPrivateNetwork: false }) })
  await repos.create(1, { repoUrl: '', branch: 'main', author, message: 'Create the space' })
  const repo = repos.open(1, 'main')
  await repo.commit({
    parent: await repo.head(),
    changes: [{ path: 'content/folder/a.md', content: bytes('a') }],
    author,
    message: 'Add a folder',
  })
  await repo.settle()
  const objects = join(root, (await readdir(root))[0]!, 'objects')
  const before = await filesUnder(objects)

  const refused = repo.commit({
    parent: await repo.head(),
    changes: [
      { path: 'content/new-page.md', content: bytes('a page that would be written first') },
      { path: 'content/folder', content: bytes('a file over the folder') },
    ],
    author,
    message: 'Clash',
  })
  await expect(refused).rejects.toBeInstanceOf(PathClashError)
  // Nothing left writing in the background: the folder is as it was, and can be removed at once.
  expect(await filesUnder(objects)).toEqual(before)
})
