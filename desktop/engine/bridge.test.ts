import { MessageChannel } from 'node:worker_threads'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type BridgeClient,
  createBridgeClient,
  deserializeRequest,
  type FetchHandler,
  serializeRequest,
  serveBridge,
} from './bridge.ts'
import { nodeLink } from './testing/node-link.ts'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

/** A client whose requests cross a real MessageChannel to `handler`. */
function bridged(handler: FetchHandler, errors: unknown[] = []): BridgeClient {
  const channel = new MessageChannel()
  channels.push(channel)
  serveBridge(nodeLink(channel.port2), handler, {
    info() {},
    warn() {},
    error: (obj) => errors.push(obj),
  })
  return createBridgeClient(nodeLink(channel.port1))
}

const ORIGIN = 'quire://app'

function app() {
  const gates = new Map<string, () => void>()
  const opened = new Map<string, Promise<void>>()
  const gate = (name: string) => {
    if (!opened.has(name)) opened.set(name, new Promise<void>((resolve) => gates.set(name, resolve)))
    return opened.get(name)!
  }
  const hono = new Hono()
  hono.all('/echo', async (c) =>
    c.json({
      method: c.req.method,
      path: c.req.path,
      query: c.req.query('q'),
      type: c.req.header('content-type') ?? null,
      custom: c.req.header('x-custom') ?? null,
      body: c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.req.text(),
    }),
  )
  hono.get('/cookies', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/', { append: true })
    c.header('Set-Cookie', 'b=2; Path=/; HttpOnly', { append: true })
    c.header('Vary', 'Accept', { append: true })
    c.header('Vary', 'Origin', { append: true })
    return c.text('ok')
  })
  hono.post('/bytes', async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    // Answers the bytes reversed, so both directions carry binary.
    return c.body(bytes.reverse(), 200, { 'content-type': 'application/octet-stream' })
  })
  hono.get('/nothing', (c) => c.body(null, 204))
  hono.get('/wait/:name', async (c) => {
    await gate(c.req.param('name'))
    return c.text(c.req.param('name'))
  })
  const open = (name: string) => {
    void gate(name)
    gates.get(name)!()
  }
  return { hono, open }
}

describe('the bridge', () => {
  it('carries each method, the path, the query, headers and a text body', async () => {
    const client = bridged(app().hono.fetch)
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const hasBody = method !== 'GET' && method !== 'HEAD'
      const response = await client.fetch(
        new Request(`${ORIGIN}/echo?q=caf%C3%A9`, {
          method,
          headers: { 'content-type': 'text/plain', 'x-custom': 'yes' },
          body: hasBody ? 'Grüße' : null,
        }),
      )
      expect(response.status).toBe(200)
      if (method === 'HEAD') continue
      expect(await response.json()).toEqual({
        method,
        path: '/echo',
        query: 'café',
        type: 'text/plain',
        custom: 'yes',
        body: hasBody ? 'Grüße' : null,
      })
    }
  })

  it('keeps repeated response headers, each set-cookie apart', async () => {
    const response = await bridged(app().hono.fetch).fetch(new Request(`${ORIGIN}/cookies`))
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly'])
    expect(response.headers.get('vary')).toBe('Accept, Origin')
  })

  it('carries binary bodies byte for byte both ways', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i)
    const response = await bridged(app().hono.fetch).fetch(
      new Request(`${ORIGIN}/bytes`, { method: 'POST', body: bytes }),
    )
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice().reverse())
  })

  it('answers the handler’s 404 and a bodiless 204 as they are', async () => {
    const client = bridged(app().hono.fetch)
    const missing = await client.fetch(new Request(`${ORIGIN}/no/such/thing`))
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('404 Not Found')
    const nothing = await client.fetch(new Request(`${ORIGIN}/nothing`))
    expect(nothing.status).toBe(204)
    expect(nothing.body).toBeNull()
  })

  it('turns a handler that throws into the API’s JSON 500, logged, without the error’s details', async () => {
    const errors: unknown[] = []
    const client = bridged(() => {
      throw new Error('disk on fire at /home/ada')
    }, errors)
    const response = await client.fetch(new Request(`${ORIGIN}/api/v1/spaces`))
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await response.json()) as { error: string; message: string }
    expect(body).toEqual({ error: 'internal', message: expect.any(String) })
    expect(body.message).not.toContain('disk on fire')
    expect(errors).toHaveLength(1)
  })

  it('also answers a 500 when the handler’s promise rejects', async () => {
    const client = bridged(async () => Promise.reject(new TypeError('nope')))
    expect((await client.fetch(new Request(`${ORIGIN}/`))).status).toBe(500)
  })

  it('matches concurrent answers to their requests by id, whatever order they come back in', async () => {
    const { hono, open } = app()
    const client = bridged(hono.fetch)
    const names = ['one', 'two', 'three', 'four']
    const answers = names.map((name) =>
      client.fetch(new Request(`${ORIGIN}/wait/${name}`)).then((r) => r.text()),
    )
    for (const name of [...names].reverse()) open(name)
    expect(await Promise.all(answers)).toEqual(names)
  })

  it('answers requests still waiting with a 503 when the other side goes away', async () => {
    const client = bridged(app().hono.fetch)
    const waiting = client.fetch(new Request(`${ORIGIN}/wait/never`))
    // Let the request reach the other side before giving up on it.
    await new Promise((resolve) => setImmediate(resolve))
    expect(client.failPending()).toBe(1)
    const response = await waiting
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ error: 'unavailable' })
    client.close()
    expect((await client.fetch(new Request(`${ORIGIN}/echo`))).status).toBe(503)
  })

  it('ignores messages that are not requests', async () => {
    const channel = new MessageChannel()
    channels.push(channel)
    let called = false
    serveBridge(nodeLink(channel.port2), () => {
      called = true
      return new Response('x')
    })
    const client = createBridgeClient(nodeLink(channel.port1))
    channel.port1.postMessage({ type: 'start' })
    channel.port1.postMessage({ type: 'request', id: 'x' })
    expect(await (await client.fetch(new Request(`${ORIGIN}/`))).text()).toBe('x')
    expect(called).toBe(true)
  })
})

describe('request messages', () => {
  it('round-trip a request with its URL on the app’s own scheme', async () => {
    const message = await serializeRequest(7, new Request(`${ORIGIN}/api/v1/x?y=1`, { method: 'DELETE' }))
    expect(message).toMatchObject({ id: 7, method: 'DELETE', url: `${ORIGIN}/api/v1/x?y=1`, body: null })
    expect(deserializeRequest(message).url).toBe(`${ORIGIN}/api/v1/x?y=1`)
  })
})
