import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Logger } from '../../ports/logger.ts'
import { githubToken } from '../../testing/fixtures/secrets.ts'
import { LIVE_PAGE_FILE, seedLivePage, typing } from '../../testing/live-page.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { LIVE_LIMITS, type LiveSessions, liveSessions } from './live-sessions.ts'

/** Pages whose text was refused (a secret typed in) do not hold the instance's room for live pages. */

const quiet: Logger = { info() {}, warn() {}, error() {} }

let t: TestApp
let live: LiveSessions
let token: string

beforeEach(async () => {
  t = await testApp()
  token = await seedLivePage(t)
  const other = await t.call('PUT', '/organizations/acme/spaces/docs/files/notes.md', {
    token,
    body: { content: '# Notes\n' },
  })
  expect(other.status).toBe(201)
  // Room for one live page at a time; a page nobody is in leaves memory at once.
  live = liveSessions(t.deps, quiet, { ...LIVE_LIMITS, maxDocs: 1, unloadMs: 1 })
})

afterEach(async () => {
  await live.stop()
  await t.close()
})

async function enter(path: string) {
  const actor = await authenticateToken(t.deps, token)
  const ticket = await live.admit(actor, { org: 'acme', space: 'docs', path })
  return live.connect(ticket, { actor, refresh: async () => actor, locale: 'en' }, { send() {}, close() {} })
}

it('lets a page whose text was refused leave memory, and keeps that text for when it is opened again', async () => {
  const first = await enter('setup.md')
  first.receive(typing(`token: ${githubToken}\n`))
  await live.idle()
  first.leave()
  // Its commit was refused and nobody is in it: it leaves memory, its text stays in the log.
  await expect.poll(() => live.stats().docs, { timeout: 2_000 }).toBe(0)
  expect(await t.deps.store.collab.unsettled()).toHaveLength(1)
  expect((await json(await t.call('GET', LIVE_PAGE_FILE, { token }))).text).toBe('# Setup\n')

  // Another page can be edited live: the refused one no longer fills the room.
  const second = await enter('notes.md')
  second.receive(typing('Call the plumber. '))
  await live.idle()
  second.leave()
  expect(
    (await json(await t.call('GET', '/organizations/acme/spaces/docs/files/notes.md', { token }))).text,
  ).toContain('Call the plumber.')

  // The refused text comes back with its page, for the person to take the secret out.
  await expect.poll(() => live.stats().docs, { timeout: 2_000 }).toBe(0)
  const again = await enter('setup.md')
  await live.idle()
  expect(live.stats()).toEqual({ docs: 1, peers: 1 })
  expect(await t.deps.store.collab.unsettled()).toHaveLength(1)
  again.leave()
})
