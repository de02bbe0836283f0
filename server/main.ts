import { loadConfigOrExit } from './config.ts'
import { createLogger } from './logger.ts'
import { startServer } from './start.ts'

/** Entry point of `npm start`: the hosted server on the environment's settings. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const logger = createLogger(config.logLevel)
  const server = await startServer(config, logger)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down')
      void server.close().then(() => process.exit(0))
    })
  }
}

await main()
