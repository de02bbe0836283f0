import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { readOrCreateKeyFile } from '#desktop/main/secret-key.ts'
import { createLogger } from '#server/logger.ts'
import { ensureWebApp, WEB_APP_DIR } from '#server/web-build.ts'
import { quickenModuleLoading } from '#shared/adapters/node/package-imports-hook.ts'
import { stopOnSignals } from '#shared/host/stop-on-signals.ts'

const USAGE = 'usage: npm run desktop:engine -- --data <folder> [--port <n>]'

/**
 * The desktop engine without Electron: `npm run desktop:engine -- --data <folder> [--port <n>]`
 * serves the API, the web app and MCP on 127.0.0.1 and, once ready, prints one JSON line with the
 * address and the token they accept. Logs go to stderr.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { data: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean' } },
  })
  const port = values.port === undefined ? 0 : Number(values.port)
  if (values.help || !values.data || !Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`${USAGE}\n`)
    process.exit(values.help ? 0 : 2)
  }
  const logger = createLogger(process.env.LOG_LEVEL ?? 'info', pino.destination(2))
  const dataDir = resolve(values.data)
  await mkdir(dataDir, { recursive: true })
  await ensureWebApp(logger).catch((error: unknown) =>
    logger.error({ err: error }, 'the web app could not be built'),
  )
  // Before the engine's modules load, hence the import here.
  quickenModuleLoading()
  const { startEngine } = await import('./engine.ts')
  const engine = await startEngine({
    dataDir,
    secretKey: await readOrCreateKeyFile(dataDir),
    port,
    logger,
    webAppDir: WEB_APP_DIR,
  })
  process.stdout.write(`${JSON.stringify({ url: engine.url, token: engine.token })}\n`)
  logger.info({ open: `${engine.url}/?token=…` }, 'open the app in a browser with the token')
  stopOnSignals(() => engine.close(), logger)
}

await main()
