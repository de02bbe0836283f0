import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { cloneWork, isolatedGitEnv } from '#shared/testing/git-cli.ts'
import { type InProcessServer, startInProcess } from '../testing/in-process-server.ts'

const TOKEN = 'qpat_git-host-admin-token-0123456789'

let dir: string
let started: InProcessServer
let lines: string[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-git-started-'))
  lines = []
  started = await startInProcess(join(dir, 'data'), TOKEN, { lines })
})
afterEach(async () => {
  await started.server.close()
  await rm(dir, { recursive: true, force: true })
})

it('serves a space to `git clone` and takes a push, on a server started as `npm start` starts it', async () => {
  await started.api('POST', '/organizations', { slug: 'acme', name: 'Acme' })
  await started.api('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
  await started.api('PUT', '/organizations/acme/spaces/wiki/files/hello.md', { content: '# Hello\n' })
  const url = `${started.server.url.replace('//', `//admin:${TOKEN}@`)}/git/acme/wiki.git`
  const env = isolatedGitEnv(dir)
  const clone = await cloneWork(url, join(dir, 'clone'), env)
  expect(await clone.read('content/hello.md')).toBe('# Hello\n')
  await clone.write('content/bye.md', '# Bye\n')
  await clone.commitAll('Bye')
  await clone.push()
  const page = await started.api('GET', '/organizations/acme/spaces/wiki/files/bye.md')
  expect(((await page.json()) as { text: string }).text).toBe('# Bye\n')
  // Each Git request's log line names who made it, as an API call's does.
  const gitLines = lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"msg":"request"') && line.includes('/git/acme/wiki.git/'))
    .map((line) => JSON.parse(line) as { path: string; status: number; user?: string })
    // Git asks without credentials first, and is answered 401 before it sends them.
    .filter((line) => line.status !== 401)
  expect(gitLines.map((line) => line.path.split('/').at(-1))).toEqual(
    expect.arrayContaining(['git-upload-pack', 'git-receive-pack']),
  )
  for (const line of gitLines) expect(line.user, line.path).toBe('admin')
})
