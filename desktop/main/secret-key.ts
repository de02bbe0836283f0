import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The key file the desktop app keeps, sealed by the operating system's keychain. */
export const SEALED_KEY_FILE = 'secret-key.sealed'
/** The key file kept when no keychain is available, readable by its owner only. */
export const PLAIN_KEY_FILE = 'secret.key'

const KEY_BYTES = 32

/** Seals and unseals the key file's contents (Electron's safeStorage in the app). */
export type Sealer = {
  seal(plain: string): Buffer | Promise<Buffer>
  unseal(sealed: Buffer): string | Promise<string>
}

/** Returns the key a file holds, refusing anything but 32 bytes in base64. */
function checkedKey(key: string, file: string): string {
  const trimmed = key.trim()
  if (Buffer.from(trimmed, 'base64').length !== KEY_BYTES || !/^[A-Za-z0-9+/]+=*$/.test(trimmed)) {
    // Never replace it: the credentials sealed with the old key would be lost for good.
    throw new Error(`${file} does not hold a ${KEY_BYTES}-byte key; restore it from a backup or move it away`)
  }
  return trimmed
}

async function readKey(file: string, sealer: Sealer | undefined): Promise<string> {
  const bytes = await readFile(file)
  if (!sealer && process.platform !== 'win32' && ((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, 0o600)
  }
  return checkedKey(sealer ? await sealer.unseal(bytes) : bytes.toString('utf8'), file)
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Reads the key in `file`, or creates it (32 random bytes, base64) when there is none: written
 * whole to a private temporary file first, then linked in place, so a crash never leaves half a
 * key and two starts at once agree on one key. With `sealer`, the file holds the sealed key.
 */
export async function readOrCreateKey(file: string, sealer?: Sealer): Promise<string> {
  try {
    return await readKey(file, sealer)
  } catch (error) {
    if (!isMissing(error)) throw error
  }
  await mkdir(dirname(file), { recursive: true })
  const key = randomBytes(KEY_BYTES).toString('base64')
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(temporary, 'wx', 0o600)
  try {
    await handle.writeFile(sealer ? await sealer.seal(key) : `${key}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await link(temporary, file)
    return key
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readKey(file, sealer)
  } finally {
    await unlink(temporary)
  }
}

/** The engine's key from `secret.key` in the data folder, created there (mode 0600) when missing. */
export function readOrCreateKeyFile(dataDir: string): Promise<string> {
  return readOrCreateKey(join(dataDir, PLAIN_KEY_FILE))
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file)
    return true
  } catch (error) {
    if (isMissing(error)) return false
    throw error
  }
}

/**
 * The engine's key for the desktop app: sealed with `sealer` (the keychain) in `secret-key.sealed`,
 * or in `secret.key` when there is no keychain. A key that exists is always the one used, so
 * credentials sealed with it stay readable.
 */
export async function loadSecretKey(dataDir: string, sealer: Sealer | undefined): Promise<string> {
  const sealed = join(dataDir, SEALED_KEY_FILE)
  if (await exists(sealed)) {
    if (!sealer) {
      throw new Error(`${sealed} is sealed by the system keychain, which is not available now`)
    }
    return readOrCreateKey(sealed, sealer)
  }
  if (!sealer || (await exists(join(dataDir, PLAIN_KEY_FILE)))) return readOrCreateKeyFile(dataDir)
  return readOrCreateKey(sealed, sealer)
}
