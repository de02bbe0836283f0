import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { type RunningServer, startServer } from './start.ts'

const TOKEN = 'missing-repo-admin-token-0123456789'

let remote: GitRemote | undefined
let server: RunningServer | undefined
let dataDir: string | undefined
afterEach(async () => {
  await server?.close()
  await remote?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('a space whose repository folder is gone at start', () => {
  it('is prepared again and filled from its remote by the next sync; a local one says it is missing', async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/wiki.git', { files: { 'content/index.md': '# Home\n' } })
    dataDir = mkdtempSync(join(tmpdir(), 'quire-missing-'))
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const start = () =>
      startServer(
        loadConfig({
          SERVICE_PORT: '0',
          SERVICE_DATA_DIR: dataDir as string,
          SERVICE_ADMIN_TOKEN: TOKEN,
          SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
        }),
        createLogger('info', sink),
      )
    server = await start()
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server?.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    await api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await api('POST', '/organizations/acme/spaces', {
      slug: 'wiki',
      name: 'Wiki',
      repo_url: remote.url('acme/wiki.git'),
    })
    await api('PUT', '/organizations/acme/spaces/wiki/git/credentials', {
      kind: 'https',
      token: `${remote.username}:${remote.password}`,
    })
    await api('POST', '/organizations/acme/spaces', { slug: 'notes', name: 'Notes' })
    const written = await api('PUT', '/organizations/acme/spaces/wiki/files/pushed.md', {
      content: '# Pushed\n',
    })
    expect(((await written.json()) as { pushed: boolean }).pushed).toBe(true)
    await server.close()
    rmSync(join(dataDir, 'repos', '1.git'), { recursive: true })
    rmSync(join(dataDir, 'repos', '2.git'), { recursive: true })

    server = await start()
    expect(lines.join('')).toContain('the next sync fetches it from its remote')
    const deadline = Date.now() + 15_000
    let status = 0
    while (Date.now() < deadline && status !== 200) {
      const response = await api('GET', '/organizations/acme/spaces/wiki/files/pushed.md')
      status = response.status
      await response.arrayBuffer()
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(200)
    const local = (await (await api('GET', '/organizations/acme/spaces/notes/git')).json()) as {
      last_error: string | null
    }
    expect(local.last_error).toMatch(/repository folder is missing/)
  }, 60_000)
})
