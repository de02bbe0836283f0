import { contextBridge, ipcRenderer } from 'electron'
import { createDesktopApi } from './api.ts'

contextBridge.exposeInMainWorld(
  'desktop',
  createDesktopApi(process, (channel, ...args) => ipcRenderer.invoke(channel, ...args)),
)
