/// <reference types="vite/client" />
import type { DesktopApi } from '../preload/api.ts'

declare global {
  interface Window {
    /** Exposed by the preload script through contextBridge; absent in a browser. */
    readonly desktop?: DesktopApi
  }

  /** The app version from package.json, replaced at build time. */
  const __APP_VERSION__: string
}
