import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { BackupError, createBackup } from './backup-archive.ts'
import { ConfigError, loadConfig } from './config.ts'
import { refuseIfMoved } from './moved-marker.ts'

const USAGE = 'usage: npm run backup -- --to <file.tar>'

/**
 * `npm run backup -- --to <file.tar>`: a consistent backup of the installation in SERVICE_DATA_DIR,
 * while it runs or not: the SQLite database (SQLite's online backup), every space's repository,
 * the secret key and the mail outbox, with a `manifest.json`. With PostgreSQL the database is left
 * to `pg_dump`, and the command says how.
 */
async function main(): Promise<number> {
  let to: string | undefined
  try {
    const { values } = parseArgs({ options: { to: { type: 'string' } }, strict: true })
    to = values.to?.trim()
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (!to) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  let config: ReturnType<typeof loadConfig>
  const keyFromEnvironment = Boolean(
    process.env.SERVICE_SECRET_KEY?.trim() || process.env.SERVICE_SECRET_KEY_FILE?.trim(),
  )
  try {
    // A placeholder key: reading the settings must not create a key in a folder being backed up. A
    // key given as a file is read as the server reads it.
    config = loadConfig(
      keyFromEnvironment
        ? process.env
        : { ...process.env, SERVICE_SECRET_KEY: 'a placeholder: no key is read for a backup' },
    )
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`configuration error: ${error.message}\n`)
    return 2
  }
  if (!config.databaseUrl) {
    try {
      refuseIfMoved(config.dataDir, 'the backup')
    } catch (error) {
      if (!(error instanceof StartRefused)) throw error
      process.stderr.write(`${error.message}\n`)
      return 1
    }
  }
  try {
    const manifest = await createBackup(
      {
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        secretKeyFromEnvironment: keyFromEnvironment,
      },
      to,
    )
    const lines = [
      `backed up ${manifest.spaces.length} space(s) to ${resolve(to)}`,
      manifest.secretKey === 'archive'
        ? 'it holds secret.key and every page: keep it as safe as the server itself'
        : 'the secret key is SERVICE_SECRET_KEY and is not in the archive: keep it with the backup',
    ]
    if (manifest.database === 'postgresql') {
      lines.push(
        'the database is PostgreSQL and is not in the archive; back it up with its own tools, before this command:',
        '  pg_dump --format=custom --file=quire.dump "$SERVICE_DATABASE_URL"',
        'and restore it into an empty database with:',
        '  pg_restore --no-owner --dbname=<new database address> quire.dump',
      )
    }
    process.stdout.write(`${lines.join('\n')}\n`)
    for (const space of manifest.missing)
      process.stderr.write(
        `warning: space #${space.id}${space.slug ? ` (${space.organization}/${space.slug})` : ''} has no repository in ${config.dataDir}/repos: it is not in this backup; restore it from an earlier backup or its remote\n`,
      )
    // The archive is whole for every other space, but whoever runs the backups must notice.
    return manifest.missing.length > 0 ? 3 : 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    process.stderr.write(`backup failed: ${error.message}\n`)
    return 1
  }
}

process.exitCode = await main()
