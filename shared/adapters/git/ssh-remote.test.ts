import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs, { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import git from 'isomorphic-git'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RemoteAccess, Repo } from '../../ports/repo.ts'
import { isolatedGitEnv, runGit } from '../../testing/git-cli.ts'
import {
  generateSshKeyPair,
  knownHostsLine,
  type SshGitServer,
  startSshGitServer,
} from '../../testing/ssh-git-server.ts'
import { type OutboundGuard, outboundGuard } from '../net/outbound-guard.ts'
import { bareRepo } from './bare-repo.ts'

type Outcome = { code: number | null; stdout: string; stderr: string }

/** Runs a program asynchronously (the SSH server it may talk to lives in this process). */
function exec(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  return new Promise<Outcome>((done, fail) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', fail)
    child.on('close', (code) =>
      done({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    )
    child.stdin.end(options.input ?? '')
  })
}

/** Git's messages in German without needing the de_DE locale: gettext honours LANGUAGE unless LC_ALL=C. */
const GERMAN = { LANGUAGE: 'de', LC_ALL: 'C.UTF-8' }

let server: SshGitServer
let scratch: string

beforeAll(async () => {
  server = await startSshGitServer()
  scratch = await mkdtemp(join(tmpdir(), 'quire-test-ssh-remote-'))
})

afterAll(async () => {
  await server?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** The test server is on loopback, which the service reaches only when private networks are allowed. */
const onLoopback = outboundGuard({ allowPrivateNetwork: true })

const author = { name: 'Ada Lovelace', email: 'ada@example.com' }
const text = (s: string) => new TextEncoder().encode(s)

/** The space's remote as the service hands it to the repository, with this server's key and host. */
function access(name: string, credentials: { privateKey?: string; knownHosts?: string } = {}): RemoteAccess {
  return {
    url: server.url(name),
    branch: 'main',
    credentials: {
      kind: 'ssh',
      privateKey: credentials.privateKey ?? server.clientPrivateKey,
      knownHosts: credentials.knownHosts ?? server.knownHosts,
    },
  }
}

let locals = 0
/** A fresh local bare repository, made as the service makes a space's. */
async function localRepo(): Promise<Repo> {
  const gitdir = join(scratch, `local-${++locals}.git`)
  await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' })
  return bareRepo(gitdir, 'main', onLoopback)
}

async function readText(repo: Repo, path: string): Promise<string | undefined> {
  const file = await repo.read(path)
  return file && new TextDecoder().decode(file.bytes)
}

async function commitFile(repo: Repo, path: string, content: string, message: string): Promise<string> {
  const sha = await repo.commit({
    parent: await repo.head(),
    changes: [{ path, content: text(content) }],
    author,
    message,
  })
  if (!sha) throw new Error('nothing committed')
  return sha
}

/** The temporary folders `withSsh` makes (`quire-ssh-` and six random characters). */
async function sshTempDirs(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => /^quire-ssh-[A-Za-z0-9]{6}$/.test(name)).sort()
}

/** A known_hosts line naming this server's address with a key that is not its own. */
function otherHostKeyLine(): string {
  return knownHostsLine(server.port, generateSshKeyPair().public)
}

describe('SSH remotes through the git command line', () => {
  it('fetches and integrates the remote files', async () => {
    await server.createRepo('fetch.git', { files: { 'content/x.md': '# X\n', 'README.md': 'readme\n' } })
    const remoteTip = await (await server.clone('fetch.git')).git('rev-parse', 'HEAD')
    const repo = await localRepo()

    expect(await repo.fetch(access('fetch.git'))).toBe(remoteTip)
    expect(await repo.remoteHead()).toBe(remoteTip)
    expect(await repo.integrate()).toEqual({ head: remoteTip, conflicts: [] })
    expect(await readText(repo, 'content/x.md')).toBe('# X\n')
    expect(await repo.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
    // git over SSH asks for protocol v2 through an `env` request; the server passed it on.
    expect(server.execs.at(-1)).toMatchObject({ gitProtocol: 'version=2', status: 0 })
    expect(server.execs.at(-1)?.command).toMatch(/^git-upload-pack '.*\/fetch\.git'$/)
  })

  it('reads what a larger fetch brought as a pack, in the same repository handle', async () => {
    await server.createRepo('pack.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    await repo.fetch(access('pack.git'))
    await repo.integrate()
    expect(await readText(repo, 'content/a.md')).toBe('a\n')

    // Over 100 objects, git keeps the pack as it came instead of unpacking it into loose objects.
    const clone = await server.clone('pack.git')
    for (let i = 0; i < 120; i++) await clone.write(`content/many/${i}.md`, `page ${i}\n`)
    const tip = await clone.commitAll('Add many pages')
    await clone.push()

    expect(await repo.fetch(access('pack.git'))).toBe(tip)
    expect((await repo.integrate()).head).toBe(tip)
    expect(await readText(repo, 'content/many/119.md')).toBe('page 119\n')
    expect(await repo.list('content/many')).toHaveLength(120)
  })

  it('pushes a local commit to an empty remote, which a new clone then shows', async () => {
    await server.createRepo('push.git')
    const repo = await localRepo()
    // An empty remote has no branch yet: nothing to fetch, no error.
    expect(await repo.fetch(access('push.git'))).toBeUndefined()
    const sha = await commitFile(repo, 'content/hello.md', 'Hello\n', 'Add hello')

    expect(await repo.push(access('push.git'))).toBe('pushed')
    expect(await repo.remoteHead()).toBe(sha)
    expect(await repo.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
    const clone = await server.clone('push.git')
    expect(await clone.git('rev-parse', 'HEAD')).toBe(sha)
    expect(await clone.read('content/hello.md')).toBe('Hello\n')
    expect(await clone.git('log', '-1', '--format=%an <%ae> %s')).toBe(
      'Ada Lovelace <ada@example.com> Add hello',
    )

    expect(await repo.push(access('push.git'))).toBe('up_to_date')
  })

  it('reports a push after the remote moved as rejected, and succeeds after fetch and integrate', async () => {
    await server.createRepo('moved.git', { files: { 'content/base.md': 'base\n' } })
    const repo = await localRepo()
    await repo.fetch(access('moved.git'))
    await repo.integrate()

    const other = await server.clone('moved.git')
    await other.write('content/theirs.md', 'theirs\n')
    const theirs = await other.commitAll('Their change')
    await other.push()
    await commitFile(repo, 'content/ours.md', 'ours\n', 'Our change')

    // git says `fetch first`: the remote's new commit is not here yet.
    expect(await repo.push(access('moved.git'))).toBe('rejected')
    // Fetched but not integrated, git says `non-fast-forward`: still refused.
    expect(await repo.fetch(access('moved.git'))).toBe(theirs)
    expect(await repo.push(access('moved.git'))).toBe('rejected')

    expect((await repo.integrate()).conflicts).toEqual([])
    expect(await repo.aheadBehind()).toEqual({ ahead: 1, behind: 0 })
    expect(await repo.push(access('moved.git'))).toBe('pushed')

    const check = await server.clone('moved.git')
    expect(await check.read('content/theirs.md')).toBe('theirs\n')
    expect(await check.read('content/ours.md')).toBe('ours\n')
    expect(await check.git('log', '--format=%s')).toBe('Our change\nTheir change\nInitial commit')
    expect(await check.git('rev-parse', 'HEAD')).toBe(await repo.head())
  })

  it('refuses a server whose host key is not the known one, or not known at all', async () => {
    await server.createRepo('trust.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    await expect(repo.fetch(access('trust.git', { knownHosts: otherHostKeyLine() }))).rejects.toThrow(
      /Host key verification failed/,
    )
    await expect(repo.fetch(access('trust.git', { knownHosts: '' }))).rejects.toThrow(
      /Host key verification failed/,
    )
    // Said as a host key to check, not as a remote out of reach.
    await expect(repo.fetch(access('trust.git', { knownHosts: '' }))).rejects.toMatchObject({
      code: 'host-key',
    })
    expect(await repo.remoteHead()).toBeUndefined()

    await commitFile(repo, 'content/b.md', 'b\n', 'Add b')
    await expect(repo.push(access('trust.git', { knownHosts: otherHostKeyLine() }))).rejects.toThrow(
      /Host key verification failed/,
    )
    expect(await (await server.clone('trust.git')).git('log', '--format=%s')).toBe('Initial commit')
  })

  it('refuses a key the server does not accept', async () => {
    await server.createRepo('locked.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    const stranger = generateSshKeyPair().private
    await expect(repo.fetch(access('locked.git', { privateKey: stranger }))).rejects.toThrow(
      /Permission denied \(publickey\)/,
    )
    await commitFile(repo, 'content/b.md', 'b\n', 'Add b')
    await expect(repo.push(access('locked.git', { privateKey: stranger }))).rejects.toThrow(
      /Permission denied \(publickey\)/,
    )
    await expect(repo.push(access('locked.git', { privateKey: stranger }))).rejects.toMatchObject({
      code: 'ssh-key',
    })
  })

  it('takes a key without its final newline', async () => {
    await server.createRepo('newline.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    const tip = await repo.fetch(access('newline.git', { privateKey: server.clientPrivateKey.trimEnd() }))
    expect(tip).toMatch(/^[0-9a-f]{40}$/)
  })

  it('leaves no private key on disk, after a success or a failure', async () => {
    await server.createRepo('keyfile.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    const before = await sshTempDirs()

    // Watches the temporary folder while the fetch runs, to know the check below looks at the right place.
    const seen = new Set<string>()
    let running = true
    const watching = (async () => {
      while (running) {
        for (const name of await sshTempDirs()) {
          if (!before.includes(name) && existsSync(join(tmpdir(), name, 'key'))) seen.add(name)
        }
        await sleep(1)
      }
    })()
    try {
      await repo.fetch(access('keyfile.git'))
      await repo.integrate()
    } finally {
      running = false
      await watching
    }
    expect(seen.size).toBe(1)
    expect(await sshTempDirs()).toEqual(before)

    await expect(repo.fetch(access('keyfile.git', { knownHosts: otherHostKeyLine() }))).rejects.toThrow()
    await commitFile(repo, 'content/b.md', 'b\n', 'Add b')
    expect(await repo.push(access('keyfile.git'))).toBe('pushed')
    expect(await sshTempDirs()).toEqual(before)
  })

  // A push whose answer was lost leaves the remote already at our tip: that must count as seen.
  it('records the remote tip when a push finds the remote already there', async () => {
    await server.createRepo('same.git', { files: { 'content/a.md': 'a\n' } })
    const gitdir = join(scratch, 'same-local.git')
    await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' })
    // The remote's commit as our own branch, with no record of having seen the remote.
    const source = join(server.root, 'same.git')
    await runGit(
      scratch,
      ['--git-dir', gitdir, 'fetch', '--quiet', source, 'main:main'],
      isolatedGitEnv(scratch),
    )
    const repo = bareRepo(gitdir, 'main', onLoopback)

    expect(await repo.push(access('same.git'))).toBe('up_to_date')
    expect(await repo.remoteHead()).toBe(await repo.head())
    expect(await repo.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
  })

  // git's messages are read to tell an empty remote: they must not depend on the user's language.
  it('finds an empty remote whatever language git speaks', async () => {
    await server.createRepo('empty-de.git')
    const repo = await localRepo()
    const saved = { LANGUAGE: process.env.LANGUAGE, LC_ALL: process.env.LC_ALL }
    Object.assign(process.env, GERMAN)
    try {
      expect(await repo.fetch(access('empty-de.git'))).toBeUndefined()
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })

  // A key pasted from a form or a Windows editor has CRLF line ends and blank lines around it.
  it('takes a pasted key with CRLF line ends', async () => {
    await server.createRepo('crlf.git', { files: { 'content/a.md': 'a\n' } })
    const repo = await localRepo()
    const pasted = `\r\n${server.clientPrivateKey.replaceAll('\n', '\r\n')}`
    expect(await repo.fetch(access('crlf.git', { privateKey: pasted }))).toMatch(/^[0-9a-f]{40}$/)
  })
})

describe('where SSH connects', () => {
  /** A name only this resolver knows (`.test` resolves nowhere else), for the server on loopback. */
  const NAME = 'git.example.test'
  const byName = (guard: OutboundGuard, gitdir: string) => bareRepo(gitdir, 'main', guard)
  const named = (repo: string, knownHosts: string): RemoteAccess => ({
    ...access(repo, { knownHosts }),
    url: server.url(repo).replace('127.0.0.1', NAME),
  })
  const nameKnown = () => server.knownHosts.replace('[127.0.0.1]', `[${NAME}]`)
  const resolver = async () => [{ address: '127.0.0.1', family: 4 }]

  async function emptyRepo(name: string) {
    const gitdir = join(scratch, name)
    await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' })
    return gitdir
  }

  it('is the address the guard checked, while known_hosts is matched by the name', async () => {
    await server.createRepo('named.git', { files: { 'content/a.md': 'a\n' } })
    const open = outboundGuard({ allowPrivateNetwork: true, resolver })
    const repo = byName(open, await emptyRepo('named-local.git'))
    expect(await repo.fetch(named('named.git', nameKnown()))).toMatch(/^[0-9a-f]{40}$/)
    // The key known for the address alone does not vouch for the name.
    await expect(repo.fetch(named('named.git', server.knownHosts))).rejects.toThrow(
      /Host key verification failed/,
    )
  })

  it('is refused, before ssh runs, for a private address when those are not allowed', async () => {
    await server.createRepo('guarded.git', { files: { 'content/a.md': 'a\n' } })
    const strict = outboundGuard({ allowPrivateNetwork: false, resolver })
    const repo = byName(strict, await emptyRepo('guarded-local.git'))
    const before = server.execs.length
    const refused = "the remote's address is not allowed (private network)"
    await expect(repo.fetch(named('guarded.git', nameKnown()))).rejects.toThrow(refused)
    await expect(repo.fetch(access('guarded.git'))).rejects.toThrow(refused)
    await commitFile(repo, 'content/b.md', 'b\n', 'Add b')
    await expect(repo.push(access('guarded.git'))).rejects.toThrow(refused)
    expect(server.execs.length).toBe(before)
  })
})

describe('the SSH test server', () => {
  let key: string
  let knownHosts: string

  beforeAll(async () => {
    key = join(scratch, 'client-key')
    knownHosts = join(scratch, 'known_hosts')
    await writeFile(key, server.clientPrivateKey, { mode: 0o600 })
    await writeFile(knownHosts, server.knownHosts, { mode: 0o600 })
    await server.createRepo('served.git', { files: { 'a.md': 'a\n' } })
  })

  const sshArgs = (command: string) => [
    ...['-p', String(server.port), '-i', key, '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes'],
    ...['-o', 'StrictHostKeyChecking=yes', '-o', `UserKnownHostsFile=${knownHosts}`],
    ...['-o', 'LogLevel=ERROR', 'git@127.0.0.1', command],
  ]
  /** Runs one command on the server with the system ssh, sending `input` (a flush packet by default). */
  const ssh = (command: string, input = '0000') => exec('ssh', sshArgs(command), { input })

  it('serves upload-pack and receive-pack in the forms git and others write', async () => {
    const path = join(server.root, 'served.git')
    for (const command of [
      `git-upload-pack '${path}'`,
      `git upload-pack "${path}"`,
      `git-receive-pack ${path}`,
      `git-upload-pack 'served.git'`,
    ]) {
      const { code, stdout } = await ssh(command)
      expect({ command, code }).toEqual({ command, code: 0 })
      expect(stdout).toContain('refs/heads/main')
    }
  })

  it('refuses other commands and paths outside its root', async () => {
    const path = join(server.root, 'served.git')
    const refusals: [string, RegExp][] = [
      ['ls /', /only git-upload-pack and git-receive-pack/],
      [`git-upload-pack '${path}'; touch /tmp/x`, /only git-upload-pack and git-receive-pack/],
      [`git-upload-pack "$(id)"`, /only git-upload-pack and git-receive-pack/],
      [`git-upload-pack '/etc'`, /no repository at \/etc/],
      [`git-upload-pack '${server.root}/../home'`, /no repository at/],
      [`git-upload-pack '${server.root}'`, /no repository at/],
      [`git-upload-pack 'missing.git'`, /no repository at missing\.git/],
    ]
    for (const [command, message] of refusals) {
      const { code, stdout, stderr } = await ssh(command)
      expect({ command, code, stdout }).toEqual({ command, code: 1, stdout: '' })
      expect(stderr).toMatch(message)
    }
  })

  it('keeps serving after a client hangs up in the middle of a command', async () => {
    const served = server.execs.length
    const client = spawn('ssh', sshArgs(`git-upload-pack 'served.git'`), {
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    // The refs arrived: upload-pack now waits for the client's wants, and the client vanishes.
    await once(client.stdout, 'data')
    client.kill('SIGKILL')
    await once(client, 'close')
    while (server.execs.length === served) await sleep(5)

    const { code, stdout } = await ssh(`git-upload-pack 'served.git'`)
    expect(code).toBe(0)
    expect(stdout).toContain('refs/heads/main')
  })
})
