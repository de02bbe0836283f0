import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { securityHeaders } from '../../api/middleware/security-headers.ts'
import { SECURITY_HEADERS } from '../../domain/security-headers.ts'
import { SecuredServerResponse } from './secured-server-response.ts'

let server: Server | undefined
afterEach(async () => {
  const open = server
  server = undefined
  if (open) await new Promise((resolve) => open.close(resolve))
})

/** Listens on loopback with SecuredServerResponse, answering with `handle`. */
async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer({ ServerResponse: SecuredServerResponse }, handle)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The raw head of an answer: each header line as the client received it, names lower-cased. */
async function rawHead(url: string): Promise<{ status: number; lines: [string, string][] }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const lines: [string, string][] = []
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        lines.push([(res.rawHeaders[i] as string).toLowerCase(), res.rawHeaders[i + 1] as string])
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }))
    })
      .on('error', reject)
      .end()
  })
}

/** Each security header once, with its value, unless `own` names the route's value for it. */
function expectSecured(lines: [string, string][], own: Record<string, string> = {}) {
  for (const [name, value] of SECURITY_HEADERS) {
    const found = lines.filter(([n]) => n === name.toLowerCase())
    expect(found, name).toEqual([[name.toLowerCase(), own[name.toLowerCase()] ?? value]])
  }
}

describe('a response that adds the security headers as it writes its head', () => {
  it('adds them to a head given whole, beside the route’s own headers', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'text/plain', 'X-Custom': 'kept' })
      res.end('made')
    })
    const { status, lines } = await rawHead(url)
    expect(status).toBe(201)
    expectSecured(lines)
    expect(lines).toContainEqual(['x-custom', 'kept'])
    expect(lines).toContainEqual(['content-type', 'text/plain'])
  })

  it('keeps a header the route gave itself, sent once', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, 'Fine', { 'referrer-policy': 'same-origin', 'X-Frame-Options': 'DENY' })
      res.end()
    })
    expectSecured((await rawHead(url)).lines, {
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
    })
  })

  it('adds them when headers were set one by one and the head is written implicitly', async () => {
    const url = await listen((_req, res) => {
      res.setHeader('Referrer-Policy', 'strict-origin')
      res.setHeader('Set-Cookie', ['a=1', 'b=2'])
      res.end('body')
    })
    const { lines } = await rawHead(url)
    expectSecured(lines, { 'referrer-policy': 'strict-origin' })
    expect(lines.filter(([n]) => n === 'set-cookie')).toHaveLength(2)
  })

  it('adds them to a head given as a list', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(404, ['Content-Type', 'text/plain', 'X-Content-Type-Options', 'nosniff'])
      res.end('missing')
    })
    const { status, lines } = await rawHead(url)
    expect(status).toBe(404)
    expectSecured(lines)
  })

  it('serves a Hono app with them, whether it answers at once or streams, and once only', async () => {
    const app = new Hono()
    app.use('*', securityHeaders())
    app.get('/json', (c) => c.json({ ok: true }))
    app.get('/page', (c) => {
      c.header('Referrer-Policy', 'same-origin')
      return c.html('<p>page</p>')
    })
    app.get('/stream', () => new Response(new Blob(['a', 'b']).stream(), { headers: { 'X-Kind': 'stream' } }))
    server = await new Promise<Server>((resolve) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: 0,
          hostname: '127.0.0.1',
          serverOptions: { ServerResponse: SecuredServerResponse },
        },
        () => resolve(s as Server),
      )
    })
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    expectSecured((await rawHead(`${url}/json`)).lines)
    expectSecured((await rawHead(`${url}/page`)).lines, { 'referrer-policy': 'same-origin' })
    expectSecured((await rawHead(`${url}/stream`)).lines)
    const missing = await rawHead(`${url}/nothing`)
    expect(missing.status).toBe(404)
    expectSecured(missing.lines)
  })
})

describe('the security headers middleware without a Node response', () => {
  it('sets them on the Response, keeping the route’s own', async () => {
    const app = new Hono()
    app.use('*', securityHeaders())
    app.get('/page', (c) => {
      c.header('Referrer-Policy', 'same-origin')
      return c.text('page')
    })
    const res = await app.request('/page')
    for (const [name, value] of SECURITY_HEADERS)
      expect(res.headers.get(name), name).toBe(name === 'Referrer-Policy' ? 'same-origin' : value)
    const missing = await app.request('/nothing')
    expect(missing.headers.get('X-Frame-Options')).toBe('SAMEORIGIN')
  })
})
