import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { dataDirOf, loadConfigOrExit } from './config.ts'
import { createLogger } from './logger.ts'
import { refuseIfMoved } from './moved-marker.ts'
import { startFailure } from './start-failure.ts'

/**
 * `npm run reindex`: rebuilds every space's search indexes (words, links, meaning) from the Git
 * repositories. Safe to run at any time: each page is read again and replaced where it stands, so
 * searches meanwhile answer from the indexes as they were; the indexes are derived data.
 */
async function main(): Promise<void> {
  // A mistyped folder would otherwise become a new, empty installation (its key made, its database
  // created), "reindexed" without a word: it is checked before the settings are read.
  const dataDir = dataDirOf(process.env)
  const usesPostgres = Boolean(
    process.env.SERVICE_DATABASE_URL?.trim() || process.env.SERVICE_DATABASE_URL_FILE,
  )
  if (!usesPostgres && !existsSync(join(dataDir, 'service.db'))) {
    process.stderr.write(`no installation at ${dataDir}: SERVICE_DATA_DIR names the one to reindex\n`)
    process.exitCode = 2
    return
  }
  const config = loadConfigOrExit(process.env)
  // Loaded here, not above: a mistyped folder is answered at once, not after the whole service's code.
  const [{ buildDeps }, { rebuildIndexes }] = await Promise.all([
    import('./deps.ts'),
    import('#shared/services/search/rebuild-indexes.ts'),
  ])
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  let built: Awaited<ReturnType<typeof buildDeps>>
  try {
    // The SQLite file a move to PostgreSQL left as it was, to go back to, is not written.
    if (!config.databaseUrl) refuseIfMoved(config.dataDir, 'npm run reindex')
    built = await buildDeps(config)
  } catch (error) {
    // What the operator can mend (a database down, one a newer version upgraded) is said in one line.
    const reason = startFailure(error, config)
    if (reason === undefined) throw error
    process.stderr.write(`the indexes cannot be rebuilt: ${reason}\n`)
    process.exitCode = 1
    return
  }
  const { deps, close } = built
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
