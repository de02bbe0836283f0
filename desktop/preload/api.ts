/** Runtime versions the renderer may display. */
export interface RuntimeVersions {
  readonly electron: string
  readonly chrome: string
  readonly node: string
}

/** The surface the preload script exposes to the renderer as `window.desktop`. */
export interface DesktopApi {
  readonly platform: string
  readonly versions: RuntimeVersions
}

/** Builds the bridge object from a process-like source, copying only the fields the renderer may see. */
export function createDesktopApi(source: DesktopApi): DesktopApi {
  const { electron, chrome, node } = source.versions
  return { platform: source.platform, versions: { electron, chrome, node } }
}
