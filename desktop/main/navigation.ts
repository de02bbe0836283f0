/**
 * What the window may do: which addresses it may show, which links the system browser opens, which
 * permissions a page gets. Electron asks; these answer.
 */

/** Whether `url` belongs to the app itself (one of `appOrigins`), so the window may show it. */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  try {
    const parsed = new URL(url)
    // Node's URL gives custom schemes a "null" origin; Chromium's standard schemes have a real one.
    return appOrigins.includes(`${parsed.protocol}//${parsed.host}`)
  } catch {
    return false
  }
}

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** The link to hand to the system browser or mail client, or undefined for any other kind of address. */
export function externalLink(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return undefined
    // A link with a password in it is a way to phish: open none.
    if (parsed.username || parsed.password) return undefined
    return parsed.href
  } catch {
    return undefined
  }
}

// Copying a token to the clipboard is the app's only use of a permission.
const APP_PERMISSIONS = new Set(['clipboard-sanitized-write'])

/** Whether a page at `requestingUrl` gets `permission`: only the app, only what it uses; all else is denied. */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  appOrigins: readonly string[],
): boolean {
  return APP_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appOrigins)
}
