import { BrowserWindow, dialog, screen, shell, type WebContents } from 'electron'
import type { Logger } from '#shared/ports/logger.ts'
import { askBeforeLeaving } from './leave-question.ts'
import type { MenuLanguage } from './menu.ts'
import { externalLink, isAppUrl } from './navigation.ts'
import { MIN_SIZE, placeWindow, readWindowState, writeWindowState } from './window-state.ts'

/** What the window needs: where its files, state and address are, and what counts as the app. */
export type WindowOptions = {
  dataDir: string
  preloadPath: string
  rendererUrl: string
  appOrigins: readonly string[]
  logger: Logger
  /** The language of the questions the window asks itself. */
  language: MenuLanguage
}

/** Hands a link to the system's browser or mail client when it is one it should open. */
function openOutside(url: string, logger: Logger): void {
  const link = externalLink(url)
  if (!link) return
  shell.openExternal(link).catch((error: unknown) => logger.warn({ err: error }, 'could not open a link'))
}

/**
 * Keeps any web contents on the app: new windows are denied (links go to the system's browser),
 * navigation elsewhere is stopped, and no <webview> is attached.
 */
export function guardWebContents(contents: WebContents, appOrigins: readonly string[], logger: Logger): void {
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url, logger)
    return { action: 'deny' }
  })
  const stayOnApp = (event: { url: string; preventDefault(): void }) => {
    if (isAppUrl(event.url, appOrigins)) return
    event.preventDefault()
    openOutside(event.url, logger)
  }
  contents.on('will-navigate', stayOnApp)
  contents.on('will-redirect', stayOnApp)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** Opens the app's one window where it was last, keeping its bounds in the data folder as it closes. */
export function createWindow(options: WindowOptions): BrowserWindow {
  const placed = placeWindow(
    readWindowState(options.dataDir),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  )
  const window = new BrowserWindow({
    x: placed.x,
    y: placed.y,
    width: placed.width,
    height: placed.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Quire',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  })
  if (placed.maximized) window.maximize()
  askBeforeLeaving(window.webContents, options.language, (box) => dialog.showMessageBoxSync(window, box))
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    try {
      writeWindowState(options.dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() })
    } catch (error) {
      options.logger.warn({ err: error }, 'could not keep the window’s size and position')
    }
  })
  window
    .loadURL(options.rendererUrl)
    .catch((error: unknown) => options.logger.error({ err: error }, 'the window could not load the app'))
  return window
}
