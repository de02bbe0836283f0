import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  loadSecretKey,
  PLAIN_KEY_FILE,
  readOrCreateKey,
  readOrCreateKeyFile,
  SEALED_KEY_FILE,
  type Sealer,
} from './secret-key.ts'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-key-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** Stands in for the keychain: the sealed bytes do not show the key. */
const sealer: Sealer = {
  seal: async (plain) => Buffer.from(`sealed:${Buffer.from(plain).toString('hex')}`),
  async unseal(sealed) {
    const text = sealed.toString()
    if (!text.startsWith('sealed:')) throw new Error('not sealed by this keychain')
    return Buffer.from(text.slice('sealed:'.length), 'hex').toString()
  },
}

const posix = process.platform !== 'win32'

describe('readOrCreateKeyFile', () => {
  it('creates a 32-byte key readable by its owner only, and reads the same key afterwards', async () => {
    const key = await readOrCreateKeyFile(join(dataDir, 'nested'))
    expect(Buffer.from(key, 'base64')).toHaveLength(32)
    const file = join(dataDir, 'nested', PLAIN_KEY_FILE)
    expect(readFileSync(file, 'utf8').trim()).toBe(key)
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(await readOrCreateKeyFile(join(dataDir, 'nested'))).toBe(key)
  })

  it('gives one key to starts that race, and leaves no temporary file', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => readOrCreateKeyFile(dataDir)))
    expect(new Set(keys).size).toBe(1)
    expect(await readdir(dataDir)).toEqual([PLAIN_KEY_FILE])
  })

  it('refuses a damaged key file rather than replacing the key', async () => {
    const file = join(dataDir, PLAIN_KEY_FILE)
    writeFileSync(file, 'not a key\n', { mode: 0o600 })
    await expect(readOrCreateKeyFile(dataDir)).rejects.toThrow(/32-byte key/)
    expect(readFileSync(file, 'utf8')).toBe('not a key\n')
  })

  it.runIf(posix)('makes a key file others could read private again', async () => {
    const key = await readOrCreateKeyFile(dataDir)
    const file = join(dataDir, PLAIN_KEY_FILE)
    chmodSync(file, 0o644)
    expect(await readOrCreateKeyFile(dataDir)).toBe(key)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})

describe('readOrCreateKey with a sealer', () => {
  it('keeps only the sealed key on disk and unseals it on the next start', async () => {
    const file = join(dataDir, SEALED_KEY_FILE)
    const key = await readOrCreateKey(file, sealer)
    expect(readFileSync(file, 'utf8')).not.toContain(key)
    expect(readFileSync(file, 'utf8')).toMatch(/^sealed:/)
    expect(await readOrCreateKey(file, sealer)).toBe(key)
  })
})

describe('loadSecretKey', () => {
  it('seals a new key when the keychain is available', async () => {
    const key = await loadSecretKey(dataDir, sealer)
    expect(await readdir(dataDir)).toEqual([SEALED_KEY_FILE])
    expect(await loadSecretKey(dataDir, sealer)).toBe(key)
  })

  it('falls back to the private key file without a keychain', async () => {
    const key = await loadSecretKey(dataDir, undefined)
    expect(await readdir(dataDir)).toEqual([PLAIN_KEY_FILE])
    expect(await readOrCreateKeyFile(dataDir)).toBe(key)
  })

  it('keeps using a key file made without a keychain once a keychain appears', async () => {
    const key = await loadSecretKey(dataDir, undefined)
    expect(await loadSecretKey(dataDir, sealer)).toBe(key)
    expect(await readdir(dataDir)).toEqual([PLAIN_KEY_FILE])
  })

  it('says so when the key is sealed and the keychain has gone, making no new key', async () => {
    await loadSecretKey(dataDir, sealer)
    await expect(loadSecretKey(dataDir, undefined)).rejects.toThrow(/keychain/)
    expect(await readdir(dataDir)).toEqual([SEALED_KEY_FILE])
  })
})
