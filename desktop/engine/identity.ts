import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The name and e-mail a person's commits carry. */
export type Identity = { name: string; email: string }

/** One `git config` value, or '' when Git or the value is missing. */
async function gitConfig(key: string, cwd: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['config', '--get', key], { cwd, timeout: 5_000 })
    return stdout.trim()
  } catch {
    return ''
  }
}

/** The identity Git signs this person's commits with (`user.name`, `user.email`), as far as it is set. */
export async function gitIdentity(cwd: string): Promise<Partial<Identity>> {
  const [name, email] = await Promise.all([gitConfig('user.name', cwd), gitConfig('user.email', cwd)])
  return { ...(name && { name }), ...(email && { email }) }
}
