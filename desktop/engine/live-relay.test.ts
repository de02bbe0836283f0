import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as decoding from 'lib0/decoding'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type InProcessServer, startInProcess } from '#server/testing/in-process-server.ts'
import { MESSAGE_STATUS, readStatus, type ServerStatus } from '#shared/domain/collab-wire.ts'
import { addPerson } from '#shared/testing/builders/person.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { startTcpProxy, type TcpProxy } from '#shared/testing/tcp-proxy.ts'
import { sharedBuiltinEmbedder, sharedSentenceEmbedder } from '#shared/testing/test-app.ts'
import { type RunningEngine, startEngine, WINDOW_ORIGIN } from './engine.ts'
import { LIVE_TICKET_MS } from './live-tickets.ts'

const ADMIN_TOKEN = 'qpat_desktop-live-test-admin-token-0123456789'
const HANDBOOK = '/organizations/acme/spaces/handbook'
const BASE = '# Setup\n\nInstall the tool.\n\nThen run it.\n'

let folder: string
let hosted: InProcessServer
let line: TcpProxy
let engine: RunningEngine
/** What the engine's window authenticates with: the session cookie its first address opens, and its Origin. */
let windowCredential: { cookie: string; origin: string }
let graceToken: string
let clients: LiveClient[] = []
/** How far the engine's clock is ahead of the real one (a ticket's age). */
let skewMs = 0
/** Everything the engine logged, as JSON lines. */
const logged: string[] = []
const keepLine = (obj: object, msg?: string) => {
  logged.push(JSON.stringify({ ...obj, msg }))
}

const page = (path: string) => ({ org: 'acme', space: 'handbook', path })

/** A person in the desktop's window, joining a page's live session through the engine. */
const onDesktop = (
  path: string,
  credential: { cookie: string; origin: string } | { token: string } = windowCredential,
) => keep(liveClient(engine.url, page(path), credential, 'Ada'))
/** A person in the server's web app, joining the same page on the server. */
const onWeb = (path: string) =>
  keep(liveClient(hosted.server.url, page(path), { token: graceToken }, 'Grace'))
function keep(client: LiveClient): LiveClient {
  clients.push(client)
  return client
}

async function engineCall(method: string, path: string, body?: unknown): Promise<Response> {
  return engine.fetch(
    new Request(`quire://app/api/v1${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T
const cloneText = async (path: string) =>
  (await json<{ text?: string }>(engineCall('GET', `${HANDBOOK}/files/${path}`))).text
const serverText = async (path: string) =>
  (await json<{ text?: string }>(hosted.api('GET', `${HANDBOOK}/files/${path}`))).text
const desktopStatus = async () =>
  (
    await json<{ spaces: { org: string; space: string; status: string }[] }>(
      engineCall('GET', '/desktop/spaces'),
    )
  ).spaces.find((s) => s.org === 'acme' && s.space === 'handbook')?.status
/** What the window's own scheme gets when it asks for a live ticket. */
const askTicket = () => json<{ url: string; ticket: string }>(engineCall('POST', '/desktop/live-ticket'))

/**
 * Opens a page's live session on the loopback listener with a ticket, as the desktop's window does:
 * the first news of the server's session, or the HTTP status the upgrade was refused with.
 */
function joinWithTicket(
  path: string,
  ticket: string | undefined,
  origin = WINDOW_ORIGIN,
): Promise<ServerStatus | number> {
  const query = ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`
  const socket = new WebSocket(
    `${engine.url.replace(/^http/, 'ws')}/api/v1/collab/acme/handbook/${path}${query}`,
    { headers: { origin } },
  )
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_request, response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data))
      if (decoding.readVarUint(decoder) !== MESSAGE_STATUS) return
      resolve(readStatus(decoder) as ServerStatus)
      socket.close()
    })
    socket.on('error', reject)
  })
}
const names = (client: LiveClient) =>
  [...client.awareness.getStates().entries()]
    .filter(([id]) => id !== client.doc.clientID)
    .map(([, state]) => (state.user as { username?: string } | undefined)?.username)

