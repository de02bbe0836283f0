import { ConfigError, loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { startServer } from './start.ts'

/** Entry point of `npm start`: the hosted server on the environment's settings. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`configuration error: ${error.message}\n`)
    process.exit(2)
  }
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
