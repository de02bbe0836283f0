import { MessageChannel } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { createBridgeClient } from './bridge.ts'
import type { Engine, EngineOptions } from './contract.ts'
import { serveEngine } from './serve-engine.ts'
import { nodeLink } from './testing/node-link.ts'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

/** The main process's end of a channel whose other end runs `serveEngine`. */
function run(startEngine: (options: EngineOptions) => Promise<Engine>) {
  const channel = new MessageChannel()
  channels.push(channel)
  const exits: number[] = []
  serveEngine(
    nodeLink(channel.port2),
    async () => startEngine,
    (code) => exits.push(code),
  )
  const link = nodeLink(channel.port1)
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const stop = link.listen((message) => {
        if ((message as { type?: string }).type !== type) return
        stop()
        resolve(message as Record<string, unknown>)
      })
    })
  return { link, exits, next }
}

function fakeEngine(calls: string[]): (options: EngineOptions) => Promise<Engine> {
  return async (options) => {
    calls.push(`start ${options.dataDir} ${options.secretKey}`)
    return {
      url: 'http://127.0.0.1:4123',
      token: 'engine-token',
      fetch: async (request) => new Response(`engine answers ${new URL(request.url).pathname}`),
      close: async () => {
        calls.push('close')
      },
    }
  }
}

describe('serveEngine', () => {
  it('starts the engine on the start message, says where it listens, then answers requests', async () => {
    const calls: string[] = []
    const { link, next } = run(fakeEngine(calls))
    const ready = next('ready')
    link.send({ type: 'start', dataDir: '/data', secretKey: 'c2VjcmV0' })
    expect(await ready).toEqual({ type: 'ready', url: 'http://127.0.0.1:4123', token: 'engine-token' })
    expect(calls).toEqual(['start /data c2VjcmV0'])
    const response = await createBridgeClient(link).fetch(new Request('quire://app/api/v1/me'))
    expect(await response.text()).toBe('engine answers /api/v1/me')
  })

  it('starts the engine once, whatever comes after', async () => {
    const calls: string[] = []
    const { link, next } = run(fakeEngine(calls))
    const ready = next('ready')
    link.send({ type: 'start', dataDir: '/data', secretKey: 'a' })
    link.send({ type: 'start', dataDir: '/other', secretKey: 'b' })
    await ready
    await createBridgeClient(link).fetch(new Request('quire://app/'))
    expect(calls).toEqual(['start /data a'])
  })

  it('reports a start that fails, with its reason', async () => {
    const { link, next } = run(async () => {
      throw new Error('the data folder is not writable')
    })
    const failed = next('failed')
    link.send({ type: 'start', dataDir: '/data', secretKey: 'a' })
    expect(await failed).toEqual({ type: 'failed', message: 'the data folder is not writable' })
  })

  it('closes the engine on the stop message before ending', async () => {
    const calls: string[] = []
    const { link, next, exits } = run(fakeEngine(calls))
    const ready = next('ready')
    link.send({ type: 'start', dataDir: '/data', secretKey: 'a' })
    await ready
    link.send({ type: 'stop' })
    await expect.poll(() => exits).toEqual([0])
    expect(calls).toEqual(['start /data a', 'close'])
  })
})
