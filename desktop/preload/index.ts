import { contextBridge } from 'electron'
import { createDesktopApi } from './api.ts'

contextBridge.exposeInMainWorld('desktop', createDesktopApi(process))
