import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { MEANING_RETRY_DELAYS_MS } from '../services/search/meaning-retry.ts'
import type { FakeEmbeddings } from '../testing/embed/fake-embeddings-server.ts'
import { providerForOrg } from '../testing/embed/provider-for-org.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const SPACE = '/organizations/acme/spaces/wiki'
let t: TestApp
let provider: FakeEmbeddings
let admin: string
beforeEach(async () => {
  t = await testApp()
  admin = await t.user('ada', { superadmin: true })
  await t.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme', join: true } })
  await t.call('POST', '/organizations/acme/spaces', { token: admin, body: { slug: 'wiki', name: 'Wiki' } })
  provider = await providerForOrg(t)
  await t.call('PUT', `${SPACE}/semantic`, { token: admin, body: { enabled: true } })
})
afterEach(async () => {
  await t.close()
  await provider.stop()
})

const write = async (path: string, content: string) => {
  const response = await t.call('PUT', `${SPACE}/files/${path}`, { token: admin, body: { content } })
  expect(response.status).toBe(201)
  await t.deps.indexQueue.idle()
}
/**
 * Files whose vectors are still missing, as the space's admin reads them (reading asks for the space's
 * fill too, so the provider's requests are counted after it is over).
 */
const waiting = async () => {
  const response = await t.call('GET', `${SPACE}/semantic`, { token: admin })
  await t.deps.indexQueue.idle()
  return (await json<{ waiting: number }>(response)).waiting
}
/** Runs the jobs due once the clock has moved `ms` on, and waits for the indexing they ask for. */
const later = async (ms: number) => {
  t.clock.advance(ms)
  await drainJobs(t.deps)
  await t.deps.indexQueue.idle()
}

describe('a meaning fill that failed', () => {
  it('is tried again after a while, less often while it keeps failing, with no change of the space', async () => {
    provider.setDown(true)
    await write('backups.md', '# Backups\n\nNightly dumps go to the bucket.\n')
    expect(await waiting()).toBe(1)
    const [first, second] = MEANING_RETRY_DELAYS_MS as [number, number]
    // Not yet due; then due, and still failing: the next retry waits longer.
    const failed = provider.requests.length
    await later(first - 1_000)
    const asked = provider.requests.length
    expect(asked).toBe(failed)
    await later(1_000)
    expect(provider.requests.length).toBeGreaterThan(asked)
    expect(await waiting()).toBe(1)
    await later(first)
    const again = provider.requests.length
    await later(second - first)
    expect(provider.requests.length).toBeGreaterThan(again)

    // The provider is back: the next retry brings the vectors, and no retry is left to run.
    provider.setDown(false)
    await later(MEANING_RETRY_DELAYS_MS[2]!)
    expect(await waiting()).toBe(0)
    const done = provider.requests.length
    await later(24 * 3_600_000)
    expect(provider.requests.length).toBe(done)
  })

  it('is not tried again once the space is deleted or its index turned off', async () => {
    provider.setDown(true)
    await write('backups.md', '# Backups\n\nNightly dumps go to the bucket.\n')
    await t.call('PUT', `${SPACE}/semantic`, { token: admin, body: { enabled: false } })
    const asked = provider.requests.length
    provider.setDown(false)
    await later(MEANING_RETRY_DELAYS_MS[0]!)
    expect(provider.requests.length).toBe(asked)
  })
})
