import { guardedRequest, readBody } from '#shared/adapters/net/guarded-http.ts'
import { AddressNotAllowedError, outboundGuard } from '#shared/adapters/net/outbound-guard.ts'
import { DomainError } from '#shared/errors/domain-error.ts'

/** A hosted server and the person's personal token there. */
export type HostedServer = { url: string; token: string }

/** A space the person's account can read on a hosted server. */
export type ServerSpace = {
  org: string
  space: string
  name: string
  organizationName: string
  role: string
  branch: string
}

/** How long a hosted server has to answer one request. */
const TIMEOUT_MS = 15_000

/**
 * Every connection to a hosted server goes through the outbound guard, as the engine's Git remotes
 * do: the person's server may be on their network or on this computer (the engine allows its
 * private network), but never a cloud metadata address, checked on the address actually connected to.
 */
export const serverGuard = outboundGuard({ allowPrivateNetwork: true })

/** The server's base address without a trailing slash; `server_address_invalid` unless http(s). */
export function serverBase(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    throw new DomainError('server_address_invalid', { url })
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new DomainError('server_address_invalid', { url })
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

/** One JSON answer of the server's API, with the person's token; readable errors otherwise. */
async function getJson<T>(base: string, token: string, path: string): Promise<T> {
  let status: number
  let body: Uint8Array
  try {
    const response = await guardedRequest(serverGuard, {
      url: `${base}/api/v1${path}`,
      headers: { authorization: `Bearer ${token.trim()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    status = response.statusCode
    body = await readBody(response)
  } catch (error) {
    if (error instanceof AddressNotAllowedError)
      throw new DomainError('server_address_refused', { url: base, reason: error.message })
    const code = (error as { code?: string }).code
    const reason = code ?? (error instanceof Error ? error.message : String(error))
    throw new DomainError('server_unreachable', { url: base, reason })
  }
  if (status === 401 || status === 403) throw new DomainError('server_refused_token', { url: base })
  if (status < 200 || status >= 300)
    throw new DomainError('server_unreachable', { url: base, reason: `HTTP ${status}` })
  try {
    return JSON.parse(new TextDecoder().decode(body)) as T
  } catch {
    throw new DomainError('server_unreachable', { url: base, reason: 'not a Quire server' })
  }
}

/** The account behind the token on a hosted server, and the spaces it can read there. */
export async function serverAccount(
  server: HostedServer,
): Promise<{ base: string; username: string; spaces: ServerSpace[] }> {
  const base = serverBase(server.url)
  const me = await getJson<{ username: string }>(base, server.token, '/me')
  const [spaces, organizations] = await Promise.all([
    getJson<{ organization: string; slug: string; name: string; role: string; branch: string }[]>(
      base,
      server.token,
      '/spaces',
    ),
    getJson<{ slug: string; name: string }[]>(base, server.token, '/organizations'),
  ])
  const orgNames = new Map(organizations.map((o) => [o.slug, o.name]))
  return {
    base,
    username: me.username,
    spaces: spaces.map((s) => ({
      org: s.organization,
      space: s.slug,
      name: s.name,
      organizationName: orgNames.get(s.organization) ?? s.organization,
      role: s.role,
      branch: s.branch || 'main',
    })),
  }
}
