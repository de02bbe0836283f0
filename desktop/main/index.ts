import { mkdir } from 'node:fs/promises'
import { app, BrowserWindow } from 'electron'
import { resolveDataDir, resolvePreloadPath, resolveRendererTarget } from './paths.ts'

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
  const target = resolveRendererTarget(mainDir, process.env, app.isPackaged)
  const loading = target.kind === 'url' ? window.loadURL(target.url) : window.loadFile(target.path)
  loading.catch((error: unknown) => console.error('Failed to load the renderer', error))
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) createWindow()
})

await app.whenReady()
await mkdir(resolveDataDir(app.getPath('userData'), process.env), { recursive: true })
createWindow()
