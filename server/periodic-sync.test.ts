import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import type { RunningServer } from './start.ts'
import { startInProcess } from './testing/in-process-server.ts'

const TOKEN = 'periodic-sync-admin-token-0123456789'

let remote: GitRemote | undefined
let server: RunningServer | undefined
let dataDir: string | undefined
afterEach(async () => {
  await server?.close()
  await remote?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the periodic fetch', () => {
  it('brings commits pushed directly to the remote without any request', async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/wiki.git', { files: { 'content/index.md': '# Home\n' } })
    dataDir = mkdtempSync(join(tmpdir(), 'quire-periodic-'))
    const started = await startInProcess(dataDir, TOKEN, {
      env: { SERVICE_ADMIN_PASSWORD: 'admin password', SERVICE_SYNC_INTERVAL: '1' },
    })
    server = started.server
    const { api } = started
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

    const clone = await remote.clone('acme/wiki.git')
    await clone.write('content/pushed.md', '# Pushed directly\n')
    await clone.commitAll('Pushed directly')
    await clone.push()

    // The first sync, started when the space was created and before the credentials were set, may
    // take the pushed page and then fail to push; the state is ok once a later sync went through.
    const deadline = Date.now() + 15_000
    let status = 0
    let state = ''
    while (Date.now() < deadline) {
      const response = await api('GET', '/organizations/acme/spaces/wiki/files/pushed.md')
      status = response.status
      await response.arrayBuffer()
      state = ((await (await api('GET', '/organizations/acme/spaces/wiki/git')).json()) as { status: string })
        .status
      if (status === 200 && state === 'ok') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(200)
    expect(state).toBe('ok')
  })
})
