import { loadConfigOrExit } from './config.ts'
import { createLogger } from './logger.ts'
import { startServer } from './start.ts'
import { ensureWebApp } from './web-build.ts'

/** The longest a shutdown may take before the process exits anyway. */
const STOP_LIMIT_MS = 9_000

/** Entry point of `npm start`: the hosted server on the environment's settings. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const logger = createLogger(config.logLevel)
  if (config.webBuild) {
    // The API serves without the web pages rather than not at all.
    await ensureWebApp(logger).catch((error: unknown) =>
      logger.error({ err: error }, 'the web app could not be built'),
    )
  }
  const server = await startServer(config, logger)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down')
      // A supervisor sends SIGKILL after about 10 s: stop before, whatever still hangs. Every
      // acknowledged write is already on disk, so leaving early loses nothing.
      setTimeout(() => {
        logger.error({ ms: STOP_LIMIT_MS }, 'shutdown took too long; exiting now')
        process.exit(1)
      }, STOP_LIMIT_MS).unref()
      void server.close().then(() => process.exit(0))
    })
  }
}

await main()
