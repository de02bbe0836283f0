import { enableCompileCache } from 'node:module'
import type { MessageEvent } from 'electron'
import { bundledResources } from './bundled-resources.ts'
import { consoleLogger } from './console-logger.ts'
import { type StartEngine, serveEngine } from './serve-engine.ts'

// The engine is built as a bundle of its own next to this one (electron.vite.config.ts); naming it
// at run time keeps this entry buildable on its own.
const ENGINE_MODULE = './engine.js'

// The engine's bundle is large (its dependencies are in it): V8 keeps what it compiled of it on disk,
// so a start after the first reads the compiled code instead of compiling it again.
enableCompileCache()

const port = process.parentPort

serveEngine(
  {
    send: (message) => port.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event.data)
      port.on('message', onMessage)
      return () => port.off('message', onMessage)
    },
  },
  async () => ((await import(/* @vite-ignore */ ENGINE_MODULE)) as { startEngine: StartEngine }).startEngine,
  (code) => process.exit(code),
  consoleLogger,
  // Workers, migrations and templates sit beside the bundles (electron.vite.config.ts).
  { compose: { resources: bundledResources(import.meta.dirname) } },
)
