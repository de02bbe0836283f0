import { existsSync, statSync } from 'node:fs'
import { join, normalize, resolve, sep } from 'node:path'

/** Environment variables the desktop shell reads; anything else is ignored. */
export type DesktopEnv = Readonly<Record<string, string | undefined>>

/** Name of the variable that overrides the data directory (e.g. for tests or portable installs). */
export const DATA_DIR_VARIABLE = 'QUIRE_DATA_DIR'

/** Returns the data directory: the QUIRE_DATA_DIR override when set, otherwise `data` under the user-data folder. */
export function resolveDataDir(userDataDir: string, env: DesktopEnv): string {
  const override = env[DATA_DIR_VARIABLE]?.trim()
  return override ? resolve(override) : join(userDataDir, 'data')
}

/** Returns the built preload script that sits next to the main bundle in `out/`. */
export function resolvePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs')
}

/** Returns the engine's utility-process entry, built next to the main bundle in `out/main`. */
export function resolveUtilityPath(mainDir: string): string {
  return join(mainDir, 'utility.js')
}

/**
 * The window's own scheme: the built web app is served at `quire://app/`, so it loads its files and
 * opens its own paths (`/s/...`) from the root, as it does from the server.
 */
export const APP_SCHEME = 'quire'
export const APP_ORIGIN = `${APP_SCHEME}://app`

/** Where the window loads the app: ELECTRON_RENDERER_URL in an unpackaged run when set, else the built app on its own scheme. */
export function resolveRendererUrl(env: DesktopEnv, isPackaged: boolean): string {
  const url = env.ELECTRON_RENDERER_URL?.trim()
  return !isPackaged && url ? url : `${APP_ORIGIN}/`
}

/** The built web app's folder, next to the main bundle in `out/`. */
export function resolveRendererDir(mainDir: string): string {
  return join(mainDir, '..', 'renderer')
}

/**
 * The file of the built app that answers a request on the app's scheme: the file itself when it
 * exists inside `rendererDir`, else `index.html` (the app's own paths); never a file outside it.
 */
export function rendererFileFor(rendererDir: string, requestUrl: string): string {
  const root = resolve(rendererDir)
  const index = join(root, 'index.html')
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname)
  } catch {
    return index
  }
  const file = resolve(root, normalize(`.${pathname}`))
  if (file !== root && !file.startsWith(`${root}${sep}`)) return index
  return existsSync(file) && statSync(file).isFile() ? file : index
}
