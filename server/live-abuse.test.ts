import { request } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as Y from 'yjs'
import { COMPACT_MIN_BYTES, LIVE_LIMITS } from '#shared/services/collab/live-sessions.ts'
import { addPerson } from '#shared/testing/builders/person.ts'
import { githubToken } from '#shared/testing/fixtures/secrets.ts'
import type { LiveClient } from '#shared/testing/live-client.ts'
import type { InProcessServer } from './testing/in-process-server.ts'
import { type LiveTeam, PAGE, startLiveTeam } from './testing/live-team.ts'

/** What one person or client, trying its luck, cannot do to a page's live session or to the others in it. */

const TOKEN = 'live-abuse-admin-token-0123456789abcdef'
const BASE = '# Setup\n\nInstall the tool.\n'

let team: LiveTeam
let quire: InProcessServer
let people: LiveTeam['people']

beforeEach(async () => {
  team = await startLiveTeam(TOKEN, BASE)
  ;({ quire, people } = team)
})

afterEach(() => team.close())

const enter = (token: string, name: string, page = PAGE) => team.enter(token, name, page)

/** The names a person's editor lists as being in the page. */
const present = (client: LiveClient) =>
  [...client.awareness.getStates().values()].map((state) => state.user?.name as string | undefined).sort()

describe('what a document holds', () => {
  it.each([
    ['another shared type', (client: LiveClient) => client.doc.getMap('junk').set('x', 'y'.repeat(200_000))],
    [
      'an object in the text',
      (client: LiveClient) => client.text.insertEmbed(0, { junk: 'y'.repeat(200_000) }),
    ],
    ['formatting', (client: LiveClient) => client.text.format(0, 3, { bold: true })],
  ])(
    'refuses an update holding %s: the writer is told and cut off, nobody else receives it',
    async (_, send) => {
      const ada = enter(people.ada as string, 'Ada')
      const grace = enter(people.grace as string, 'Grace')
      await Promise.all([ada.synced, grace.synced])
      send(grace)
      expect(await grace.closed).toBe(4400)
      expect(grace.statuses.at(-1)).toMatchObject({ type: 'closing', error: 'invalid' })
      ada.type('Ada goes on.\n')
      await quire.server.live.idle()
      // Someone joining later gets the page's text and nothing else.
      const late = enter(people.linus as string, 'Linus')
      await late.synced
      expect(late.text.toString()).toBe(`${BASE}Ada goes on.\n`)
      expect(late.doc.getMap('junk').size).toBe(0)
      expect(late.text.toDelta()).toEqual([{ insert: `${BASE}Ada goes on.\n` }])
      expect(ada.doc.getMap('junk').size).toBe(0)
    },
  )
})

describe('messages that cannot be read', () => {
  it.each([
    ['an update cut short', [0, 2, 200, 200, 200]],
    ['a number too long', [0, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]],
    ['a presence cut short', [1, 9, 1]],
  ])('cuts off the sender of %s as its fault, and the others go on', async (_, bytes) => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    await Promise.all([ada.synced, grace.synced])
    grace.sendRaw(new Uint8Array(bytes))
    expect(await grace.closed).toBe(4400)
    expect(grace.statuses.at(-1)).toMatchObject({
      type: 'closing',
      error: 'invalid',
      message: expect.stringContaining('could not be read'),
    })
    ada.type('Ada goes on.\n')
    const late = enter(people.linus as string, 'Linus')
    await late.until(() => late.text.toString() === `${BASE}Ada goes on.\n`)
  })
})

