import type { WindowLimit } from './sliding-window.ts'

/** Rules of the OAuth 2.1 authorization server of `/mcp`: lifetimes, limits, scopes and redirect URIs. */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** An authorization code is exchanged within a minute or not at all. */
export const CODE_TTL_MS = MINUTE
/** Access tokens are short-lived: a revoked grant is also checked at each use, but a stolen token expires soon. */
export const ACCESS_TOKEN_TTL_MS = HOUR
export const REFRESH_TOKEN_TTL_MS = 30 * DAY
/** Dynamic registrations per client address (SPEC 8). */
export const REGISTRATIONS_PER_IP: WindowLimit = { max: 20, windowMs: HOUR }
/** A client nobody authorized within a day of its registration is deleted (SPEC 8). */
export const UNUSED_CLIENT_MS = DAY
/** Used codes and rotated refresh tokens are kept this long past their expiry to recognise a replay. */
export const REPLAY_MEMORY_MS = DAY

export const CLIENT_NAME_MAX = 200
export const REDIRECT_URIS_MAX = 10
export const REDIRECT_URI_MAX = 2000

/** The scopes a client may ask for: reading and searching, and writing (drops, edits). */
export const SCOPES = ['read', 'write'] as const
export type Scope = (typeof SCOPES)[number]

/**
 * The normalised scope of a request (`read` or `read write`); absent means both (`offline_access`
 * is taken and means nothing more). Undefined when it names an unknown scope, or `write` without `read` (writing without reading makes no sense).
 */
export function parseScope(value: string | undefined | null): 'read' | 'read write' | undefined {
  // `offline_access` asks for refresh tokens, which every grant here gets: it adds nothing.
  const words = (value ?? '')
    .trim()
    .split(/ +/)
    .filter((word) => word !== '' && word !== 'offline_access')
  if (words.length === 0) return 'read write'
  const asked = new Set(words)
  if (![...asked].every((s) => (SCOPES as readonly string[]).includes(s))) return undefined
  if (!asked.has('read')) return undefined
  return asked.has('write') ? 'read write' : 'read'
}

/** Whether a scope allows only reading. */
export const isReadOnlyScope = (scope: string): boolean => !scope.split(' ').includes('write')

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Why a redirect URI cannot be registered, or undefined when it can: https anywhere, http only on a
 * loopback host (a local app's listener), or a private-use scheme of a native app
 * (`com.example.app:/cb`, RFC 8252); never a fragment.
 */
export function redirectUriProblem(value: string): string | undefined {
  if (value.length > REDIRECT_URI_MAX) return 'is too long'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not an absolute URI'
  }
  if (value.includes('#')) return 'must not have a fragment'
  const scheme = url.protocol.slice(0, -1)
  if (scheme === 'https') return url.hostname ? undefined : 'has no host'
  if (scheme === 'http')
    return LOOPBACK_HOSTS.has(url.hostname) ? undefined : 'may use http only on a loopback host'
  // A native app's own scheme (RFC 8252 §7.1 advises a reversed domain name, `com.example.app:`, but
  // editors register `cursor:` or `vscode:`): PKCE keeps its code from any other app claiming it.
  // Schemes a browser runs, shows or sends elsewhere itself are never an app's.
  if (BROWSER_SCHEMES.has(scheme)) return `must use https, or an application's own scheme (not ${scheme}:)`
  return undefined
}

/** Schemes that name no native app: the browser handles them itself. */
const BROWSER_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'about',
  'blob',
  'filesystem',
  'view-source',
  'ws',
  'wss',
  'ftp',
  'mailto',
  'tel',
  'sms',
])

/**
 * Whether `uri` is one of a client's registered redirect URIs: exactly, or, for a loopback address
 * over http, on any port (RFC 8252 §7.3: a native app listens on the port the system gives it).
 */
export function isRegisteredRedirect(registered: readonly string[], uri: string): boolean {
  if (registered.includes(uri)) return true
  const portless = loopbackWithoutPort(uri)
  return portless !== undefined && registered.some((known) => loopbackWithoutPort(known) === portless)
}

function loopbackWithoutPort(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || value.includes('#')) return undefined
  url.port = ''
  return url.href
}

/** Whether a PKCE verifier has the form RFC 7636 requires (43 to 128 unreserved characters). */
export const isVerifierWellFormed = (verifier: string): boolean => /^[A-Za-z0-9._~-]{43,128}$/.test(verifier)

/** The S256 challenge of a PKCE verifier: base64url of its SHA-256, unpadded. */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return Buffer.from(digest).toString('base64url')
}
