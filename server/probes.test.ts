import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { launchServer, type ServerProcess } from './testing/server-process.ts'

let dataDir: string
let server: ServerProcess | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-probes-'))
})
afterEach(() => {
  server?.child.kill('SIGKILL')
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

/** Waits until the server's output holds `text` (at most 5 s). */
async function logged(process: ServerProcess, text: string): Promise<void> {
  const until = Date.now() + 5_000
  while (!process.output().includes(text) && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
  expect(process.output()).toContain(text)
}

describe('health probes of a server started as `npm start` starts it', () => {
  it('answers /healthz and /readyz, then reports not ready without logging an error', async () => {
    server = launchServer(dataDir, {})
    const url = await server.listening
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(`${url}${path}`)
      expect(response.status, path).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
    }

    // The repositories folder goes away under the running process (a storage mount lost, say).
    rmSync(join(dataDir, 'repos'), { recursive: true, force: true })
    writeFileSync(join(dataDir, 'repos'), '')
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('5')
    expect(await ready.json()).toMatchObject({ error: 'unavailable' })
    expect((await fetch(`${url}/healthz`)).status).toBe(200)

    // Other requests are logged, so the absence of the probes' lines below means something.
    expect((await fetch(`${url}/api/v1/me`)).status).toBe(401)
    // The log reaches the pipe a moment after the response.
    await logged(server, '"path":"/api/v1/me"')
    expect(server.output()).toContain('"msg":"not ready"')
    // pino's error level is 50: nothing at that level, and no request line for the probes.
    expect(server.output()).not.toContain('"level":50')
    expect(server.output()).not.toContain('"path":"/readyz"')
  })
})
