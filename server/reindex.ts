import { rebuildIndexes } from '#shared/services/search/rebuild-indexes.ts'
import { loadConfigOrExit } from './config.ts'
import { buildDeps } from './deps.ts'
import { createLogger } from './logger.ts'

/**
 * `npm run reindex`: drops every space's search indexes (words, links, meaning) and rebuilds them
 * from the Git repositories. Safe to run at any time; the indexes are derived data.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  const { deps, close } = await buildDeps(config)
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
