import { quickenModuleLoading } from '#shared/adapters/node/package-imports-hook.ts'
import { stopOnSignals } from '#shared/host/stop-on-signals.ts'
import { loadConfigOrExit } from './config.ts'
import { createLogger } from './logger.ts'
import { startFailure } from './start-failure.ts'
import { ensureWebApp } from './web-build.ts'

/** Entry point of `npm start`: the hosted server on the environment's settings. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  for (const warning of config.warnings) logger.warn({}, warning)
  if (config.webBuild) {
    // The API serves without the web pages rather than not at all.
    await ensureWebApp(logger).catch((error: unknown) =>
      logger.error({ err: error }, 'the web app could not be built'),
    )
  }
  // Before the server's modules load, hence the import here.
  quickenModuleLoading()
  const { startServer } = await import('./start.ts')
  const server = await startServer(config, logger).catch((error: unknown) => {
    // What the operator can mend is said in one line; anything else keeps its stack trace.
    const reason = startFailure(error, config)
    if (reason === undefined) throw error
    logger.fatal({}, `the server cannot start: ${reason}`)
    process.exit(1)
  })
  stopOnSignals(() => server.close(), logger)
}

await main()
