import fs from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import git from 'isomorphic-git'
import http from 'isomorphic-git/http/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from './git-remote.ts'

let remote: GitRemote
let scratch: string

beforeAll(async () => {
  remote = await startGitRemote()
  scratch = await mkdtemp(join(tmpdir(), 'quire-git-remote-test-'))
})

afterAll(async () => {
  await remote?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`

describe('git CLI through the remote', () => {
  it('clones, pushes a commit, and a new clone sees it', async () => {
    await remote.createRepo('acme/wiki.git', { files: { 'README.md': '# Wiki\n', 'content/a.md': 'A\n' } })
    const first = await remote.clone('acme/wiki.git')
    expect(await first.read('content/a.md')).toBe('A\n')
    expect(await first.git('branch', '--show-current')).toBe('main')
    expect(await first.git('config', 'user.email')).toBe('test@quire.invalid')

    await first.write('content/b.md', 'B\n')
    const sha = await first.commitAll('Add b')
    await first.push()

    const second = await remote.clone('acme/wiki.git')
    expect(await second.git('rev-parse', 'HEAD')).toBe(sha)
    expect(await second.read('content/b.md')).toBe('B\n')
    expect(remote.requests).toContainEqual({
      method: 'POST',
      path: '/acme/wiki.git/git-receive-pack',
      status: 200,
    })
  })

  it('creates the initial commit on the requested branch, and empty repositories', async () => {
    await remote.createRepo('acme/trunk.git', { branch: 'trunk', files: { 'x.txt': 'x' } })
    const clone = await remote.clone('acme/trunk.git')
    expect(await clone.git('branch', '--show-current')).toBe('trunk')

    await remote.createRepo('acme/empty.git')
    const empty = await remote.clone('acme/empty.git')
    await empty.write('first.md', 'first\n')
    const sha = await empty.commitAll('First')
    await empty.push()
    expect(await empty.git('ls-remote', remote.authUrl('acme/empty.git'), 'refs/heads/main')).toContain(sha)
  })

  it('refuses a wrong password', async () => {
    await remote.createRepo('acme/locked.git', { files: { 'a.md': 'a' } })
    const clone = await remote.clone('acme/locked.git')
    const wrong = remote.authUrl('acme/locked.git').replace(':secret-pass@', ':wrong@')
    await expect(clone.git('ls-remote', wrong)).rejects.toThrow(/Authentication failed/)

    const refs = `${remote.url('acme/locked.git')}/info/refs?service=git-upload-pack`
    const anonymous = await fetch(refs)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="git"')
    expect((await fetch(refs, { headers: { authorization: basic('git', 'wrong') } })).status).toBe(401)
    expect((await fetch(refs, { headers: { authorization: basic('other', 'secret-pass') } })).status).toBe(
      401,
    )

    const ok = await fetch(refs, { headers: { authorization: basic('git', 'secret-pass') } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement')
  })

  it('fails while offline and recovers afterwards, in both offline modes', async () => {
    await remote.createRepo('acme/flaky.git', { files: { 'a.md': 'a' } })
    const clone = await remote.clone('acme/flaky.git')

    remote.setOffline(true)
    await expect(clone.git('fetch', 'origin')).rejects.toThrow(/503/)
    expect(remote.requests.at(-1)?.status).toBe(503)
    remote.setOffline(false)
    await clone.git('fetch', 'origin')

    remote.setOffline(true, 'reset')
    const logged = remote.requests.length
    await expect(clone.git('fetch', 'origin')).rejects.toThrow(/reset|Empty reply|Failed to connect|closed/i)
    expect(remote.requests.length).toBe(logged)
    remote.setOffline(false)
    await clone.git('fetch', 'origin')
  })

  it('rejects a non-fast-forward push unless forced', async () => {
    await remote.createRepo('acme/race.git', { files: { 'a.md': 'a' } })
    const alice = await remote.clone('acme/race.git')
    const bob = await remote.clone('acme/race.git')
    await alice.write('a.md', 'alice')
    await alice.commitAll('Alice')
    await alice.push()

    await bob.write('a.md', 'bob')
    const bobSha = await bob.commitAll('Bob')
    await expect(bob.push()).rejects.toThrow(/rejected/)
    await bob.git('push', '--quiet', '--force', 'origin', 'HEAD')
    expect(await bob.git('ls-remote', 'origin', 'refs/heads/main')).toContain(bobSha)
  })

  it('inflates gzipped request bodies (the git CLI gzips larger upload-pack requests)', async () => {
    await remote.createRepo('acme/gzip.git', { files: { 'a.md': 'a' } })
    const clone = await remote.clone('acme/gzip.git')
    const head = await clone.git('rev-parse', 'HEAD')
    const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`
    const body = gzipSync(`${pkt(`want ${head}\n`)}0000${pkt('done\n')}`)
    const res = await fetch(`${remote.url('acme/gzip.git')}/git-upload-pack`, {
      method: 'POST',
      headers: {
        authorization: basic('git', 'secret-pass'),
        'content-type': 'application/x-git-upload-pack-request',
        'content-encoding': 'gzip',
      },
      body,
    })
    expect(res.status).toBe(200)
    const answer = Buffer.from(await res.arrayBuffer())
    expect(answer.subarray(0, 8).toString()).toBe('0008NAK\n')
    expect(answer.subarray(8, 12).toString()).toBe('PACK')
  })
})

