import { mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import {
  app,
  type BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  session,
  shell,
  utilityProcess,
} from 'electron'
import { consoleLogger } from '../engine/console-logger.ts'
import { type EngineProcess, startEngineHost } from './engine-host.ts'
import { buildMenuTemplate, menuLanguage } from './menu.ts'
import { appOriginsFor, isAppUrl, isPermissionAllowed } from './navigation.ts'
import { createOsActions } from './os-actions.ts'
import {
  APP_ORIGIN,
  APP_SCHEME,
  resolveDataDir,
  resolvePreloadPath,
  resolveRendererDir,
  resolveRendererUrl,
  resolveUtilityPath,
} from './paths.ts'
import { answerAppRequest } from './scheme.ts'
import { loadSecretKey, type Sealer } from './secret-key.ts'
import { createWindow, guardWebContents } from './window.ts'

const mainDir = import.meta.dirname
const logger = consoleLogger

/** The system keychain as a sealer, or undefined when there is none worth the name. */
async function keychain(): Promise<Sealer | undefined> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return undefined
  // Linux without a secret service falls back to a password written in Electron itself.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return undefined
  return {
    seal: (plain) => safeStorage.encryptStringAsync(plain),
    unseal: async (sealed) => (await safeStorage.decryptStringAsync(sealed)).result,
  }
}

/** Starts the engine's utility process, so Git, SQLite and embeddings never hold up the window. */
function forkEngine(): EngineProcess {
  const child = utilityProcess.fork(resolveUtilityPath(mainDir), [], { serviceName: 'Quire engine' })
  return {
    link: {
      send: (message) => child.postMessage(message),
      listen(listener) {
        child.on('message', listener)
        return () => child.off('message', listener)
      },
    },
    onExit: (listener) => child.once('exit', listener),
    kill: () => child.kill(),
  }
}

async function main(): Promise<void> {
  let window: BrowserWindow | undefined
  let open: (() => void) | undefined
  app.on('second-instance', () => {
    // On macOS the app may be running with its window closed: open it again.
    if (!window) return open?.()
    if (window.isMinimized()) window.restore()
    window.focus()
  })

  await app.whenReady()
  const dataDir = resolveDataDir(app.getPath('userData'), process.env)
  await mkdir(dataDir, { recursive: true })
  let secretKey: string
  try {
    secretKey = await loadSecretKey(dataDir, await keychain())
  } catch (error) {
    logger.error({ err: error }, 'the engine’s key could not be read')
    dialog.showErrorBox('Quire', error instanceof Error ? error.message : String(error))
    app.exit(1)
    return
  }

  const engine = startEngineHost({
    spawn: forkEngine,
    dataDir,
    secretKey,
    webAppDir: resolveRendererDir(mainDir),
    logger,
  })
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(request, engine.fetch))
  let engineStopped = false
  app.on('will-quit', (event) => {
    if (engineStopped) return
    event.preventDefault()
    void engine.stop().finally(() => {
      engineStopped = true
      app.quit()
    })
  })

  const rendererUrl = resolveRendererUrl(process.env, app.isPackaged)
  const appOrigins = appOriginsFor(APP_ORIGIN, rendererUrl)
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigins, logger))
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl, appOrigins)),
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, appOrigins),
  )

  const language = menuLanguage(app.getLocale())
  const actions = createOsActions({
    showOpenDialog: (options) =>
      window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options),
    showItemInFolder: (path) => shell.showItemInFolder(path),
    openExternal: (url) => shell.openExternal(url),
    homeDir: homedir(),
    language,
  })
  for (const [channel, action] of Object.entries(actions)) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isAppUrl(event.senderFrame?.url ?? '', appOrigins)) throw new Error('Only the app may ask this')
      return action(...args)
    })
  }

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        language,
        platform: process.platform,
        isPackaged: app.isPackaged,
        openDataFolder: () => {
          void shell.openPath(dataDir).then((failure) => {
            if (failure) logger.warn({ failure }, 'could not open the data folder')
          })
        },
      }),
    ),
  )

  open = () => {
    window = createWindow({
      dataDir,
      preloadPath: resolvePreloadPath(mainDir),
      rendererUrl,
      appOrigins,
      logger,
      language,
    })
    window.on('closed', () => {
      window = undefined
    })
  }
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (!window) open?.()
  })
  open()
}

// The app's own scheme behaves like https: a secure origin with fetch, so the web app runs unchanged.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
])

// One app per person's data: a second start brings the first one's window forward instead.
if (app.requestSingleInstanceLock()) await main()
else app.quit()
