import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Logger } from '../../ports/logger.ts'
import { LIVE_PAGE_FILE, seedLivePage, typing } from '../../testing/live-page.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { ORPHANED_AFTER_MS } from './internal/live-shapes.ts'
import { LIVE_LIMITS, type LiveSessions, liveSessions } from './live-sessions.ts'

/** Two instances on one database: the one a person typed on dies, the other commits the text. */

const FILE = LIVE_PAGE_FILE
const quiet: Logger = { info() {}, warn() {}, error() {} }

let t: TestApp
let instances: LiveSessions[]
let token: string

beforeEach(async () => {
  t = await testApp()
  instances = []
  token = await seedLivePage(t)
})

afterEach(async () => {
  for (const live of instances) await live.stop()
  await t.close()
})

it('commits what an instance that stopped touching its page left, and leaves a page still held alone', async () => {
  // The first instance never commits by itself: as good as dead once the person typed.
  const dying = liveSessions(t.deps, quiet, { ...LIVE_LIMITS, idleMs: 1e9, maxMs: 1e9 })
  const other = liveSessions(t.deps, quiet, LIVE_LIMITS)
  instances.push(dying, other)
  const actor = await authenticateToken(t.deps, token)
  const ticket = await dying.admit(actor, { org: 'acme', space: 'docs', path: 'setup.md' })
  const connection = dying.connect(
    ticket,
    { actor, refresh: async () => actor, locale: 'en' },
    {
      send() {},
      close() {},
    },
  )
  connection.receive(typing('Install it first. '))
  await expect.poll(async () => (await t.deps.store.collab.unsettled()).length).toBe(1)

  // Touched lately: still someone's, not taken over.
  await other.adoptOrphans()
  expect((await json(await t.call('GET', FILE, { token }))).text).toBe('# Setup\n')

  t.clock.advance(ORPHANED_AFTER_MS + 1)
  await other.adoptOrphans()
  await other.idle()
  expect((await json(await t.call('GET', FILE, { token }))).text).toContain('Install it first.')
  expect(await t.deps.store.collab.unsettled()).toEqual([])

  // Left again later (its instance came back, and died again): taken over again.
  connection.receive(typing('Then run it. '))
  await expect.poll(async () => (await t.deps.store.collab.unsettled()).length).toBe(1)
  t.clock.advance(ORPHANED_AFTER_MS + 1)
  await other.adoptOrphans()
  await other.idle()
  expect((await json(await t.call('GET', FILE, { token }))).text).toContain('Then run it.')
})
