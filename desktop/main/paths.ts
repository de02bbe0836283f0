import { join, resolve } from 'node:path'

/** Environment variables the desktop shell reads; anything else is ignored. */
export type DesktopEnv = Readonly<Record<string, string | undefined>>

/** Where the main process loads the renderer from: the dev server in development, the built file otherwise. */
export type RendererTarget =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'file'; readonly path: string }

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

/** Picks ELECTRON_RENDERER_URL in an unpackaged run when set, otherwise the built `out/renderer/index.html`. */
export function resolveRendererTarget(mainDir: string, env: DesktopEnv, isPackaged: boolean): RendererTarget {
  const url = env.ELECTRON_RENDERER_URL?.trim()
  if (!isPackaged && url) return { kind: 'url', url }
  return { kind: 'file', path: join(mainDir, '..', 'renderer', 'index.html') }
}
