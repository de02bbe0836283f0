import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import git from 'isomorphic-git'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RemoteAccess } from '../../ports/repo.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { bareRepo } from './bare-repo.ts'

type Seen = { server: 'origin' | 'other'; path: string; authorization: string | undefined }

const seen: Seen[] = []
const servers: Server[] = []
let origin = ''
let other = ''
let scratch = ''

/** A loopback server that records requests; `origin` sends every request on to `other`, another port. */
async function listen(name: Seen['server']): Promise<string> {
  const server = createServer((req, res) => {
    seen.push({ server: name, path: req.url ?? '', authorization: req.headers.authorization })
    if (name === 'origin') res.writeHead(302, { location: `${other}${req.url}` }).end()
    else res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('who are you?\n')
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  other = await listen('other')
  origin = await listen('origin')
  scratch = await mkdtemp(join(tmpdir(), 'quire-test-redirect-'))
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))))
  await rm(scratch, { recursive: true, force: true })
})

const remote: () => RemoteAccess = () => ({
  url: `${origin}/acme/wiki.git`,
  branch: 'main',
  credentials: { kind: 'https', token: 'git:secret-pass' },
})
const SENT = `Basic ${Buffer.from('git:secret-pass').toString('base64')}`

describe('a remote that redirects to another port (private network allowed)', () => {
  it('gets the credentials, and the other port never does, on fetch and on push', async () => {
    const gitdir = join(scratch, 'local.git')
    await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' })
    const repo = bareRepo(gitdir, 'main', outboundGuard({ allowPrivateNetwork: true }))

    await expect(repo.fetch(remote())).rejects.toThrow(/401/)
    await repo.commit({
      parent: undefined,
      changes: [{ path: 'content/a.md', content: new TextEncoder().encode('a\n') }],
      author: { name: 'Ada', email: 'ada@example.com' },
      message: 'Add a',
    })
    await repo.settle()
    await expect(repo.push(remote())).rejects.toThrow(/401/)

    expect(seen).toEqual([
      { server: 'origin', path: '/acme/wiki.git/info/refs?service=git-upload-pack', authorization: SENT },
      { server: 'other', path: '/acme/wiki.git/info/refs?service=git-upload-pack', authorization: undefined },
      { server: 'origin', path: '/acme/wiki.git/info/refs?service=git-receive-pack', authorization: SENT },
      {
        server: 'other',
        path: '/acme/wiki.git/info/refs?service=git-receive-pack',
        authorization: undefined,
      },
    ])
  })
})
