import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import git from 'isomorphic-git'
import type { RemoteAccess } from '../../ports/repo.ts'
import { isStaleRefusal } from './receive-pack.ts'

const run = promisify(execFile)

/** Single-quotes a value for the shell command line git hands to ssh. */
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`

/**
 * Runs the system git with the space's SSH key and known hosts written to a private temporary
 * folder (removed afterwards). Host keys are checked strictly: an unknown host is refused.
 */
async function withSsh<T>(remote: RemoteAccess, fn: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-ssh-'))
  try {
    // -F /dev/null: the server account's own ~/.ssh/config must not change how a space connects.
    const options = [
      '-F /dev/null',
      '-o BatchMode=yes',
      '-o StrictHostKeyChecking=yes',
      '-o IdentitiesOnly=yes',
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
    return await fn(env)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Fetches the remote branch over SSH into the tracking ref; undefined when the branch does not exist. */
export async function cliFetch(gitdir: string, remote: RemoteAccess): Promise<string | undefined> {
  return withSsh(remote, async (env) => {
    const refspec = `+refs/heads/${remote.branch}:refs/remotes/origin/${remote.branch}`
    try {
      await run('git', ['--git-dir', gitdir, 'fetch', '--no-tags', '--', remote.url, refspec], { env })
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
): Promise<'pushed' | 'up_to_date' | 'rejected'> {
  return withSsh(remote, async (env) => {
    try {
      const { stdout } = await run(
        'git',
        ['--git-dir', gitdir, 'push', '--porcelain', '--', remote.url, `${tip}:refs/heads/${remote.branch}`],
        { env },
      )
      return /^=\t/m.test(stdout) ? 'up_to_date' : 'pushed'
    } catch (error) {
      const out = `${(error as { stdout?: string }).stdout ?? ''}`
      const refused = /^!\t[^\t]*\t\[(?:remote )?rejected\] \((.*)\)$/m.exec(out)
      if (refused?.[1] && isStaleRefusal(refused[1])) return 'rejected'
      if (refused?.[1]) throw new Error(`the remote refused the push: ${refused[1]}`)
      throw error
    }
  })
}
