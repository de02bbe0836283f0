import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { outboundGuard } from '../net/outbound-guard.ts'
import { gitSpaceRepos } from './space-repos.ts'

const author = { name: 'Dana Scully', email: 'dana@example.com' }
const bytes = (text: string) => new TextEncoder().encode(text)
const guard = outboundGuard({ allowPrivateNetwork: false })
let root = ''

afterEach(() => rm(root, { recursive: true, force: true }))

it('sees the commits another instance made on shared storage, and commits on top of them', async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-shared-'))
  const one = gitSpaceRepos(root, { guard, sharedStorage: true })
  const two = gitSpaceRepos(root, { guard, sharedStorage: true })
  await one.create(1, { repoUrl: '', branch: 'main', author, message: 'Create the space' })
  const [a, b] = [one.open(1, 'main'), two.open(1, 'main')]
  const start = await b.head()
  expect(start).toBe(await a.head())

  const first = await a.commit({
    parent: await a.head(),
    changes: [{ path: 'content/a.md', content: bytes('from one') }],
    author,
    message: 'Write on the first instance',
  })
  await a.settle()
  // The second instance had read the tip before: it reads it again rather than remembering it.
  expect(await b.head()).toBe(first)
  const second = await b.commit({
    parent: await b.head(),
    changes: [{ path: 'content/b.md', content: bytes('from two') }],
    author,
    message: 'Write on the second instance',
  })
  await b.settle()
  expect(await a.head()).toBe(second)
  expect(new TextDecoder().decode((await a.read('content/a.md'))?.bytes)).toBe('from one')
  expect(new TextDecoder().decode((await a.read('content/b.md'))?.bytes)).toBe('from two')
})