describe('a page that cannot be committed for a while', () => {
  it('keeps its log about the size of its text, however much is typed and deleted again', async () => {
    const ada = enter(people.ada as string, 'Ada')
    await ada.synced
    // A secret typed in: nothing can be committed until it is taken out.
    ada.type(`token: ${githubToken}\n`)
    await ada.until(() => ada.statuses.some((s) => s.type === 'refused'), 10_000)
    const big = 'x'.repeat(400_000)
    for (let round = 0; round < 24; round++) {
      ada.type(big)
      ada.text.delete(ada.text.length - big.length, big.length)
    }
    ada.type('Kept.\n')
    // Everything typed reached the server: someone joining sees the last words.
    const grace = enter(people.grace as string, 'Grace')
    await grace.until(() => grace.text.toString().endsWith('Kept.\n'), 20_000)
    const log = quire.server.deps.store.collab
    const [doc] = await log.unsettled()
    const logged = async () =>
      (await log.pending(doc?.id ?? 0)).reduce((sum, update) => sum + update.update.byteLength, 0)
    // Ten megabytes were typed and deleted: the log holds a few at most, not all of them.
    await expect.poll(logged, { timeout: 10_000 }).toBeLessThan(COMPACT_MIN_BYTES + 1_000_000)

    // Taken out, the secret goes, and the page is committed in Ada's name.
    const at = ada.text.toString().indexOf('token: ')
    ada.text.delete(at, `token: ${githubToken}\n`.length)
    await ada.until(() => ada.statuses.some((s) => s.type === 'saved'), 10_000)
    expect(ada.statuses.find((s) => s.type === 'saved')).toMatchObject({ author: 'Ada' })
    const response = await quire.api('GET', `/organizations/acme/spaces/docs/files/${PAGE.path}`)
    expect(((await response.json()) as { text: string }).text).toBe(`${BASE}Kept.\n`)
    await expect.poll(logged).toBe(0)
  })
})

describe('updates that come out of order', () => {
  /** Two updates of a copy of the page's document, the second following on from the first. */
  function twoInTurn(from: LiveClient, first: string, second: string) {
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(from.doc))
    const start = Y.encodeStateVector(copy)
    copy.getText('markdown').insert(0, first)
    const middle = Y.encodeStateVector(copy)
    const one = Y.encodeStateAsUpdate(copy, start)
    copy.getText('markdown').insert(first.length, second)
    return { one, two: Y.encodeStateAsUpdate(copy, middle) }
  }

  it('keeps typing that arrives before what it follows, as an editor back online sends it', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    await Promise.all([ada.synced, grace.synced])
    const { one, two } = twoInTurn(ada, 'Typed offline. ', 'Typed back online. ')
    ada.sendUpdate(two)
    ada.sendUpdate(one)
    await grace.until(() => grace.text.toString() === `Typed offline. Typed back online. ${BASE}`)
    expect(ada.statuses.filter((s) => s.type === 'closing')).toEqual([])
    await quire.server.live.idle()
    const response = await quire.api('GET', `/organizations/acme/spaces/docs/files/${PAGE.path}`)
    expect(((await response.json()) as { text: string }).text).toBe(
      `Typed offline. Typed back online. ${BASE}`,
    )
  })

  it('cuts off a writer once what waits for text that never comes passes a page’s size', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    await Promise.all([ada.synced, grace.synced])
    const third = LIVE_LIMITS.maxTextBytes / 3
    const { two } = twoInTurn(ada, 'never sent', 'x'.repeat(third))
    ada.sendUpdate(two)
    const { two: again } = twoInTurn(ada, 'never sent either', 'y'.repeat(third))
    ada.sendUpdate(again)
    const { two: more } = twoInTurn(ada, 'nor this', 'z'.repeat(third))
    ada.sendUpdate(more)
    expect(await ada.closed).toBe(4400)
    expect(grace.text.toString()).toBe(BASE)
  })
})

