import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Cipher, PasswordHasher, Secrets } from '../../ports/secrets.ts'

/**
 * Secrets for service tests: random like the real ones, so no test can lean on a predictable
 * token or id. Digests and HMACs are SHA-256, cheap enough not to need a fake of their own.
 */
export function memorySecrets(): Secrets {
  return {
    mint: (prefix) => `${prefix}${randomBytes(32).toString('base64url')}`,
    id: () => randomBytes(9).toString('base64url'),
    digest: (secret) => createHash('sha256').update(secret).digest('hex'),
    equal: (a, b) => a === b,
    hmacHex: (key, data) => createHmac('sha256', key).update(data).digest('hex'),
  }
}

/**
 * A cipher for service tests: a sealed value is an opaque random handle that opens, through this
 * cipher only, to what was sealed. Like the real key, another cipher (or a made-up value) cannot
 * open it, and sealing the same text twice gives two different values.
 */
export function memoryCipher(): Cipher {
  const sealed = new Map<string, string>()
  return {
    seal: (plain) => {
      const value = `memory.${randomBytes(12).toString('base64url')}`
      sealed.set(value, plain)
      return value
    },
    open: (value) => {
      const plain = sealed.get(value)
      if (plain === undefined) throw new Error('not a sealed value')
      return plain
    },
  }
}

/**
 * A password hasher for service tests: salted SHA-256 rather than a slow hash, so a hash verifies
 * only the password it was made from, and the same password hashes differently each time.
 */
export function memoryPasswords(): PasswordHasher {
  const digest = (salt: string, password: string) =>
    createHash('sha256').update(`${salt}:${password}`).digest('base64url')
  return {
    hash: async (password) => {
      const salt = randomBytes(12).toString('base64url')
      return `memory$${salt}$${digest(salt, password)}`
    },
    verify: async (hash, password) => {
      const [scheme, salt, expected] = hash.split('$')
      return scheme === 'memory' && salt !== undefined && expected === digest(salt, password)
    },
  }
}
