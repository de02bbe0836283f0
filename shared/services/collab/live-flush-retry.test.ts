import * as decoding from 'lib0/decoding'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { encodeStatus, MESSAGE_STATUS, readStatus, type ServerStatus } from '../../domain/collab-wire.ts'
import { INBOX_DIR } from '../../domain/inbox-note.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Logger } from '../../ports/logger.ts'
import type { SpaceQueue } from '../../ports/space-queue.ts'
import { LIVE_PAGE_FILE, seedLivePage, typing } from '../../testing/live-page.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { LIVE_LIMITS, type LiveSessions, liveSessions } from './live-sessions.ts'

/** A live commit that meets the database or the space's lock out of reach for a moment. */

const FILE = LIVE_PAGE_FILE

let t: TestApp
let live: LiveSessions | undefined
let token: string

beforeEach(async () => {
  t = await testApp()
  token = await seedLivePage(t)
})

afterEach(async () => {
  await live?.stop()
  await t.close()
})

/** The statuses a connection was sent (saved, refused…), in order. */
function statusesIn(sent: Uint8Array[]): ServerStatus[] {
  return sent.flatMap((bytes) => {
    const decoder = decoding.createDecoder(bytes)
    return decoding.readVarUint(decoder) === MESSAGE_STATUS ? [readStatus(decoder) as ServerStatus] : []
  })
}

/**
 * Ada joins the page and types "Install it first. ": answers her connection and what it was sent,
 * once the typing is in the page's log, waiting for its commit.
 */
async function typeInPage(sessions: LiveSessions) {
  const actor = await authenticateToken(t.deps, token)
  const ticket = await sessions.admit(actor, { org: 'acme', space: 'docs', path: 'setup.md' })
  const sent: Uint8Array[] = []
  const connection = sessions.connect(
    ticket,
    { actor, refresh: async () => actor, locale: 'en' },
    { send: (bytes) => void sent.push(bytes), close() {} },
  )
  connection.receive(typing('Install it first. '))
  await expect.poll(async () => (await t.deps.store.collab.unsettled()).length).toBe(1)
  return { connection, sent }
}

it.each(['the space’s lock', 'the space’s row'])(
  'commits the text once %s can be read again, telling the people in the page meanwhile',
  async (what) => {
    // The queue, or the store, fails its next call as PostgreSQL's do when out of reach.
    let failing = 0
    const outOfReach = () => {
      failing--
      return Promise.reject(new DomainError('unavailable', {}, 1))
    }
    const queue: SpaceQueue = {
      ...t.deps.queue,
      run: (spaceId, task) =>
        failing > 0 && what === 'the space’s lock' ? outOfReach() : t.deps.queue.run(spaceId, task),
    }
    const store = {
      ...t.deps.store,
      spaceById: (spaceId: number) =>
        failing > 0 && what === 'the space’s row' ? outOfReach() : t.deps.store.spaceById(spaceId),
    }
    const refusals: string[] = []
    const logger: Logger = {
      info() {},
      warn: (_fields: unknown, message: string) => void refusals.push(message),
      error() {},
    }
    live = liveSessions({ ...t.deps, queue, store }, logger, LIVE_LIMITS)
    const { connection, sent } = await typeInPage(live)
    // A person saves: answered at once that it is put off, rather than left waiting.
    failing = 1
    connection.receive(encodeStatus({ type: 'save' }))
    await expect.poll(() => statusesIn(sent).map((s) => s.type)).toContain('refused')
    expect(statusesIn(sent).find((s) => s.type === 'refused')).toMatchObject({ error: 'unavailable' })
    // Then committed, without anyone typing again, and the people told so.
    await live.idle()
    expect(failing).toBe(0)
    const file = await json(await t.call('GET', FILE, { token }))
    expect(file.text).toContain('Install it first.')
    expect(statusesIn(sent).at(-1)).toMatchObject({ type: 'saved' })
    expect(refusals).toContain('live flush put off')
    expect(refusals).not.toContain('live flush refused')
  },
)

it('keeps the unsaved text as a note and tells the people, though the first commit of it failed', async () => {
  // The next commit that adds an inbox note fails, as a full disk would have it.
  let failNote = true
  const repos = {
    ...t.deps.repos,
    open: (spaceId: number, branch: string) => {
      const repo = t.deps.repos.open(spaceId, branch)
      return Object.assign(Object.create(repo), {
        commit: (input: Parameters<typeof repo.commit>[0]) => {
          if (failNote && input.changes.some((change) => change.path.startsWith(`${INBOX_DIR}/`))) {
            failNote = false
            return Promise.reject(new Error('no space left on the device'))
          }
          return repo.commit(input)
        },
      })
    },
  }
  const quiet: Logger = { info() {}, warn() {}, error() {} }
  live = liveSessions({ ...t.deps, repos }, quiet, { ...LIVE_LIMITS, idleMs: 1e9, maxMs: 200 })
  const { sent } = await typeInPage(live)
  // Someone deletes the page while this is not committed yet.
  expect((await t.call('DELETE', FILE, { token })).status).toBe(204)
  await expect.poll(() => statusesIn(sent).map((s) => s.type), { timeout: 5_000 }).toContain('gone')
  expect(failNote).toBe(false)
  const gone = statusesIn(sent).find((s) => s.type === 'gone') as { note: string | null }
  expect(gone.note).toMatch(/unsaved-edits-of-setup/)
  const inbox = await json<{ name: string; title: string }[]>(
    await t.call('GET', '/organizations/acme/spaces/docs/inbox', { token }),
  )
  expect(inbox).toContainEqual(
    expect.objectContaining({ name: gone.note, title: 'Unsaved edits of setup.md' }),
  )
})