describe('presence', () => {
  it('speaks for the connection that announced it: a reader cannot take over another’s, nor send a huge one', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    const linus = enter(people.linus as string, 'Linus')
    await Promise.all([ada.synced, grace.synced, linus.synced])
    await grace.until(() => present(grace).join() === 'Ada,Grace,Linus')
    // Linus sends a presence under Ada's client id, then one of 3 MB under a new id.
    const forged = new Y.Doc()
    forged.clientID = ada.doc.clientID
    const posing = new awarenessProtocol.Awareness(forged)
    posing.setLocalState({ user: { name: 'Ada' }, cursor: null })
    posing.setLocalState({ user: { name: 'Ada' }, cursor: null, pad: 'x'.repeat(10) })
    linus.sendPresence(awarenessProtocol.encodeAwarenessUpdate(posing, [forged.clientID]))
    const huge = new awarenessProtocol.Awareness(new Y.Doc())
    huge.setLocalState({ pad: 'x'.repeat(3_000_000) })
    linus.sendPresence(awarenessProtocol.encodeAwarenessUpdate(huge, [huge.clientID]))
    ada.type('Still here.\n')
    await grace.until(() => grace.text.toString().includes('Still here.'))
    expect(grace.awareness.getStates().get(ada.doc.clientID)?.user?.name).toBe('Ada')
    expect(grace.awareness.getStates().has(huge.clientID)).toBe(false)
    // When Linus leaves, only his own presence goes with him.
    linus.close()
    await grace.until(() => present(grace).join() === 'Ada,Grace')
    posing.destroy()
    huge.destroy()
  })
  it('lets the same person’s new connection take over their presence, as an editor reconnecting does', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    await Promise.all([ada.synced, grace.synced])
    await grace.until(() => present(grace).join() === 'Ada,Grace')
    // Ada's editor comes back on a new connection before the server saw the old one close.
    const back = enter(people.ada as string, 'Ada')
    await back.synced
    const same = new Y.Doc()
    same.clientID = ada.doc.clientID
    const presence = new awarenessProtocol.Awareness(same)
    presence.setLocalState({ user: { name: 'Ada' }, cursor: 'moved' })
    presence.setLocalState({ user: { name: 'Ada' }, cursor: 'moved again' })
    back.sendPresence(awarenessProtocol.encodeAwarenessUpdate(presence, [same.clientID]))
    await grace.until(() => grace.awareness.getStates().get(ada.doc.clientID)?.cursor === 'moved again')
    // The old connection found dead at last does not take the presence its successor holds now.
    ada.drop()
    back.type('Back.\n')
    await grace.until(() => grace.text.toString().includes('Back.'))
    expect(grace.awareness.getStates().get(ada.doc.clientID)?.cursor).toBe('moved again')
    presence.destroy()
  })
})

describe('who keeps listening', () => {
  it('cuts off a reader whose token is revoked, even on a page where nobody types', async () => {
    const linus = enter(people.linus as string, 'Linus')
    await linus.synced
    const listed = await fetch(`${quire.server.url}/api/v1/me/tokens`, {
      headers: { authorization: `Bearer ${people.linus}` },
    })
    const [own] = (await listed.json()) as { id: string }[]
    const revoked = await fetch(`${quire.server.url}/api/v1/me/tokens/${own?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${people.linus}` },
    })
    expect(revoked.status).toBe(204)
    await linus.until(() => linus.statuses.some((s) => s.type === 'closing'), LIVE_LIMITS.readCheckMs * 2)
    expect(await linus.closed).toBe(4403)
    // Told what happened, not the API's "Not found."
    expect(linus.statuses.at(-1)).toMatchObject({
      error: 'forbidden',
      message: expect.stringContaining('Your access to this page changed'),
    })
  })

  it('holds one account to its share of connections: the next one is refused, others still come in', async () => {
    const many = Array.from({ length: LIVE_LIMITS.maxPeersPerAccount }, () =>
      enter(people.linus as string, 'Linus'),
    )
    await Promise.all(many.map((client) => client.synced))
    const oneMore = enter(people.linus as string, 'Linus')
    expect(await oneMore.closed).toBe(429)
    const ada = enter(people.ada as string, 'Ada')
    await ada.synced
    expect(ada.text.toString()).toBe(BASE)
  })
})

describe('a refused connection', () => {
  it('is answered in the error model, body and all', async () => {
    const stranger = (await addPerson(quire.server.deps, 'mallory')).token
    const url = new URL(`${quire.server.url}/api/v1/collab/acme/docs/${PAGE.path}`)
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const asked = request(url, {
        headers: {
          authorization: `Bearer ${stranger}`,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      })
      asked.on('response', (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
        )
      })
      asked.on('upgrade', () => reject(new Error('upgraded')))
      asked.on('error', reject)
      asked.end()
    })
    expect(answer.status).toBe(404)
    expect(answer.type).toMatch(/^application\/json/)
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'not_found', message: expect.any(String) })
  })
})
