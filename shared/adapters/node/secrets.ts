import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import type { Clock } from '../../ports/clock.ts'
import type { Cipher, Secrets } from '../../ports/secrets.ts'

/** Secrets from the operating system's random source; digests are SHA-256 (the secrets are high-entropy). */
export const nodeSecrets: Secrets = {
  // 32 random bytes: 256 bits, well beyond the 128 a token needs.
  mint: (prefix) => `${prefix}${randomBytes(32).toString('base64url')}`,
  id: () => randomBytes(9).toString('base64url'),
  // One call, no hash object: it runs on every authenticated request.
  digest: (secret) => hash('sha256', secret, 'hex'),
  equal: (a, b) => {
    const left = createHash('sha256').update(a).digest()
    const right = createHash('sha256').update(b).digest()
    return timingSafeEqual(left, right) && a.length === b.length
  },
  hmacHex: (key, data) => createHmac('sha256', key).update(data).digest('hex'),
}

/**
 * AES-256-GCM with a key derived from the server's secret key (HKDF-SHA256). A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; tampering or another key makes `open` throw.
 */
export function aesCipher(secretKey: string): Cipher {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'quire', 'secrets at rest v1', 32))
  return {
    seal: (plain) => {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() }
