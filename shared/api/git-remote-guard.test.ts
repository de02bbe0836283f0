import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type GitState = { status: string; last_error: string | null; next_retry_at: string | null }

const SECRET = 'AKIA-internal-secret-0123456789'
const S = '/organizations/acme/spaces/wiki'

let remote: GitRemote
/** An internal service on loopback: it answers every path with a secret, as a metadata endpoint would. */
let internal: Server
let internalUrl = ''
let internalHits = 0
let internalStatus = 200
let t: TestApp | undefined

beforeAll(async () => {
  remote = await startGitRemote()
  await remote.createRepo('acme/wiki.git', { files: { 'content/index.md': '# Home\n' } })
  internal = createServer((_req, res) => {
    internalHits++
    res.writeHead(internalStatus, { 'content-type': 'text/plain' }).end(`${SECRET}\n`)
  })
  await new Promise<void>((done) => internal.listen(0, '127.0.0.1', done))
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`
})
afterAll(async () => {
  await remote.stop()
  await new Promise((done) => internal.close(done))
})
afterEach(async () => {
  await t?.close()
  t = undefined
  internalHits = 0
  internalStatus = 200
})

/** An organization admin's space pointing at `repoUrl`, synced once; returns its Git state. */
async function syncedState(app: TestApp, repoUrl: string): Promise<GitState> {
  const world = await seedWorld(app.deps, {
    spaces: { wiki: { repoUrl, credentials: `${remote.username}:${remote.password}` } },
  })
  const admin = world.token('ada')
  expect((await app.call('POST', `${S}/git/sync`, { token: admin })).status).toBe(202)
  await app.deps.queue.idle()
  return json<GitState>(await app.call('GET', `${S}/git`, { token: admin }))
}

describe('with private networks not allowed', () => {
  it('refuses to sync with a Git remote on loopback, which never hears from the service', async () => {
    t = await testApp({}, { allowPrivateNetwork: false })
    const state = await syncedState(t, remote.url('acme/wiki.git'))
    // Never synced, so still `pending`; the failure and the next attempt are in the state.
    expect(state).toMatchObject({
      status: 'pending',
      last_error: "the remote's address is not allowed (private network)",
    })
    expect(state.next_retry_at).not.toBeNull()
    expect(remote.requests).toEqual([])
  })

  it('refuses an internal service addressed as in the report, without reading it', async () => {
    t = await testApp({}, { allowPrivateNetwork: false })
    const state = await syncedState(t, `${internalUrl}/latest/meta-data/iam?x=1#`)
    expect(state.last_error).toBe("the remote's address is not allowed (private network)")
    expect(internalHits).toBe(0)
  })

  it('refuses a host name that resolves to loopback', async () => {
    t = await testApp({}, { allowPrivateNetwork: false })
    const state = await syncedState(t, remote.url('acme/wiki.git').replace('127.0.0.1', 'localhost'))
    expect(state.last_error).toBe("the remote's address is not allowed (private network)")
    expect(remote.requests).toEqual([])
  })
})

describe('with private networks allowed', () => {
  it.each([
    [200, 'the remote did not answer as a Git server'],
    [500, 'the remote answered HTTP 500'],
    [404, 'the remote answered HTTP 404 (repository not found)'],
  ])('describes a non-Git answer (%i) without repeating its body', async (status, described) => {
    internalStatus = status
    t = await testApp()
    const state = await syncedState(t, `${internalUrl}/latest/meta-data/iam?x=1#`)
    expect(internalHits).toBeGreaterThan(0)
    expect(state.last_error).toBe(described)
    expect(JSON.stringify(state)).not.toContain(SECRET)
  })
})
