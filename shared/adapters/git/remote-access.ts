import type { RemoteAccess } from '../../ports/repo.ts'
import type { HttpAuth } from './receive-pack.ts'

/**
 * HTTP credentials from an https token. Git hosts take a token as the password with any user name
 * (`x-access-token` is the conventional one); `user:token` chooses the user name explicitly.
 */
export function httpAuth(remote: RemoteAccess): HttpAuth {
  if (remote.credentials?.kind !== 'https') return undefined
  const { token } = remote.credentials
  const colon = token.indexOf(':')
  return colon > 0
    ? { username: token.slice(0, colon), password: token.slice(colon + 1) }
    : { username: 'x-access-token', password: token }
}
