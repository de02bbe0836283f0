import { parseArgs } from 'node:util'
import { BackupError } from './backup-archive.ts'
import { restoreBackup } from './restore-archive.ts'

const USAGE = 'usage: npm run restore -- --from <file.tar> --data <new data folder>'

/**
 * `npm run restore -- --from <file.tar> --data <folder>`: unpacks a backup made by `npm run backup`
 * into a new or empty data folder, checks it (database readable, every repository whole at the
 * commit the backup names), and says how to start the server on it.
 */
async function main(): Promise<number> {
  let from: string | undefined
  let data: string | undefined
  try {
    const { values } = parseArgs({
      options: { from: { type: 'string' }, data: { type: 'string' } },
      strict: true,
    })
    from = values.from?.trim()
    data = values.data?.trim()
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (!from || !data) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  try {
    const { manifest, dataDir } = await restoreBackup(from, data)
    const lines = [`restored ${manifest.spaces.length} space(s) from the backup of ${manifest.createdAt}`]
    if (manifest.secretKey === 'environment')
      lines.push('the backup has no secret.key: set SERVICE_SECRET_KEY to the key the installation had')
    if (manifest.database === 'postgresql')
      lines.push(
        'the database is PostgreSQL: restore its pg_dump into an empty database first, for example',
        '  pg_restore --no-owner --dbname=<new database address> quire.dump',
        `then start the server with: SERVICE_DATABASE_URL=<new database address> SERVICE_DATA_DIR=${dataDir} npm start`,
      )
    else lines.push(`start the server with: SERVICE_DATA_DIR=${dataDir} npm start`)
    process.stdout.write(`${lines.join('\n')}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    process.stderr.write(`restore failed: ${error.message}\n`)
    return 1
  }
}

process.exitCode = await main()
