import { hash, verify } from '@node-rs/argon2'
import type { PasswordHasher } from '../../ports/secrets.ts'

/**
 * Argon2id password hashing. The library's defaults (19 MiB, 2 passes) meet OWASP's minimum;
 * `cost` lets tests lower the memory while keeping the same algorithm and code path.
 */
export function argon2Hasher(cost: { memoryCost?: number; timeCost?: number } = {}): PasswordHasher {
  return {
    hash: (password) => hash(password, cost),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password)
      } catch {
        return false
      }
    },
  }
}
