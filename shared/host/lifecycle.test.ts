import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../ports/logger.ts'
import { JOB_LEASE_MS } from '../services/jobs/job-worker.ts'
import { MAIL_JOB, sealMail } from '../services/mail/send-mail.ts'
import { sharedBuiltinEmbedder, sharedSentenceEmbedder } from '../testing/test-app.ts'
import { type HostParts, type RunningHost, startHost } from './lifecycle.ts'
import { listenOn } from './listener.ts'
import { composeNodeDeps, type NodeDeps } from './node-deps.ts'

type Entry = { level: 'info' | 'warn' | 'error'; fields: object; msg?: string }

let dataDir: string
let entries: Entry[]
let composed: NodeDeps[]
let running: RunningHost<unknown> | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-lifecycle-'))
  entries = []
  composed = []
})
afterEach(async () => {
  await running?.stop()
  running = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const logger: Logger = {
  info: (fields, msg) => entries.push({ level: 'info', fields, msg }),
  warn: (fields, msg) => entries.push({ level: 'warn', fields, msg }),
  error: (fields, msg) => entries.push({ level: 'error', fields, msg }),
}

/** The real composition on the test's data folder, kept so the test can look at its database. */
async function compose(): Promise<NodeDeps> {
  const deps = await composeNodeDeps({
    dataDir,
    secretKey: 'lifecycle test key',
    allowPrivateNetwork: false,
    builtinEmbedder: sharedBuiltinEmbedder(),
    sentenceEmbedder: sharedSentenceEmbedder(),
    passwordCost: { memoryCost: 1024, timeCost: 1 },
    secretScan: 'inline',
  })
  composed.push(deps)
  return deps
}

/** A host answering `GET /` on a free loopback port with an app of its own. */
function hostParts(app: Hono, more: Partial<HostParts<Hono>> = {}): HostParts<Hono> {
  return {
    compose,
    logger,
    syncIntervalMs: 60_000,
    prepare: async () => app,
    listen: (_deps, prepared) => listenOn(prepared.fetch, { port: 0, hostname: '127.0.0.1' }),
    ...more,
  }
}

const urlOf = (host: RunningHost<unknown>) => {
  const address = host.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  return `http://127.0.0.1:${address.port}`
}

describe('the host lifecycle', () => {
  it('stops in order: the request in flight is answered, then the background work stops, then the database closes', async () => {
    let release = () => {}
    let arrived = () => {}
    const hasArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    let answered = false
    const app = new Hono().get('/', async (c) => {
      arrived()
      await new Promise<void>((resolve) => {
        release = resolve
      })
      // The database still answers while a request is in flight.
      const organizations = await running?.deps.store.organizations.list()
      answered = true
      return c.json({ organizations: organizations?.length })
    })
    const seenAtStop: { listening: boolean; answered: boolean; databaseOpen: boolean }[] = []
    const host = await startHost(
      hostParts(app, {
        runners: () => [
          {
            stop: async () => {
              seenAtStop.push({
                listening: host.server.listening,
                answered,
                databaseOpen: composed[0]?.sqlite?.open === true,
              })
            },
          },
        ],
      }),
    )
    running = host
    const url = urlOf(host)

    const inFlight = fetch(url)
    await hasArrived
    const stopping = host.stop()
    // New connections are refused at once; the one in flight is still answered.
    await expect(fetch(url)).rejects.toThrow()
    release()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ organizations: 0 })
    await stopping

    expect(seenAtStop).toEqual([{ listening: false, answered: true, databaseOpen: true }])
    expect(composed[0]?.sqlite?.open).toBe(false)
    expect(entries.at(-1)?.msg).toBe('stopped')
    // Stopping again changes nothing and settles at once.
    await host.stop()
    expect(entries.filter((e) => e.msg === 'stopped')).toHaveLength(1)
    running = undefined
  })

  it('lets a request whose client went away finish before the database closes', async () => {
    let release = () => {}
    let arrived = () => {}
    const hasArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    let read: number | undefined
    let failure: unknown
    const app = new Hono().get('/', async (c) => {
      arrived()
      await new Promise<void>((resolve) => {
        release = resolve
      })
      try {
        read = (await running?.deps.store.organizations.list())?.length
      } catch (error) {
        failure = error
      }
      return c.json({ read })
    })
    const host = await startHost(hostParts(app))
    running = host
    const client = new AbortController()
    const cancelled = fetch(urlOf(host), { signal: client.signal }).catch(() => 'cancelled')
    await hasArrived
    client.abort()
    expect(await cancelled).toBe('cancelled')
    const stopping = host.stop()
    // The socket is closed at once: no connection is left, yet the database stays open for the answer.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(composed[0]?.sqlite?.open).toBe(true)
    release()
    await stopping
    expect(failure).toBeUndefined()
    expect(read).toBe(0)
    expect(composed[0]?.sqlite?.open).toBe(false)
    running = undefined
  })

  it('sends at once a message whose job a dead process held, instead of waiting out its lease', async () => {
    const before = await compose()
    const now = before.deps.clock.now()
    const payload = sealMail(before.deps, {
      to: ['dana@example.com'],
      subject: 'Welcome',
      text: 'Hello',
      html: '<p>Hello</p>',
    })
    await before.deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)
    expect(await before.deps.store.jobs.claim(now, JOB_LEASE_MS)).toBeDefined()
    // The process dies with the job running: nothing finishes it.
    await before.close()

    running = await startHost(hostParts(new Hono()))
    expect(entries).toContainEqual({
      level: 'warn',
      fields: { jobs: 1 },
      msg: 'took over jobs left running by the previous process',
    })
    const outbox = join(dataDir, 'outbox')
    await expect
      .poll(() => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith('.eml')).length
        } catch {
          return 0
        }
      })
      .toBe(1)
  })
})

describe('a failure while the host starts', () => {
  let taken: Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => taken?.close(resolve) ?? resolve(undefined))
    taken = undefined
  })

  it('closes the database when the port is taken, and gives the reason', async () => {
    taken = createServer()
    await new Promise<void>((resolve) => taken?.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    if (!address || typeof address === 'string') throw new Error('not listening')
    const failed = startHost(
      hostParts(new Hono(), {
        listen: (_deps, app) => listenOn(app.fetch, { port: address.port, hostname: '127.0.0.1' }),
      }),
    )
    await expect(failed).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(composed[0]?.sqlite?.open).toBe(false)
  })

  it('closes the listener and the database when a step after listening fails', async () => {
    let url = ''
    const failed = startHost(
      hostParts(
        new Hono().get('/', (c) => c.text('up')),
        {
          listen: async (_deps, app) => {
            const server = await listenOn(app.fetch, { port: 0, hostname: '127.0.0.1' })
            const address = server.address()
            if (address && typeof address !== 'string') url = `http://127.0.0.1:${address.port}`
            return server
          },
          runners: () => {
            throw new Error('the reconnection watch could not start')
          },
        },
      ),
    )
    await expect(failed).rejects.toThrow('the reconnection watch could not start')
    expect(url).not.toBe('')
    await expect(fetch(url)).rejects.toThrow()
    expect(composed[0]?.sqlite?.open).toBe(false)
    // Nothing was left holding the folder: the next start on it works.
    running = await startHost(hostParts(new Hono().get('/', (c) => c.text('up'))))
    expect(await (await fetch(urlOf(running))).text()).toBe('up')
  })
})
