import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { guardedRequest, RedirectRefusedError } from './guarded-http.ts'
import { outboundGuard } from './outbound-guard.ts'

type Seen = { path: string; authorization: string | undefined; cookie: string | undefined }

/** A loopback server that records each request and answers with `handle`. */
async function recorder(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, cookie: req.headers.cookie })
    handle(req, res)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { seen, base, stop: () => new Promise<void>((done) => server.close(() => done())) }
}

const guard = outboundGuard({ allowPrivateNetwork: true })
const credentials = { Authorization: 'Basic Z2l0OnNlY3JldA==', Cookie: 'session=1' }

let target: Awaited<ReturnType<typeof recorder>>
let origin: Awaited<ReturnType<typeof recorder>>
let redirectTo = ''

beforeAll(async () => {
  target = await recorder((_req, res) => res.end('ok'))
  origin = await recorder((req, res) => {
    if (req.url === '/here') return res.end('ok')
    res.writeHead(302, { location: redirectTo }).end()
  })
})
afterAll(async () => {
  await target.stop()
  await origin.stop()
})
beforeEach(() => {
  target.seen.length = 0
  origin.seen.length = 0
})

describe('redirects', () => {
  it('do not carry credentials to another port', async () => {
    redirectTo = `${target.base}/elsewhere`
    const response = await guardedRequest(guard, { url: `${origin.base}/start`, headers: credentials })
    expect(response.statusCode).toBe(200)
    expect(response.url).toBe(`${target.base}/elsewhere`)
    response.body.resume()
    expect(origin.seen).toEqual([
      { path: '/start', authorization: credentials.Authorization, cookie: 'session=1' },
    ])
    expect(target.seen).toEqual([{ path: '/elsewhere', authorization: undefined, cookie: undefined }])
  })

  it('do not carry credentials to another host name, even one on the same address', async () => {
    redirectTo = `http://localhost:${new URL(origin.base).port}/here`
    const response = await guardedRequest(guard, { url: `${origin.base}/start`, headers: credentials })
    response.body.resume()
    expect(origin.seen.map((s) => [s.path, s.authorization])).toEqual([
      ['/start', credentials.Authorization],
      ['/here', undefined],
    ])
  })

  it('keep credentials within the same origin', async () => {
    redirectTo = '/here'
    const response = await guardedRequest(guard, { url: `${origin.base}/start`, headers: credentials })
    response.body.resume()
    expect(origin.seen.map((s) => [s.path, s.authorization])).toEqual([
      ['/start', credentials.Authorization],
      ['/here', credentials.Authorization],
    ])
  })

  it('to another scheme are refused', async () => {
    redirectTo = 'file:///etc/passwd'
    await expect(guardedRequest(guard, { url: `${origin.base}/start` })).rejects.toBeInstanceOf(
      RedirectRefusedError,
    )
  })

  it('of a POST are returned, not followed with its body', async () => {
    redirectTo = `${target.base}/elsewhere`
    const response = await guardedRequest(guard, {
      url: `${origin.base}/start`,
      method: 'POST',
      headers: credentials,
      body: new TextEncoder().encode('pack'),
    })
    response.body.resume()
    expect(response.statusCode).toBe(302)
    expect(target.seen).toEqual([])
  })
})

describe('a remote that stops answering', () => {
  it('is given up after the guard’s silence limit, before and during its answer', async () => {
    const sockets = new Set<Socket>()
    const server = createServer((req, res) => {
      if (req.url === '/half') {
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.write('the beginning of an answer that never ends')
      }
      // '/never': no answer at all
    })
    server.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const quick = outboundGuard({ allowPrivateNetwork: true, idleTimeoutMs: 200 })
    try {
      await expect(guardedRequest(quick, { url: `${base}/never` })).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      })
      const half = await guardedRequest(quick, { url: `${base}/half` })
      const reading = new Promise((resolve, reject) => {
        half.body.on('data', () => undefined)
        half.body.on('end', resolve)
        half.body.on('error', reject)
      })
      await expect(reading).rejects.toThrow()
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
