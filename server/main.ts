import { stopOnSignals } from '#shared/host/stop-on-signals.ts'
import { loadConfigOrExit } from './config.ts'
import { createLogger } from './logger.ts'
import { startServer } from './start.ts'
import { ensureWebApp } from './web-build.ts'

/** Entry point of `npm start`: the hosted server on the environment's settings. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  if (config.webBuild) {
    // The API serves without the web pages rather than not at all.
    await ensureWebApp(logger).catch((error: unknown) =>
      logger.error({ err: error }, 'the web app could not be built'),
    )
  }
  const server = await startServer(config, logger)
  stopOnSignals(() => server.close(), logger)
}

await main()
