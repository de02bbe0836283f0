import * as encoding from 'lib0/encoding'
import { afterEach, beforeEach, expect, it } from 'vitest'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { LIVE_TEXT, MESSAGE_SYNC } from '../../domain/collab-wire.ts'
import type { Logger } from '../../ports/logger.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { ORPHANED_AFTER_MS } from './internal/live-shapes.ts'
import { LIVE_LIMITS, type LiveSessions, liveSessions } from './live-sessions.ts'

/** Two instances on one database: the one a person typed on dies, the other commits the text. */

const FILE = '/organizations/acme/spaces/docs/files/setup.md'
const quiet: Logger = { info() {}, warn() {}, error() {} }

let t: TestApp
let instances: LiveSessions[]
let token: string

beforeEach(async () => {
  t = await testApp()
  instances = []
  const root = await t.user('root', { superadmin: true })
  token = await t.user('ada')
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
  await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'docs', name: 'Docs' } })
  await t.call('PUT', '/organizations/acme/spaces/docs/members/ada', {
    token: root,
    body: { role: 'contributor' },
  })
  expect((await t.call('PUT', FILE, { token: root, body: { content: '# Setup\n' } })).status).toBe(201)
})

afterEach(async () => {
  for (const live of instances) await live.stop()
  await t.close()
})

/** What an editor sends as the person types `words`. */
function typing(words: string): Uint8Array {
  const doc = new Y.Doc()
  doc.getText(LIVE_TEXT).insert(0, words)
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(doc))
  return encoding.toUint8Array(encoder)
}

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
