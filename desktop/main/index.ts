import { mkdir } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, net, protocol } from 'electron'
import {
  APP_SCHEME,
  rendererFileFor,
  resolveDataDir,
  resolvePreloadPath,
  resolveRendererDir,
  resolveRendererUrl,
} from './paths.ts'

const mainDir = import.meta.dirname

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    title: 'Quire',
    webPreferences: {
      preload: resolvePreloadPath(mainDir),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  window
    .loadURL(resolveRendererUrl(process.env, app.isPackaged))
    .catch((error: unknown) => console.error('Failed to load the renderer', error))
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) createWindow()
})

// The app's own scheme behaves like https: a secure origin with fetch, so the web app runs unchanged.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
])

await app.whenReady()
const rendererDir = resolveRendererDir(mainDir)
protocol.handle(APP_SCHEME, (request) =>
  net.fetch(pathToFileURL(rendererFileFor(rendererDir, request.url)).href),
)
await mkdir(resolveDataDir(app.getPath('userData'), process.env), { recursive: true })
createWindow()