/** Waits until `check` holds (hooks cannot use `expect.poll`), failing after `timeoutMs`. */
async function settled(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not settled within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Writes a page on the server and waits until the desktop's clone has it. */
async function pageOnBothSides(path: string): Promise<void> {
  expect((await hosted.api('PUT', `${HANDBOOK}/files/${path}`, { content: BASE })).status).toBe(201)
  expect((await engineCall('POST', '/desktop/spaces/acme/handbook/sync')).status).toBe(200)
  expect(await cloneText(path)).toBe(BASE)
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quire-desktop-live-'))
  hosted = await startInProcess(join(folder, 'server'), ADMIN_TOKEN)
  await hosted.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
  await hosted.api('POST', '/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' })
  graceToken = (await addPerson(hosted.server.deps, 'grace')).token
  await hosted.api('PUT', `${HANDBOOK}/members/grace`, { role: 'contributor' })
  line = await startTcpProxy(Number(new URL(hosted.server.url).port))
  engine = await startEngine({
    dataDir: join(folder, 'desktop'),
    secretKey: 'desktop live test key',
    identity: { name: 'Ada Lovelace', email: 'ada@example.com' },
    reconnectIntervalMs: 200,
    logger: { info: keepLine, warn: keepLine, error: keepLine },
    compose: {
      clock: { now: () => Date.now() + skewMs },
      builtinEmbedder: sharedBuiltinEmbedder(),
      sentenceEmbedder: sharedSentenceEmbedder(),
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      secretScan: 'inline',
    },
  })
  const added = await engineCall('POST', '/desktop/spaces', {
    kind: 'server',
    server_url: line.url,
    token: ADMIN_TOKEN,
    spaces: ['acme/handbook'],
  })
  expect(added.status).toBe(201)
  await settled(async () => (await desktopStatus()) === 'synced')
  // The window opens the engine's address with its token once, which leaves a session cookie.
  const opened = await fetch(`${engine.url}/?token=${encodeURIComponent(engine.token)}`, {
    redirect: 'manual',
  })
  const cookie = /quire_session=[^;]+/.exec(opened.headers.get('set-cookie') ?? '')?.[0]
  expect(cookie).toBeDefined()
  windowCredential = { cookie: cookie as string, origin: engine.url }
}, 60_000)

afterEach(() => {
  for (const client of clients) client.close()
  clients = []
})

afterAll(async () => {
  await engine?.close()
  await line?.close()
  await hosted?.server.close()
  await rm(folder, { recursive: true, force: true })
})

describe('a page of a hosted server’s space edited live on the desktop', () => {
  it('is one session with the server’s web: each sees the other, the server commits, and the clone takes the commit by itself', async () => {
    await pageOnBothSides('guides/setup.md')
    const ada = onDesktop('guides/setup.md')
    const grace = onWeb('guides/setup.md')
    await Promise.all([ada.synced, grace.synced])
    expect(ada.text.toString()).toBe(BASE)
    ada.type('Ada adds a line from the desktop.\n')
    grace.type('Grace adds.\n', 0)
    const both = `Grace adds.\n${BASE}Ada adds a line from the desktop.\n`
    await Promise.all([
      ada.until(() => ada.text.toString() === both),
      grace.until(() => grace.text.toString() === both),
    ])
    // Each sees who else is in the page, by the account the server knows them by.
    await grace.until(() => names(grace).includes('admin'))

    // The server commits by itself once the typing stops, and says so to the desktop too.
    await ada.until(() => ada.statuses.some((s) => s.type === 'saved'), 15_000)
    expect(await serverText('guides/setup.md')).toBe(both)
    const [commit] = await json<{ subject: string }[]>(
      hosted.api('GET', `${HANDBOOK}/history/guides/setup.md`),
    )
    expect(commit?.subject).toBe('Edit guides/setup.md (2 people)')
    // Nobody asked the desktop to sync: the server's news of the commit did.
    await expect.poll(() => cloneText('guides/setup.md'), { timeout: 20_000 }).toBe(both)
  })

  it('commits what the desktop typed when its window leaves, and the clone takes it', async () => {
    await pageOnBothSides('guides/leave.md')
    const ada = onDesktop('guides/leave.md')
    await ada.synced
    ada.type('Typed, then the window closed.\n')
    await ada.until(() => true)
    ada.close()
    await expect
      .poll(() => cloneText('guides/leave.md'), { timeout: 20_000 })
      .toBe(`${BASE}Typed, then the window closed.\n`)
    expect(await serverText('guides/leave.md')).toBe(`${BASE}Typed, then the window closed.\n`)
  })

  it('opens the session for the engine’s token too, and refuses a page of another site or a caller without credentials', async () => {
    await pageOnBothSides('guides/access.md')
    const headless = onDesktop('guides/access.md', { token: engine.token })
    await headless.synced
    expect(headless.text.toString()).toBe(BASE)
    const foreign = onDesktop('guides/access.md', {
      cookie: windowCredential.cookie,
      origin: 'https://evil.example',
    })
    expect(await foreign.closed).toBe(403)
    const stranger = onDesktop('guides/access.md', { cookie: 'quire_session=stale', origin: engine.url })
    expect(await stranger.closed).toBe(401)
  })
})

