import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Clock, Secrets } from '../../ports/secrets.ts'

/** Secrets from the operating system's random source; digests are SHA-256 (the secrets are high-entropy). */
export const nodeSecrets: Secrets = {
  // 32 random bytes: 256 bits, well beyond the 128 a token needs.
  mint: (prefix) => `${prefix}${randomBytes(32).toString('base64url')}`,
  id: () => randomBytes(9).toString('base64url'),
  digest: (secret) => createHash('sha256').update(secret).digest('hex'),
  equal: (a, b) => {
    const left = createHash('sha256').update(a).digest()
    const right = createHash('sha256').update(b).digest()
    return timingSafeEqual(left, right) && a.length === b.length
  },
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() }
