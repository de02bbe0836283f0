import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import type { RunningServer } from './start.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

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
    const start = () => startInProcess(dataDir as string, TOKEN, { lines })
    let started = await start()
    server = started.server
    const api: InProcessServer['api'] = (...args) => started.api(...args)
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

    started = await start()
    server = started.server
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
