import { rebuildIndexes } from '#shared/services/rebuild-indexes.ts'
import { ConfigError, loadConfig } from './config.ts'
import { buildDeps } from './deps.ts'
import { createLogger } from './logger.ts'

/**
 * `npm run reindex`: drops every space's search indexes (words, links, meaning) and rebuilds them
 * from the Git repositories. Safe to run at any time; the indexes are derived data.
 */
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
  const { deps, close } = buildDeps(config)
  try {
    const started = performance.now()
    const spaces = await rebuildIndexes(deps, (space, report) =>
      logger.info({ space: space.slug, files: report.files }, 'reindexed'),
    )
    logger.info({ spaces, ms: Math.round(performance.now() - started) }, 'all indexes rebuilt')
  } finally {
    await close()
  }
}

await main()
