import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import git from 'isomorphic-git'
import type { RemoteAccess } from '../../ports/repo.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import { durableFs as fs } from './durable-files.ts'
import { isStaleRefusal, PushRefusedError } from './receive-pack.ts'

const run = promisify(execFile)

/** Single-quotes a value for the shell command line git hands to ssh. */
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`

/** `ssh://[user@]host[:port]/path`, the host possibly a bracketed IPv6 address. */
const SSH_URL = /^ssh:\/\/(?:([^@/]*)@)?(\[[^\]/]+\]|[^:/[\]]+)(?::(\d*))?(\/.*)$/
/** `user@host:path`, as the domain accepts it. */
const SCP_LIKE = /^([^@]+)@([^:]+):(.+)$/

/** An SSH remote's host, and the same remote addressed to one of the host's checked IP addresses. */
type SshTarget = { host: string; port: number | undefined; at(ip: string): string }

function sshTarget(url: string): SshTarget {
  const bracket = (ip: string) => (ip.includes(':') ? `[${ip}]` : ip)
  const full = SSH_URL.exec(url)
  if (full) {
    const [, user, host = '', port, path = ''] = full
    const prefix = user === undefined ? '' : `${user}@`
    const suffix = port ? `:${port}` : ''
    return {
      host: host.replace(/^\[(.*)\]$/, '$1').toLowerCase(),
      port: port ? Number(port) : undefined,
      at: (ip) => `ssh://${prefix}${bracket(ip)}${suffix}${path}`,
    }
  }
  const scp = SCP_LIKE.exec(url)
  if (!scp) throw new Error('not an SSH address')
  const [, user = '', host = '', path = ''] = scp
  return { host: host.toLowerCase(), port: undefined, at: (ip) => `${user}@${bracket(ip)}:${path}` }
}

/**
 * Runs the system git with the space's SSH key and known hosts written to a private temporary
 * folder (removed afterwards). Host keys are checked strictly: an unknown host is refused.
 *
 * The host is resolved here, once, and checked against the outbound policy; ssh then connects to
 * that very address (so a name that resolves elsewhere a moment later changes nothing), while
 * HostKeyAlias keeps the known_hosts lookup on the name the space was given.
 */
async function withSsh<T>(
  remote: RemoteAccess,
  guard: OutboundGuard,
  fn: (env: NodeJS.ProcessEnv, url: string) => Promise<T>,
): Promise<T> {
  const target = sshTarget(remote.url)
  const [checked] = await guard.resolve(target.host)
  if (!checked) throw new Error('no address for the remote host')
  // known_hosts names a host on another port than 22 as `[host]:port`, which the alias must repeat.
  const alias = target.port && target.port !== 22 ? `[${target.host}]:${target.port}` : target.host
  const dir = await mkdtemp(join(tmpdir(), 'quire-ssh-'))
  try {
    // -F /dev/null: the server account's own ~/.ssh/config must not change how a space connects.
    const options = [
      '-F /dev/null',
      '-o BatchMode=yes',
      '-o StrictHostKeyChecking=yes',
      '-o IdentitiesOnly=yes',
      `-o HostKeyAlias=${quote(alias)}`,
      '-o CheckHostIP=no',
      // A host that stops answering is given up after about a minute, as over HTTP: the space's
      // Git work waits for it, and every write of the space behind that.
      '-o ConnectTimeout=30',
      '-o ServerAliveInterval=15',
      '-o ServerAliveCountMax=4',
    ]
    if (remote.credentials?.kind === 'ssh') {
      const key = join(dir, 'key')
      const knownHosts = join(dir, 'known_hosts')
      // A key pasted from a form or a Windows editor has CRLF line ends or blank lines around it,
      // which OpenSSH refuses ("error in libcrypto").
      const privateKey = `${remote.credentials.privateKey.replace(/\r\n?/g, '\n').trim()}\n`
      await writeFile(key, privateKey, { mode: 0o600 })
      await writeFile(knownHosts, remote.credentials.knownHosts, { mode: 0o600 })
      options.push(`-i ${quote(key)}`, `-o UserKnownHostsFile=${quote(knownHosts)}`)
    }
    // LC_ALL=C: git's messages are read below, so they must not be translated.
    const env = {
      ...process.env,
      GIT_SSH_COMMAND: `ssh ${options.join(' ')}`,
      GIT_TERMINAL_PROMPT: '0',
      LC_ALL: 'C',
    }
    return await fn(env, target.at(checked.address))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Fetches the remote branch over SSH into the tracking ref; undefined when the branch does not exist. */
export async function cliFetch(
  gitdir: string,
  remote: RemoteAccess,
  guard: OutboundGuard,
): Promise<string | undefined> {
  return withSsh(remote, guard, async (env, url) => {
    const refspec = `+refs/heads/${remote.branch}:refs/remotes/origin/${remote.branch}`
    try {
      await run('git', ['--git-dir', gitdir, 'fetch', '--no-tags', '--', url, refspec], { env })
    } catch (error) {
      if (/couldn't find remote ref/i.test(String((error as { stderr?: string }).stderr))) return undefined
      throw error
    }
    // Read in-process: a `git rev-parse` would cost one more process per fetch.
    return git.resolveRef({ fs, gitdir, ref: `refs/remotes/origin/${remote.branch}` })
  })
}

/** Pushes `tip` to the remote branch over SSH; `rejected` when the remote moved meanwhile. */
export async function cliPush(
  gitdir: string,
  remote: RemoteAccess,
  tip: string,
  guard: OutboundGuard,
): Promise<'pushed' | 'up_to_date' | 'rejected'> {
  return withSsh(remote, guard, async (env, url) => {
    try {
      const { stdout } = await run(
        'git',
        ['--git-dir', gitdir, 'push', '--porcelain', '--', url, `${tip}:refs/heads/${remote.branch}`],
        { env },
      )
      return /^=\t/m.test(stdout) ? 'up_to_date' : 'pushed'
    } catch (error) {
      const out = `${(error as { stdout?: string }).stdout ?? ''}`
      const refused = /^!\t[^\t]*\t\[(?:remote )?rejected\] \((.*)\)$/m.exec(out)
      if (refused?.[1] && isStaleRefusal(refused[1])) return 'rejected'
      if (refused?.[1]) throw new PushRefusedError(refused[1])
      throw error
    }
  })
}
