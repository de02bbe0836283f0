/** Rules for a space's Git remote address and branch name. */
import { hasControlChar } from './control-chars.ts'

const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)[^\s]+$/

/**
 * Whether a remote address is acceptable: empty (the service keeps the repository), or an
 * https, http, ssh or scp-like address. Local paths and file:// are refused, so nobody can point a
 * space at a repository on the server's own disk.
 */
export function isRemoteAddress(value: string): boolean {
  if (value === '') return true
  // A user or host starting with '-' would be read as an option by ssh or git.
  if (SCP_LIKE.test(value)) return !value.startsWith('-') && !value.split('@')[1]?.startsWith('-')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (!['https:', 'http:', 'ssh:'].includes(url.protocol)) return false
  if (url.hostname === '' || url.hostname.startsWith('-') || decodeURIComponent(url.username).startsWith('-'))
    return false
  // A password in the address would be stored and shown in clear: credentials have their own, encrypted, place.
  if (url.password !== '') return false
  return url.pathname.length > 1 && !/\s/.test(value)
}

/** An address with its scheme in lower case (`HTTPS://…` and `https://…` are one address). */
export function withLowerScheme(url: string): string {
  return url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, (scheme) => scheme.toLowerCase())
}

/** Whether an acceptable remote address goes over SSH (ssh:// or user@host:path), not HTTP. */
export function isSshAddress(value: string): boolean {
  return value.startsWith('ssh://') || SCP_LIKE.test(value)
}

/** Whether a name follows Git's rules for branch names (git check-ref-format --branch). */
export function isBranchName(name: string): boolean {
  if (name === '' || name.length > 200 || name === '@' || name === 'HEAD') return false
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.')) return false
  if (name.includes('..') || name.includes('//') || name.includes('@{') || name.endsWith('.lock'))
    return false
  if (/[\s~^:?*[\\]/.test(name) || hasControlChar(name)) return false
  return !name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'))
}
