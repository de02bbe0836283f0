import type { DesktopApi } from '../preload/api.ts'

declare global {
  interface Window {
    /** Exposed by the preload script through contextBridge. */
    readonly desktop: DesktopApi
  }

  /** The app version from package.json, replaced at build time. */
  const __APP_VERSION__: string
}
