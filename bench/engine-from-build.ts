/**
 * Starts the desktop engine from the app's build, as the Electron app's utility process does (one
 * bundle, not the source files), and prints `{"url","token"}` once ready. Used by the desktop
 * bench: `node bench/engine-from-build.ts <bundle folder> <data folder> <web app folder>`.
 */
import { enableCompileCache } from 'node:module'
import { pathToFileURL } from 'node:url'
import { bundledResources } from '../desktop/engine/bundled-resources.ts'
import type { startEngine as StartEngine } from '../desktop/engine/engine.ts'
import { readOrCreateKeyFile } from '../desktop/main/secret-key.ts'

// As the utility process does before it loads the engine.
enableCompileCache()
const [bundle, dataDir, webAppDir] = process.argv.slice(2)
if (!bundle || !dataDir || !webAppDir)
  throw new Error('usage: engine-from-build.ts <bundle> <data> <web app>')
const { startEngine } = (await import(pathToFileURL(`${bundle}/engine.js`).href)) as {
  startEngine: typeof StartEngine
}
const engine = await startEngine({
  dataDir,
  secretKey: await readOrCreateKeyFile(dataDir),
  webAppDir,
  compose: { resources: bundledResources(bundle) },
})
process.stdout.write(`${JSON.stringify({ url: engine.url, token: engine.token })}\n`)
process.once('SIGTERM', () => void engine.close().then(() => process.exit(0)))
