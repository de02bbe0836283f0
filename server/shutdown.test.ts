import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const TOKEN = 'shutdown-admin-token-0123456789abcdef'
/** What a supervisor (systemd, Kubernetes, Docker) waits after SIGTERM before it sends SIGKILL. */
const SUPERVISOR_PATIENCE_MS = 10_000

let dataDir: string
let server: ServerProcess | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-stop-'))
})
afterEach(() => {
  server?.child.kill('SIGKILL')
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

/** A long page of distinct sentences, so indexing it by meaning takes real work. */
function longPage(n: number): string {
  const lines = Array.from(
    { length: 1500 },
    (_, i) =>
      `Paragraph ${i} of page ${n}: the ${['backup', 'deploy', 'network', 'audit'][i % 4]} procedure step ${i * 7 + n} is checked by the team on call.`,
  )
  return `# Long page ${n}\n\n${lines.join('\n\n')}\n\nmarker${n}word\n`
}

describe('SIGTERM after a burst of large pages', () => {
  it('stops within a supervisor’s patience, and the next start indexes what was left', async () => {
    server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
    let url = await server.listening
    const S = '/organizations/acme/spaces/docs'
    await callApi(url, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })
    const pages = 12
    for (let n = 0; n < pages; n++) {
      const response = await callApi(url, TOKEN, 'PUT', `${S}/files/long-${n}.md`, { content: longPage(n) })
      expect(response.status).toBe(201)
    }

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const code = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), SUPERVISOR_PATIENCE_MS)),
    ])
    expect(code, server.output().slice(-3000)).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(SUPERVISOR_PATIENCE_MS)
    expect(server.output()).toContain('"msg":"stopped"')

    server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
    url = await server.listening
    const last = `marker${pages - 1}word`
    const until = Date.now() + 60_000
    let found: { path: string }[] = []
    while (found.length === 0 && Date.now() < until) {
      found = (await (await callApi(url, TOKEN, 'GET', `/search?q=${last}&mode=text`)).json()) as {
        path: string
      }[]
      if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(found.map((hit) => hit.path)).toContain(`long-${pages - 1}.md`)
  }, 120_000)
})
