import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import type { FakeEmbeddings } from '../testing/embed/fake-embeddings-server.ts'
import { providerForOrg } from '../testing/embed/provider-for-org.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const OPS: Record<string, string> = {
  'runbooks/backups.md':
    '# Backups\n\nNightly database backups go to the object store.\nRestore drills run monthly.\n',
  'runbooks/deploy.md':
    '# Deploying\n\nDeployments go through the pipeline.\nRoll back with the release tag.\n',
}

type Result = { path: string; match: string; score: number }

let t: TestApp
let provider: FakeEmbeddings
let admin: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, { spaces: { ops: { name: 'ops', pages: OPS } } })
  admin = world.token('ada')
  await t.deps.indexQueue.idle()
  provider = await providerForOrg(t)
  await t.call('PUT', '/organizations/acme/spaces/ops/semantic', { token: admin, body: { enabled: true } })
})
afterEach(async () => {
  await t.close()
  await provider.stop()
})

const search = async (q: string) => {
  const response = await t.call('GET', `/search?q=${encodeURIComponent(q)}&mode=auto`, { token: admin })
  expect(response.status).toBe(200)
  return await json<Result[]>(response)
}

describe('query vectors of repeated searches', () => {
  it('asks the provider once for a query searched again, and answers the same', async () => {
    const before = provider.requests.length
    const first = await search('nightly backups')
    expect(first[0]).toMatchObject({ path: 'runbooks/backups.md', match: 'both' })
    expect(provider.requests.length).toBe(before + 1)

    expect(await search('nightly backups')).toEqual(first)
    expect(await search('nightly backups ')).toEqual(first)
    expect(provider.requests.length).toBe(before + 1)

    await search('release pipeline')
    expect(provider.requests.length).toBe(before + 2)
  })

  it('answers by words when the provider fails a query, and asks it again for the next one', async () => {
    provider.failNext(500, 'overloaded')
    expect((await search('restore drills'))[0]).toMatchObject({ path: 'runbooks/backups.md', match: 'text' })
    const asked = provider.requests.length
    expect((await search('restore drills'))[0]).toMatchObject({ path: 'runbooks/backups.md' })
    expect(provider.requests.length).toBe(asked + 1)
  })

  it('answers by words while the provider is unreachable, and relates pages by their links and words', async () => {
    await t.restart()
    // A new process knows its provider's vectors' size from its first answer, which does not come.
    provider.setDown(true)
    expect(await search('nightly backups')).toContainEqual(
      expect.objectContaining({ path: 'runbooks/backups.md', match: 'text' }),
    )
    const related = await t.call('GET', '/organizations/acme/spaces/ops/files/runbooks/backups.md/related', {
      token: admin,
    })
    expect(related.status).toBe(200)
    // What needs the provider says it is unavailable, without its words (which may echo a key).
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { enabled: true }],
    ] as const) {
      const state = await t.call(method, '/organizations/acme/spaces/ops/semantic', { token: admin, body })
      expect(state.status).toBe(503)
      expect(state.headers.get('retry-after')).toBe('30')
      expect(await json(state)).toEqual({
        error: 'unavailable',
        message: expect.stringMatching(/^The organization’s embeddings provider did not answer/),
      })
    }
  })
})
