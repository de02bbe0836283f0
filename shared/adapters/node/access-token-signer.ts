import { hkdfSync } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { AccessTokenSigner } from '../../ports/access-tokens.ts'

const ALGORITHM = 'HS256'
/** The JOSE type of OAuth access tokens (RFC 9068), so no other JWT of ours passes for one. */
const TYPE = 'at+jwt'

/**
 * OAuth access tokens as JWTs signed with HMAC-SHA256 under a key derived from the server's secret
 * key (HKDF, its own label), so changing that key ends every access token too.
 */
export function jwtAccessTokens(secretKey: string): AccessTokenSigner {
  const key = new Uint8Array(hkdfSync('sha256', secretKey, 'quire', 'oauth access tokens v1', 32))
  return {
    sign: (claims, { issuer, audience }) =>
      new SignJWT({ grant: claims.grantId, client_id: claims.clientId, scope: claims.scope })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(String(claims.accountId))
        .setIssuedAt(Math.floor(claims.issuedAt / 1000))
        .setExpirationTime(Math.floor(claims.expiresAt / 1000))
        .sign(key),
    verify: async (token, { issuer, audience }, now) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TYPE,
          issuer,
          audience,
          requiredClaims: ['sub', 'exp', 'grant'],
          // Without a time, expiry is not checked (revocation takes expired tokens too).
          currentDate: now === null ? new Date(0) : new Date(now),
        })
        const { sub, grant, client_id: clientId, scope, iat, exp } = payload
        if (typeof grant !== 'string' || typeof clientId !== 'string' || typeof scope !== 'string')
          return undefined
        const accountId = Number(sub)
        if (!Number.isSafeInteger(accountId) || exp === undefined) return undefined
        return {
          accountId,
          grantId: grant,
          clientId,
          scope,
          issuedAt: (iat ?? 0) * 1000,
          expiresAt: exp * 1000,
        }
      } catch {
        return undefined
      }
    },
  }
}
