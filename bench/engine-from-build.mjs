/**
 * Starts the desktop engine from the app's build, as the Electron app's utility process does (one
 * bundle, not the source files), and prints `{"url","token"}` once ready. Used by the desktop
 * bench: `node bench/engine-from-build.mjs <bundle folder> <data folder> <web app folder>`, with the
 * engine's key in BENCH_ENGINE_KEY and its run-time files (bundledResources) in BENCH_RESOURCES, as
 * JSON where a URL is `{"url": …}`. Plain JavaScript, as the utility process runs: a TypeScript file
 * here would load Node's type stripping first, about 0.1 s the app never spends.
 */
import { enableCompileCache } from 'node:module'
import { pathToFileURL } from 'node:url'

// As the utility process does before it loads the engine.
enableCompileCache()
const [bundle, dataDir, webAppDir] = process.argv.slice(2)
const secretKey = process.env.BENCH_ENGINE_KEY
const resourcesJson = process.env.BENCH_RESOURCES
if (!bundle || !dataDir || !webAppDir || !secretKey || !resourcesJson)
  throw new Error(
    'usage: BENCH_ENGINE_KEY=… BENCH_RESOURCES=… engine-from-build.mjs <bundle> <data> <web app>',
  )
const resources = JSON.parse(resourcesJson, (_key, value) =>
  value !== null && typeof value === 'object' && typeof value.url === 'string' ? new URL(value.url) : value,
)
const { startEngine } = await import(pathToFileURL(`${bundle}/engine.js`).href)
const engine = await startEngine({ dataDir, secretKey, webAppDir, compose: { resources } })
process.stdout.write(`${JSON.stringify({ url: engine.url, token: engine.token })}\n`)
process.once('SIGTERM', () => void engine.close().then(() => process.exit(0)))
