import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { ConfigError, dataDirOf, loadConfig } from './config.ts'
import { lockDataFolder } from './data-folder-lock.ts'
import { createLogger } from './logger.ts'
import { markMoved, movedTo } from './moved-marker.ts'
import { RUNNING_FILE, runningServer } from './running-marker.ts'

const USAGE = 'usage: npm run migrate -- --to postgres://user:password@host:5432/database'

/**
 * `npm run migrate -- --to postgres://…`: copies the installation's SQLite database (in the data
 * folder) into an empty PostgreSQL database, then builds the search indexes there from the
 * repositories. The SQLite file is only read, once its server is stopped (refused while one runs:
 * what it wrote after the copy would be lost); start it again with `SERVICE_DATABASE_URL` set to
 * the same address.
 */
async function main(): Promise<number> {
  let values: { to?: string }
  try {
    ;({ values } = parseArgs({ options: { to: { type: 'string' } }, strict: true }))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  // Checked before the settings are read, which would make a mistyped folder and its key.
  const sqliteFile = join(dataDirOf(process.env), 'service.db')
  if (/^postgres(?:ql)?:\/\//.test(values.to ?? '') && !existsSync(sqliteFile)) {
    process.stderr.write(
      `no SQLite database at ${sqliteFile}: SERVICE_DATA_DIR names the installation to copy\n`,
    )
    return 2
  }
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig({ ...process.env, SERVICE_DATABASE_URL: values.to ?? '' })
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n${USAGE}\n`)
    return 2
  }
  if (!config.databaseUrl) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  const file = join(config.dataDir, 'service.db')
  if (!existsSync(file)) {
    process.stderr.write(`no SQLite database at ${file}: SERVICE_DATA_DIR names the installation to copy\n`)
    return 2
  }
  const running = runningServer(config.dataDir)
  if (running !== undefined) {
    process.stderr.write(
      `a server runs on ${config.dataDir} (process ${running.pid} on ${running.host}): stop it first, as what it writes after the copy would not be in PostgreSQL (if none runs, remove ${join(config.dataDir, RUNNING_FILE)})\n`,
    )
    return 1
  }
  const moved = movedTo(config.dataDir)
  if (moved) {
    process.stderr.write(
      `the database of ${config.dataDir} was moved to ${moved.target} on ${moved.at} already: remove ${moved.file} to copy it again\n`,
    )
    return 1
  }
  // Held while the database is copied: a server started meanwhile is refused, as it is afterwards.
  let unlock: () => void
  try {
    unlock = lockDataFolder(config.dataDir)
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error
    process.stderr.write(`${error.message}\n`)
    return 1
  }
  try {
    return await copyLocked({ ...config, databaseUrl: config.databaseUrl }, file, logger)
  } finally {
    unlock()
  }
}

/** The copy and the indexes, the data folder held; the folder is marked as moved once it is done. */
async function copyLocked(
  config: ReturnType<typeof loadConfig> & { databaseUrl: string },
  file: string,
  logger: ReturnType<typeof createLogger>,
): Promise<number> {
  // Loaded here, not above: a mistyped command is answered at once, not after the whole service's code.
  const [
    { resourcePaths },
    { copySqliteToPostgres, TargetNotEmptyError },
    { openPostgres },
    { openDatabase },
    { rebuildIndexes },
    { buildDeps },
  ] = await Promise.all([
    import('#shared/adapters/node/resource-paths.ts'),
    import('#shared/adapters/postgres/copy-from-sqlite.ts'),
    import('#shared/adapters/postgres/open-database.ts'),
    import('#shared/adapters/sqlite/open-database.ts'),
    import('#shared/services/search/rebuild-indexes.ts'),
    import('./deps.ts'),
  ])
  const paths = resourcePaths()
  const source = openDatabase(file, { migrations: paths.migrations })
  const target = await openPostgres(config.databaseUrl, { migrations: paths.postgresMigrations })
  try {
    const copied = await copySqliteToPostgres(source.db, target.db)
    // Marked at once: from now on PostgreSQL holds the installation, indexed or not yet.
    markMoved(config.dataDir, config.databaseUrl, new Date())
    logger.info({ rows: copied }, 'copied the database')
  } catch (error) {
    if (!(error instanceof TargetNotEmptyError)) throw error
    process.stderr.write(`${error.message}\n`)
    return 1
  } finally {
    source.sqlite.close()
    await target.close()
  }
  const { deps, close } = await buildDeps(config)
  try {
    const spaces = await rebuildIndexes(deps, (space, report) =>
      logger.info({ space: space.slug, files: report.files }, 'indexed'),
    )
    logger.info({ spaces }, `done: start the server with SERVICE_DATABASE_URL set to the same address`)
  } finally {
    await close()
  }
  return 0
}

process.exitCode = await main()
