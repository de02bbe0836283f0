import { randomBytes } from 'node:crypto'
import type { AccessClaims, AccessTokenSigner, TokenAudience } from '../../ports/access-tokens.ts'

/**
 * An access-token signer for service tests: a token is a random handle to the claims it was
 * signed with, so only this signer knows it, and only for the same issuer and audience while it
 * has not expired (`now: null` takes an expired one, as the real signer does).
 */
export function memoryAccessTokens(): AccessTokenSigner {
  const signed = new Map<string, { claims: AccessClaims; audience: TokenAudience }>()
  return {
    sign: async (claims, audience) => {
      const token = `memory-at.${randomBytes(24).toString('base64url')}`
      signed.set(token, { claims: { ...claims }, audience: { ...audience } })
      return token
    },
    verify: async (token, { issuer, audience }, now) => {
      const found = signed.get(token)
      if (!found || found.audience.issuer !== issuer || found.audience.audience !== audience) return undefined
      if (now !== null && now >= found.claims.expiresAt) return undefined
      return { ...found.claims }
    },
  }
}
