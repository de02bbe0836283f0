import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOOK_BODY_MAX_BYTES } from '../domain/limits.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
let secret: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    admin: 'root',
    spaces: { wiki: { name: 'wiki' }, plain: { name: 'plain' } },
  })
  ;({ secret } = await json<{ secret: string }>(
    await t.call('POST', '/organizations/acme/spaces/wiki/git/webhook-secret', {
      token: world.token('root'),
    }),
  ))
})
afterEach(() => t.close())

/** A body that sends one chunk, then neither more nor its end; `pulled` counts the chunks read. */
function endlessBody() {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled++
        if (state.pulled === 1) controller.enqueue(new TextEncoder().encode('{"ref":'))
        return new Promise(() => undefined)
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, state }
}

/** A body streamed in 64 KiB chunks with no length announced, `total` bytes in all. */
function chunkedBody(total: number) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const chunk = new Uint8Array(Math.min(64 * 1024, total - sent)).fill(0x20)
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
}

const hook = (path: string, headers: Record<string, string>, body: BodyInit) =>
  t.app.request(`/api/v1/hooks/git/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)

describe('incoming Git-host webhooks', () => {
  it('refuses a request without a signature header (401) without reading its body', async () => {
    const { stream, state } = endlessBody()
    const response = await hook('acme/wiki', {}, stream)
    expect(response.status).toBe(401)
    expect((await json(response)).error).toBe('unauthenticated')
    expect(state.pulled).toBe(0)
  })

  it('refuses an unknown space, or one without a webhook secret, before reading the body (401)', async () => {
    for (const path of ['acme/nowhere', 'nobody/wiki', 'acme/plain']) {
      const { stream, state } = endlessBody()
      const response = await hook(path, { 'X-Hub-Signature-256': 'sha256=00' }, stream)
      expect(response.status).toBe(401)
      expect(state.pulled).toBe(0)
    }
  })

  it('refuses a body over the cap with 413 too_large, announced or streamed', async () => {
    const big = 'x'.repeat(HOOK_BODY_MAX_BYTES + 1)
    const announced = await hook('acme/wiki', { 'X-Forgec-Token': secret }, big)
    expect(announced.status).toBe(413)
    expect((await json(announced)).error).toBe('too_large')
    const streamed = await hook(
      'acme/wiki',
      { 'X-Forgec-Token': secret },
      chunkedBody(HOOK_BODY_MAX_BYTES * 4),
    )
    expect(streamed.status).toBe(413)
    expect((await json(streamed)).error).toBe('too_large')
  })

  it('accepts a signed body up to the cap (202)', async () => {
    const body = `{"ref":"refs/heads/main","pad":"${' '.repeat(HOOK_BODY_MAX_BYTES - 40)}"}`
    const mac = t.deps.secrets.hmacHex(secret, new TextEncoder().encode(body))
    expect((await hook('acme/wiki', { 'X-Hub-Signature-256': `sha256=${mac}` }, body)).status).toBe(202)
    expect((await hook('acme/wiki', { 'X-Hub-Signature-256': 'sha256=00' }, body)).status).toBe(401)
  })
})
