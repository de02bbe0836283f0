import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '../../testing/git-remote.ts'
import { type TestApp, testApp } from '../../testing/test-app.ts'
import { backoffMs, dueSpaces } from './sync-space.ts'

let remote: GitRemote
let t: TestApp
beforeAll(async () => {
  remote = await startGitRemote()
  await remote.createRepo('acme/due.git', { files: { 'content/index.md': '# Home\n' } })
})
afterAll(() => remote.stop())
beforeEach(async () => {
  t = await testApp()
  const root = await t.user('root', { superadmin: true })
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
  await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'kept', name: 'Kept' } })
  await t.call('POST', '/organizations/acme/spaces', {
    token: root,
    body: { slug: 'due', name: 'Due', repo_url: remote.url('acme/due.git') },
  })
})
afterEach(() => t.close())

const dueSlugs = async (intervalMs = 300_000) =>
  (await dueSpaces(t.deps, intervalMs)).map((d) => d.space.slug)

describe('periodic sync and retries', () => {
  it('backs off from 5 s, doubling, up to 10 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(backoffMs(20)).toBe(600_000)
  })

  it('a space with a remote is due at once, then every interval; a kept space never', async () => {
    expect(await dueSlugs()).toEqual(['due'])
    const { orgStore, space } = (await dueSpaces(t.deps, 300_000))[0]!
    await orgStore.space(space.id).git.update({ synced: true, lastSyncAt: t.clock.now() })
    expect(await dueSlugs()).toEqual([])
    t.clock.advance(300_000)
    expect(await dueSlugs()).toEqual(['due'])
  })

  it('a failed sync (no credentials) is retried after its backoff, not before', async () => {
    const { orgStore, space } = (await dueSpaces(t.deps, 300_000))[0]!
    const { syncSpace } = await import('./sync-space.ts')
    const result = await syncSpace(t.deps, orgStore, space)
    expect(result.status).toBe('error')
    const state = await orgStore.space(space.id).git.get()
    expect(state.attempts).toBe(1)
    expect(state.retryAt).toBe(t.clock.now() + 5_000)
    expect(await dueSlugs()).toEqual([])
    t.clock.advance(5_000)
    expect(await dueSlugs()).toEqual(['due'])
  })
})
