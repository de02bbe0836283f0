import type { Server } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { closeListener, keptAlive, listenOn } from './listener.ts'

let server: Server | undefined
afterEach(async () => {
  if (server) await closeListener(server, 1_000)
  server = undefined
})

async function started(): Promise<string> {
  server = await listenOn(() => new Response('ok'), { port: 0, hostname: '127.0.0.1' })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

/** What the server answers to `bytes` written on a socket of its own. */
async function rawAnswer(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return await new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes))
    let answer = ''
    socket.on('data', (chunk) => {
      answer += String(chunk)
    })
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('a request refused before any route', () => {
  it('is answered in the error model when its address and headers are too long', async () => {
    const url = await started()
    const response = await fetch(`${url}/api/v1/search?q=${'x'.repeat(64 * 1024)}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid',
      message: 'The request’s address and headers are too long.',
    })
    // The server goes on answering.
    expect(await (await fetch(`${url}/`)).text()).toBe('ok')
  })

  it('is answered in the error model when it is not HTTP', async () => {
    const answer = await rawAnswer(await started(), 'HELLO THERE\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'invalid',
      message: 'The request could not be read as HTTP.',
    })
  })
})

/**
 * Pings far enough apart that a busy machine (a test run beside others on two cores) answers each in
 * time: a ping every 50 ms ended a lively socket whose pong was read a moment too late.
 */
const PING_MS = 300

describe('a WebSocket whose other end went without a word', () => {
  it('is ended once it leaves a ping unanswered, while one that answers stays', async () => {
    const sockets = keptAlive(new WebSocketServer({ port: 0, host: '127.0.0.1' }), PING_MS)
    try {
      await new Promise<void>((resolve) => sockets.once('listening', () => resolve()))
      const { port } = sockets.address() as { port: number }
      const open = (client: WebSocket) => new Promise<void>((resolve) => client.once('open', () => resolve()))
      const lively = new WebSocket(`ws://127.0.0.1:${port}`)
      const silent = new WebSocket(`ws://127.0.0.1:${port}`)
      await Promise.all([open(lively), open(silent)])
      const ended: string[] = []
      for (const socket of sockets.clients)
        socket.on('close', () => ended.push('a socket'))
        // The silent one reads nothing more (its pings go unanswered), as a laptop asleep.
      ;(silent as unknown as { _socket: { pause(): void } })._socket.pause()
      await expect.poll(() => ended.length, { timeout: 5_000 }).toBe(1)
      // Several more pings, each answered by the lively one.
      await new Promise((resolve) => setTimeout(resolve, 3 * PING_MS))
      expect(ended).toHaveLength(1)
      expect(lively.readyState).toBe(WebSocket.OPEN)
      lively.close()
      silent.terminate()
    } finally {
      sockets.close()
    }
  })
})
