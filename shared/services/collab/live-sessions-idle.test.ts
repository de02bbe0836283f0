import * as encoding from 'lib0/encoding'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { MESSAGE_SYNC } from '../../domain/collab-wire.ts'
import { SESSION_IDLE_MS } from '../../domain/limits.ts'
import type { Logger } from '../../ports/logger.ts'
import { typing } from '../../testing/live-page.ts'
import { json, sessionCookie, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateSession } from '../accounts/authenticate.ts'
import { LIVE_LIMITS, type LiveSessions, liveSessions } from './live-sessions.ts'

/** A web session's life while its person has a page open in a live session and does nothing. */

const DAY = 24 * 60 * 60 * 1000
const quiet: Logger = { info() {}, warn() {}, error() {} }
// Everyone is checked again often, so that a check follows each move of the test's clock at once.
const limits = { ...LIVE_LIMITS, readCheckMs: 50 }

let t: TestApp
let live: LiveSessions
let cookie: string

beforeEach(async () => {
  t = await testApp()
  const root = await t.user('root', { superadmin: true })
  await t.user('ada', { password: 'ada password 123' })
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
  await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'docs', name: 'Docs' } })
  await t.call('PUT', '/organizations/acme/spaces/docs/members/ada', {
    token: root,
    body: { role: 'contributor' },
  })
  const page = await t.call('PUT', '/organizations/acme/spaces/docs/files/setup.md', {
    token: root,
    body: { content: '# Setup\n' },
  })
  expect(page.status).toBe(201)
  const signIn = await t.call('POST', '/session', {
    body: { username: 'ada', password: 'ada password 123' },
  })
  expect(signIn.status).toBe(200)
  cookie = sessionCookie(signIn)
  live = liveSessions(t.deps, quiet, limits)
})

afterEach(async () => {
  await live.stop()
  await t.close()
})

/** Opens the page as the browser does: the session cookie, checked again as the route checks it. */
async function openPage() {
  const value = cookie.split('=')[1] ?? ''
  const actor = await authenticateSession(t.deps, value)
  const ticket = await live.admit(actor, { org: 'acme', space: 'docs', path: 'setup.md' })
  const closed: number[] = []
  const connection = live.connect(
    ticket,
    { actor, refresh: (options) => authenticateSession(t.deps, value, options), locale: 'en' },
    { send() {}, close: (code) => closed.push(code) },
  )
  return { closed, connection }
}

/** The editor's own answer to the server's sync, sent at every connection without the person. */
function syncAnswer(): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeSyncStep2(encoder, new Y.Doc())
  return encoding.toUint8Array(encoder)
}

/** Moves the clock, then gives the session's checker time to check everyone again. */
async function later(ms: number) {
  t.clock.advance(ms)
  await new Promise((resolve) => setTimeout(resolve, limits.readCheckMs))
}

describe('a page left open', () => {
  it('keeps no web session alive by itself: it lapses after the idle days, and the page is closed', async () => {
    const { closed } = await openPage()
    await later(SESSION_IDLE_MS - DAY)
    expect(closed).toEqual([])
    await later(2 * DAY)
    const me = await t.call('GET', '/me', { headers: { cookie } })
    expect(me.status).toBe(401)
    expect((await json(me)).error).toBe('unauthenticated')
    await expect.poll(() => closed).toEqual([4403])
  })

  it('keeps no web session alive by the editor’s own answer to the sync, as its connection opens', async () => {
    const { closed, connection } = await openPage()
    await later(SESSION_IDLE_MS - DAY)
    connection.receive(syncAnswer())
    // The answer is checked as a write is: let the check be made on this day.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await later(2 * DAY)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
    await expect.poll(() => closed).toEqual([4403])
  })

  it('keeps no web session alive by a live page’s connection opening again', async () => {
    await later(SESSION_IDLE_MS - DAY)
    // A live page's WebSocket opening again (after a network drop) passes the sign-in check.
    const reopening = await t.call('GET', '/me', { headers: { cookie, upgrade: 'websocket' } })
    expect(reopening.status).toBe(200)
    await later(2 * DAY)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
  })

  it('keeps no web session alive by the app’s requests made while its person is away', async () => {
    await later(SESSION_IDLE_MS - DAY)
    const away = await t.call('GET', '/me', { headers: { cookie, 'x-quire-away': '1' } })
    expect(away.status).toBe(200)
    await later(2 * DAY)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
  })

  it('keeps the session of someone typing alive past the idle days', async () => {
    const { closed, connection } = await openPage()
    await later(SESSION_IDLE_MS - DAY)
    connection.receive(typing('A word typed.'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    await later(2 * DAY)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(200)
    expect(closed).toEqual([])
  })

  it('does not cut the person off while their session holds', async () => {
    const { closed } = await openPage()
    await later(SESSION_IDLE_MS / 2)
    expect(closed).toEqual([])
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(200)
  })
})
