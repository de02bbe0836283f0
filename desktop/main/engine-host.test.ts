import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { Engine, EngineOptions } from '../engine/contract.ts'
import { serveEngine } from '../engine/serve-engine.ts'
import { nodeLink } from '../engine/testing/node-link.ts'
import {
  type EngineHostOptions,
  type EngineProcess,
  RESTART_DELAYS_MS,
  startEngineHost,
} from './engine-host.ts'

const quiet = { info() {}, warn() {}, error() {} }
const STOP_TIMEOUT = 4321

/** An engine numbered `n`: answers with its number, hangs on /hang, and closes (or not) when asked. */
function engineNumber(n: number, closes = true): Engine {
  return {
    url: `http://127.0.0.1:${4000 + n}`,
    token: `token-${n}`,
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/hang') return new Promise<Response>(() => {})
      return new Response(`engine ${n}`)
    },
    close: () => (closes ? Promise.resolve() : new Promise<void>(() => {})),
  }
}

/**
 * Processes run in this one: each has a message channel whose other end runs the engine's side, as
 * the utility process does. `start(n, options)` makes the n-th process's engine (or throws).
 */
function fakeProcesses(start: (n: number, options: EngineOptions) => Promise<Engine>) {
  const processes: { crash(code: number): void; killed: boolean; stopped: boolean }[] = []
  const spawn = (): EngineProcess => {
    const n = processes.length + 1
    const channel = new MessageChannel()
    let onExit: ((code: number) => void) | undefined
    let ended = false
    const end = (code: number) => {
      if (ended) return
      ended = true
      channel.port1.close()
      channel.port2.close()
      setImmediate(() => onExit?.(code))
    }
    const record = { crash: end, killed: false, stopped: false }
    processes.push(record)
    serveEngine(
      nodeLink(channel.port2),
      async () => (options) => start(n, options),
      (code) => {
        record.stopped = true
        end(code)
      },
    )
    return {
      link: nodeLink(channel.port1),
      onExit: (listener) => {
        onExit = listener
      },
      kill: () => {
        record.killed = true
        end(-9)
      },
    }
  }
  return { processes, spawn }
}

function host(spawn: () => EngineProcess, extra: Partial<EngineHostOptions> = {}) {
  const delays: number[] = []
  const stopGate = Promise.withResolvers<void>()
  const engineHost = startEngineHost({
    spawn,
    dataDir: '/data',
    secretKey: 'key',
    logger: quiet,
    stopTimeoutMs: STOP_TIMEOUT,
    wait: async (ms) => {
      if (ms === STOP_TIMEOUT) return stopGate.promise
      delays.push(ms)
    },
    ...extra,
  })
  return { engineHost, delays, timeOutStop: () => stopGate.resolve() }
}

const get = (path: string) => new Request(`quire://app${path}`)
const text = async (response: Promise<Response>) => {
  const r = await response
  return `${r.status} ${await r.text()}`
}

describe('the engine host', () => {
  it('starts the engine with the data folder and key, and answers the window’s requests through it', async () => {
    const started: EngineOptions[] = []
    const { spawn } = fakeProcesses(async (n, options) => {
      started.push(options)
      return engineNumber(n)
    })
    const { engineHost } = host(spawn)
    // Made before the engine is ready: it waits for it.
    expect(await text(engineHost.fetch(get('/')))).toBe('200 engine 1')
    expect(started).toMatchObject([{ dataDir: '/data', secretKey: 'key' }])
    expect(engineHost.listener()).toEqual({ url: 'http://127.0.0.1:4001', token: 'token-1' })
  })

  it('starts a process that died again, after growing delays, answering its requests in flight with a 503', async () => {
    const { spawn, processes } = fakeProcesses(async (n) => engineNumber(n))
    const { engineHost, delays } = host(spawn)
    expect(await text(engineHost.fetch(get('/')))).toBe('200 engine 1')
    const inFlight = engineHost.fetch(get('/hang'))
    await new Promise((resolve) => setImmediate(resolve))
    processes[0]!.crash(1)
    const answered = await inFlight
    expect(answered.status).toBe(503)
    expect(await answered.json()).toMatchObject({ error: 'unavailable' })
    expect(await text(engineHost.fetch(get('/')))).toBe('200 engine 2')
    processes[1]!.crash(1)
    await expect.poll(() => engineHost.listener()?.token).toBe('token-3')
    expect(await text(engineHost.fetch(get('/')))).toBe('200 engine 3')
    expect(delays).toEqual([RESTART_DELAYS_MS[0], RESTART_DELAYS_MS[1]])
  })

  it('goes back to the shortest delay after an engine ran a good while', async () => {
    let clock = 0
    const { spawn, processes } = fakeProcesses(async (n) => engineNumber(n))
    const { engineHost, delays } = host(spawn, { now: () => clock })
    await engineHost.fetch(get('/'))
    processes[0]!.crash(1)
    await expect.poll(() => engineHost.listener()?.token).toBe('token-2')
    clock += 61_000
    processes[1]!.crash(1)
    await expect.poll(() => engineHost.listener()?.token).toBe('token-3')
    expect(delays).toEqual([RESTART_DELAYS_MS[0], RESTART_DELAYS_MS[0]])
  })

  it('ends a process whose engine failed to start and tries again; requests waiting on it get a 503', async () => {
    const { spawn, processes } = fakeProcesses(async (n) => {
      if (n === 1) throw new Error('database locked')
      return engineNumber(n)
    })
    const { engineHost, delays } = host(spawn)
    expect((await engineHost.fetch(get('/'))).status).toBe(503)
    expect(processes[0]!.killed).toBe(true)
    await expect.poll(() => engineHost.listener()).toEqual({ url: 'http://127.0.0.1:4002', token: 'token-2' })
    expect(await text(engineHost.fetch(get('/')))).toBe('200 engine 2')
    expect(delays).toEqual([RESTART_DELAYS_MS[0]])
  })

  it('stops by closing the engine, and starts no other; later requests get a 503', async () => {
    const { spawn, processes } = fakeProcesses(async (n) => engineNumber(n))
    const { engineHost, delays } = host(spawn)
    await engineHost.fetch(get('/'))
    await engineHost.stop()
    expect(processes[0]).toMatchObject({ stopped: true, killed: false })
    expect((await engineHost.fetch(get('/'))).status).toBe(503)
    await new Promise((resolve) => setImmediate(resolve))
    expect(processes).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('kills an engine that does not close in time', async () => {
    const { spawn, processes } = fakeProcesses(async (n) => engineNumber(n, false))
    const { engineHost, timeOutStop } = host(spawn)
    await engineHost.fetch(get('/'))
    const stopping = engineHost.stop()
    timeOutStop()
    await stopping
    expect(processes[0]).toMatchObject({ stopped: false, killed: true })
    expect(processes).toHaveLength(1)
  })
})
