/**
 * What the window may do: which addresses it may show, which links the system browser opens, which
 * permissions a page gets. Electron asks; these answer.
 */

/** The scheme and host of `url` (Node's URL gives custom schemes a "null" origin; Chromium does not). */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return undefined
  }
}

/** The origins that are the app: its own scheme's, and the one the window loads it from (a dev server). */
export function appOriginsFor(appOrigin: string, rendererUrl: string): string[] {
  const loaded = originOf(rendererUrl)
  return loaded && loaded !== appOrigin ? [appOrigin, loaded] : [appOrigin]
}

/** Whether `url` belongs to the app itself (one of `appOrigins`), so the window may show it. */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== undefined && appOrigins.includes(origin)
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

/**
 * The app's uses of a permission: copying a token to the clipboard, and opening its live sessions on
 * the engine's loopback listener (Chromium asks before a page reaches the loopback address). The
 * permission's older name covers the local network too; the window's Content-Security-Policy still
 * lets it connect to its own scheme and the loopback address only.
 */
const APP_PERMISSIONS = new Set(['clipboard-sanitized-write', 'loopback-network', 'local-network-access'])

/** Whether a page at `requestingUrl` gets `permission`: only the app, only what it uses; all else is denied. */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  appOrigins: readonly string[],
): boolean {
  return APP_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appOrigins)
}
