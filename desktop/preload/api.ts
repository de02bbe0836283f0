/** Runtime versions the renderer may display. */
export interface RuntimeVersions {
  readonly electron: string
  readonly chrome: string
  readonly node: string
}

/** What the person may be asked to choose: a folder (a space's folder) or an SSH key file. */
export type PathKind = 'folder' | 'ssh-key'
export const PATH_KINDS: readonly PathKind[] = ['folder', 'ssh-key']

/** The IPC channels of the operating-system actions, shared by the preload script and the main process. */
export const DESKTOP_CHANNELS = {
  choosePath: 'desktop:choose-path',
  revealInFolder: 'desktop:reveal-in-folder',
  openExternal: 'desktop:open-external',
} as const

/** The surface the preload script exposes to the renderer as `window.desktop`. */
export interface DesktopApi {
  readonly platform: string
  readonly versions: RuntimeVersions
  /** Asks the person for a folder or an SSH key file: its path, or null when they cancel. */
  choosePath(kind: PathKind): Promise<string | null>
  /** Shows a file or folder (an absolute path) in the system's file manager. */
  revealInFolder(path: string): Promise<void>
  /** Opens a web or mail link in the system's browser or mail client. */
  openExternal(url: string): Promise<void>
}

/** Where the process-like source's fields come from: Electron's `process` in the preload script. */
export type RuntimeSource = { readonly platform: string; readonly versions: RuntimeVersions }

/** Sends a message on a channel and resolves to the main process's answer (`ipcRenderer.invoke`). */
export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>

/**
 * Builds the bridge object: the fields of `source` the renderer may see, and one function per
 * operating-system action, each sending its own arguments only on its own channel.
 */
export function createDesktopApi(source: RuntimeSource, invoke: Invoke): DesktopApi {
  const { electron, chrome, node } = source.versions
  return {
    platform: source.platform,
    versions: { electron, chrome, node },
    choosePath: async (kind) => (await invoke(DESKTOP_CHANNELS.choosePath, kind)) as string | null,
    revealInFolder: async (path) => {
      await invoke(DESKTOP_CHANNELS.revealInFolder, path)
    },
    openExternal: async (url) => {
      await invoke(DESKTOP_CHANNELS.openExternal, url)
    },
  }
}
