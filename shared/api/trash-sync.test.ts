import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Trashed = { path: string; title: string; deleted_at: string; deleted_by: string; commit: string }

let remote: GitRemote
let t: TestApp
let writer: string
let repoCount = 0
let repo: string
const S = '/organizations/acme/spaces/wiki'

beforeAll(async () => {
  remote = await startGitRemote()
})
afterAll(() => remote.stop())

beforeEach(async () => {
  repo = `acme/trash-${++repoCount}.git`
  await remote.createRepo(repo, {
    files: { 'content/index.md': '# Home\n', 'content/guides/setup.md': '# Setting up\n\nSteps.\n' },
  })
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: {
      wiki: {
        repoUrl: remote.url(repo),
        credentials: `${remote.username}:${remote.password}`,
        synced: true,
        members: { walt: 'contributor' },
      },
    },
  })
  writer = world.token('walt')
})
afterEach(() => t.close())

it('lists a page deleted on the remote once a sync brings the deletion, and restores it there', async () => {
  const clone = await remote.clone(repo)
  await clone.git('rm', '--quiet', 'content/guides/setup.md')
  const deleting = await clone.commitAll('Remove the setup guide')
  await clone.push()
  expect((await t.call('POST', `${S}/git/sync`, { token: writer })).status).toBe(202)
  await t.deps.queue.idle()
  const trash = await json<Trashed[]>(await t.call('GET', `${S}/trash`, { token: writer }))
  expect(trash).toEqual([
    expect.objectContaining({
      path: 'guides/setup.md',
      title: 'Setting up',
      deleted_by: 'Quire Test',
      commit: deleting,
    }),
  ])
  const restored = await t.call('POST', `${S}/trash/restore`, {
    token: writer,
    body: { path: 'guides/setup.md' },
  })
  expect(restored.status).toBe(201)
  expect(await json(restored)).toMatchObject({ path: 'guides/setup.md', pushed: true })
  await clone.git('pull', '--quiet', '--ff-only')
  expect(await clone.read('content/guides/setup.md')).toBe('# Setting up\n\nSteps.\n')
})