describe('isomorphic-git through the remote', () => {
  const onAuth = () => ({ username: remote.username, password: remote.password })
  const author = { name: 'Iso Git', email: 'iso@quire.invalid' }

  it('clones and pushes with onAuth', async () => {
    await remote.createRepo('acme/iso.git', { files: { 'content/a.md': 'A\n' } })
    const dir = join(scratch, 'iso')
    let asked = 0
    const auth = () => {
      asked++
      return onAuth()
    }
    await git.clone({ fs, http, dir, url: remote.url('acme/iso.git'), onAuth: auth })
    expect(asked).toBe(1)
    expect(await readFile(join(dir, 'content/a.md'), 'utf8')).toBe('A\n')

    await writeFile(join(dir, 'content/a.md'), 'A, edited\n')
    await git.add({ fs, dir, filepath: 'content/a.md' })
    const sha = await git.commit({ fs, dir, message: 'Edit a', author })
    const pushed = await git.push({ fs, http, dir, onAuth })
    expect(pushed.ok).toBe(true)

    const check = await remote.clone('acme/iso.git')
    expect(await check.git('rev-parse', 'HEAD')).toBe(sha)
    expect(await check.read('content/a.md')).toBe('A, edited\n')
  })

  it('reports a rejected non-fast-forward push and an offline remote', async () => {
    await remote.createRepo('acme/iso-race.git', { files: { 'a.md': 'a' } })
    const dir = join(scratch, 'iso-race')
    await git.clone({ fs, http, dir, url: remote.url('acme/iso-race.git'), onAuth })
    const other = await remote.clone('acme/iso-race.git')
    await other.write('a.md', 'other')
    await other.commitAll('Other')
    await other.push()

    await writeFile(join(dir, 'a.md'), 'mine')
    await git.add({ fs, dir, filepath: 'a.md' })
    await git.commit({ fs, dir, message: 'Mine', author })
    await expect(git.push({ fs, http, dir, onAuth })).rejects.toMatchObject({ code: 'PushRejectedError' })

    remote.setOffline(true)
    await expect(git.fetch({ fs, http, dir, onAuth })).rejects.toMatchObject({ code: 'HttpError' })
    remote.setOffline(false)
    const fetched = await git.fetch({ fs, http, dir, onAuth })
    expect(fetched.fetchHead).toBe(await other.git('rev-parse', 'HEAD'))
  })

  it('fails without credentials or with a wrong password', async () => {
    await remote.createRepo('acme/iso-locked.git')
    const url = remote.url('acme/iso-locked.git')
    const refused = { code: 'HttpError', data: { statusCode: 401 } }
    await expect(git.clone({ fs, http, dir: join(scratch, 'locked-1'), url })).rejects.toMatchObject(refused)
    const wrong = () => ({ username: remote.username, password: 'wrong' })
    await expect(
      git.clone({ fs, http, dir: join(scratch, 'locked-2'), url, onAuth: wrong }),
    ).rejects.toMatchObject(refused)
  })
})
