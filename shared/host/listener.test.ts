import type { Server } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closeListener, listenOn } from './listener.ts'

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
