import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { replaceFile } from '#shared/adapters/git/durable-files.ts'

/** The file of the plain-Node engine's key, readable by its owner only. */
const KEY_FILE = 'secret.key'

/** The data folder's key (base64 of 32 random bytes), made at first start and kept in a file of mode 0600. */
export async function readOrCreateKeyFile(dataDir: string): Promise<string> {
  const file = join(dataDir, KEY_FILE)
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim()
  if (existing) return existing
  const key = randomBytes(32).toString('base64')
  await replaceFile(file, `${key}\n`, { mode: 0o600 })
  return key
}