describe('the desktop’s window, whose own scheme cannot open a WebSocket', () => {
  it('joins with a ticket for the loopback listener, once, and only from its own page', async () => {
    await pageOnBothSides('guides/ticket.md')
    const first = await askTicket()
    expect(first.url).toBe(engine.url.replace(/^http/, 'ws'))
    expect(await joinWithTicket('guides/ticket.md', first.ticket)).toMatchObject({
      type: 'hello',
      writable: true,
    })
    expect(await joinWithTicket('guides/ticket.md', first.ticket)).toBe(401)
    // A ticket presented by another site is spent, and opens nothing.
    const stolen = await askTicket()
    expect(await joinWithTicket('guides/ticket.md', stolen.ticket, 'https://evil.example')).toBe(403)
    expect(await joinWithTicket('guides/ticket.md', stolen.ticket)).toBe(401)
    expect(await joinWithTicket('guides/ticket.md', 'made-up')).toBe(401)
    expect(await joinWithTicket('guides/ticket.md', undefined)).toBe(401)
    // The request log names the sessions opened and refused, never their tickets.
    expect(logged.some((line) => line.includes('/api/v1/collab/acme/handbook/guides/ticket.md'))).toBe(true)
    for (const ticket of [first.ticket, stolen.ticket])
      expect(logged.filter((line) => line.includes(ticket))).toEqual([])
    // Only the person's own requests get a ticket.
    const anonymous = await fetch(`${engine.url}/api/v1/desktop/live-ticket`, {
      method: 'POST',
      headers: { origin: engine.url },
    })
    expect(anonymous.status).toBe(401)
  })

  it('refuses a ticket that waited too long', async () => {
    const late = await askTicket()
    skewMs += LIVE_TICKET_MS + 1
    expect(await joinWithTicket('guides/ticket.md', late.ticket)).toBe(401)
    const fresh = await askTicket()
    expect(await joinWithTicket('guides/ticket.md', fresh.ticket)).toMatchObject({ type: 'hello' })
  })
})

describe('no live session to join', () => {
  it('refuses a space kept on this computer only: the window edits it as it always did', async () => {
    const added = await engineCall('POST', '/desktop/spaces', { kind: 'local', name: 'Notes' })
    expect(added.status).toBe(201)
    await engineCall('PUT', '/organizations/local/spaces/notes/files/todo.md', { content: '# To do\n' })
    const refused = keep(
      liveClient(engine.url, { org: 'local', space: 'notes', path: 'todo.md' }, windowCredential),
    )
    expect(await refused.closed).toBe(404)
  })

  it('closes the session when the server goes away, refuses it while offline, and merges the offline edit into the server’s open session', async () => {
    await pageOnBothSides('guides/offline.md')
    const grace = onWeb('guides/offline.md')
    const ada = onDesktop('guides/offline.md')
    await Promise.all([grace.synced, ada.synced])

    await line.cut()
    // The window's editor learns at once that the session is gone, and edits the clone instead.
    expect(await ada.closed).toBe(1001)
    const refused = onDesktop('guides/offline.md')
    expect(await refused.closed).toBe(400)
    const { sha } = await json<{ sha: string }>(engineCall('GET', `${HANDBOOK}/files/guides/offline.md`))
    const written = await engineCall('PUT', `${HANDBOOK}/files/guides/offline.md`, {
      content: `${BASE}Written on the train.\n`,
      base_sha: sha,
    })
    expect(await written.json()).toMatchObject({ pushed: false })
    expect(
      await json<{ status: string }>(engineCall('POST', '/desktop/spaces/acme/handbook/sync')),
    ).toMatchObject({
      status: 'offline',
    })

    await line.restore()
    // Back online, the engine syncs by itself; the server's open session takes the commit as an outside change.
    await grace.until(() => grace.text.toString() === `${BASE}Written on the train.\n`, 20_000)
    expect(await serverText('guides/offline.md')).toBe(`${BASE}Written on the train.\n`)
    const again = onDesktop('guides/offline.md')
    await again.synced
    expect(again.text.toString()).toBe(`${BASE}Written on the train.\n`)
  })

  it('closes the session when the server stops, and refuses a new one while it is stopped', async () => {
    const ada = onDesktop('guides/setup.md')
    await ada.synced
    await hosted.server.close()
    // The server's own goodbye reaches the window unchanged: it is restarting, edit the clone meanwhile.
    expect(await ada.closed).toBe(1012)
    expect(ada.statuses.at(-1)).toMatchObject({ type: 'closing' })
    const refused = onDesktop('guides/setup.md')
    expect(await refused.closed).toBe(400)
  })
})
