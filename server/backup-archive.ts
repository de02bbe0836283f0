import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, type Dirent, mkdtempSync, openSync, rmSync } from 'node:fs'
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { TEMP_PREFIX } from '#shared/adapters/git/durable-files.ts'
import { checkRepository } from '#shared/adapters/git/repo-check.ts'
import { mapInTurns } from '#shared/domain/map-in-turns.ts'
import { spacesInPostgres, spacesInSqlite } from './backup-spaces.ts'

/**
 * Backups of an installation's data folder as one standard tar archive (their restore into a new
 * folder is restore-archive.ts). The archive holds:
 *
 * - `manifest.json`: what the archive is (see `BackupManifest`);
 * - `service.db`: a snapshot of the SQLite database taken with SQLite's online backup (absent when
 *   the installation uses PostgreSQL, which is backed up with its own tools);
 * - `secret.key`: the key that seals stored credentials and signs access tokens (sensitive);
 * - `repos/<space id>.git`: each space's bare repository, at the commit the manifest names;
 * - `outbox/`: mail written to files when no SMTP server is set.
 *
 * A running server may go on writing while a backup is taken. The copy stays consistent because of
 * the order of the steps: the database first, then each repository's refs, then its objects.
 * A commit is on disk before any ref or database row names it, and objects are never changed
 * once written, so everything the copied database and refs name is among the objects copied after
 * them. The repositories may be a little ahead of the database; the server catches its indexes up
 * at start, as after any stop.
 */

/** What the archive says it is: `manifest.json`'s `format`. */
export const BACKUP_FORMAT = 'quire-backup'
/** The layout written now; a restore refuses archives of a later layout. */
export const BACKUP_VERSION = 1

/** The first entry of every archive. */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT
  version: number
  /** When the backup was taken (ISO 8601). */
  createdAt: string
  /** `sqlite`: `service.db` is in the archive; `postgresql`: the database was left to `pg_dump`. */
  database: 'sqlite' | 'postgresql'
  /** `archive`: `secret.key` is in it; `environment`: the key is SERVICE_SECRET_KEY, kept apart. */
  secretKey: 'archive' | 'environment'
  /** Entries that give access to the installation's data: keep the archive as safe as the key. */
  sensitive: string[]
  /** Each space's repository and the branch commit it was copied at (null: no commit yet). */
  spaces: BackupSpace[]
}

export type BackupSpace = {
  id: number
  /** The organization's and the space's slugs (absent from archives that did not list them). */
  organization?: string
  slug?: string
  branch: string
  commit: string | null
}

/** A mistake or a refusal to report as one line (the command exits with a failure, no stack trace). */
export class BackupError extends Error {}

/** The file names an installation's data folder holds. */
export const DB_FILE = 'service.db'
export const KEY_FILE = 'secret.key'
export const MANIFEST_FILE = 'manifest.json'
export const REPOS = 'repos'
export const OUTBOX = 'outbox'
/** The repository check's record of the tip it read last; a copy is read in full again. */
const VERIFIED_FILE = 'quire-verified'

/** What `createBackup` needs to know of the installation. */
export type BackupSource = {
  dataDir: string
  /** Set when the installation's database is PostgreSQL. */
  databaseUrl?: string
  /** Whether the key comes from SERVICE_SECRET_KEY rather than `<data>/secret.key`. */
  secretKeyFromEnvironment: boolean
}

/** Writes a backup of the installation to `to` (which must not exist yet); returns its manifest. */
export async function createBackup(
  source: BackupSource,
  to: string,
): Promise<BackupManifest & { missing: BackupSpace[] }> {
  const target = resolve(to)
  if (await exists(target)) throw new BackupError(`${target} already exists: choose a new file name`)
  const folder = dirname(target)
  if (!(await isFolder(folder))) throw new BackupError(`${folder} is not a folder: create it first`)
  const dataDir = resolve(source.dataDir)
  if (!(await isFolder(dataDir)))
    throw new BackupError(`no data folder at ${dataDir}: SERVICE_DATA_DIR names the installation to back up`)
  const database = source.databaseUrl ? 'postgresql' : 'sqlite'
  if (database === 'sqlite' && !(await exists(join(dataDir, DB_FILE))))
    throw new BackupError(`no database at ${join(dataDir, DB_FILE)}: SERVICE_DATA_DIR names the installation`)

  // Everything is gathered in a private folder beside the archive, then packed in one go.
  let staging: string | undefined
  let partial: string | undefined
  // Stopped half-way (Ctrl-C, a service manager's SIGTERM): what was gathered goes, and the signal
  // then ends the process as it would have. (A kill -9 leaves the dot-named copies, to remove by hand.)
  const leave = (signal: NodeJS.Signals) => {
    if (staging) rmSync(staging, { recursive: true, force: true })
    if (partial) rmSync(partial, { force: true })
    process.kill(process.pid, signal)
  }
  try {
    process.once('SIGINT', leave)
    process.once('SIGTERM', leave)
    // Made at once, not awaited: a signal coming while an asynchronous mkdtemp ran would find the
    // folder made but not yet named here, and leave it behind.
    staging = mkdtempSync(join(folder, `.${basename(target)}-`))
    chmodSync(staging, 0o700)
    let spaces: BackupSpace[]
    if (database === 'sqlite') {
      await snapshotDatabase(join(dataDir, DB_FILE), join(staging, DB_FILE))
      spaces = spacesInSqlite(join(staging, DB_FILE))
    } else {
      // The database must answer: it is backed up first, with its own tools.
      spaces = await spacesInPostgres(source.databaseUrl ?? '').catch((error: Error) => {
        throw new BackupError(
          `the database at SERVICE_DATABASE_URL did not answer (${error.message}): back it up with pg_dump first, then run the backup again`,
        )
      })
    }
    let secretKey: BackupManifest['secretKey'] = 'environment'
    // A key set in the environment is the one in use: a `secret.key` left beside it is not.
    if (!source.secretKeyFromEnvironment && (await exists(join(dataDir, KEY_FILE)))) {
      await copyFile(join(dataDir, KEY_FILE), join(staging, KEY_FILE))
      await chmod(join(staging, KEY_FILE), 0o600)
      secretKey = 'archive'
    } else if (!source.secretKeyFromEnvironment) {
      throw new BackupError(`no ${KEY_FILE} in ${dataDir}, and SERVICE_SECRET_KEY is not set`)
    }

    const copied: BackupSpace[] = []
    // Spaces the database lists without a repository (lost already): the archive cannot hold them,
    // and whoever backs up must hear it, as it is the backups they will need.
    const missing: BackupSpace[] = []
    for (const space of spaces) {
      const from = join(dataDir, REPOS, `${space.id}.git`)
      if (!(await isFolder(from))) {
        missing.push(space)
        continue
      }
      const into = join(staging, REPOS, `${space.id}.git`)
      await copyRepository(from, into)
      copied.push({ ...space, commit: await verifiedCopy(into, space) })
    }
    await copyFolder(join(dataDir, OUTBOX), join(staging, OUTBOX))
    // Mail waiting in files holds links that sign in, reset a password or join an organization.
    const hasOutbox = await exists(join(staging, OUTBOX))

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      secretKey,
      sensitive: [
        ...(secretKey === 'archive' ? [KEY_FILE] : []),
        ...(database === 'sqlite' ? [DB_FILE] : []),
        ...(hasOutbox ? [OUTBOX] : []),
      ],
      spaces: copied,
    }
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })

    const entries = [MANIFEST_FILE]
    for (const name of [KEY_FILE, DB_FILE, REPOS, OUTBOX])
      if (await exists(join(staging, name))) entries.push(name)
    // The archive holds the key and every page: only its owner may read it, from its first byte.
    partial = join(folder, `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`)
    closeSync(openSync(partial, 'wx', 0o600)) // at once, as the staging folder above
    try {
      await tar.create({ file: partial, cwd: staging, portable: true, strict: true }, entries)
      await flush(partial)
      await rename(partial, target)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
    return { ...manifest, missing }
  } finally {
    process.off('SIGINT', leave)
    process.off('SIGTERM', leave)
    if (staging) await rm(staging, { recursive: true, force: true })
  }
}

/** A consistent copy of a live SQLite database (WAL included), as one self-contained file. */
async function snapshotDatabase(file: string, into: string): Promise<void> {
  let source: Database.Database
  try {
    source = new Database(file, { readonly: true, fileMustExist: true })
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${(error as Error).message}`)
  }
  try {
    source.pragma('busy_timeout = 5000')
    // All remaining pages in one step: a step interrupted by the server's writes starts over, so
    // small steps might never catch up with a busy server.
    await source.backup(into, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  const copy = new Database(into)
  try {
    // One file, no journal beside it: the server turns write-ahead logging on again at start.
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new BackupError(`the database snapshot is damaged: ${String(check)}`)
  } finally {
    copy.close()
  }
  await chmod(into, 0o600)
}

/** Whether a name is a write still in progress (a temporary file, a lock, a push's quarantine). */
function inProgress(name: string): boolean {
  return name.startsWith(TEMP_PREFIX) || name.endsWith('.lock')
}

/** The entries of a folder, or none when it does not exist. */
async function entriesOf(folder: string): Promise<Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Whether hard links from the staging folder to the data folder may work (same file system). */
let linking = true

/**
 * Copies a file; one that went away meanwhile (a temporary file renamed) is skipped. A file that is
 * never changed once written (a Git object or pack) is hard-linked when it can be: it is much
 * quicker than a copy, and the archive holds its content all the same.
 */
async function copyIfThere(from: string, to: string, immutable = false): Promise<void> {
  try {
    if (immutable && linking) {
      try {
        await link(from, to)
        return
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error
        linking = false
      }
    }
    await copyFile(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * Copies a folder's files and subfolders, leaving out writes in progress and `skip`ped names;
 * `immutable` files may be hard-linked rather than copied.
 */
async function copyFolder(
  from: string,
  to: string,
  skip: (name: string) => boolean = () => false,
  immutable = false,
) {
  const entries = await entriesOf(from)
  if (entries.length === 0 && !(await isFolder(from))) return
  await mkdir(to, { recursive: true, mode: 0o700 })
  const kept = entries.filter((entry) => !inProgress(entry.name) && !skip(entry.name))
  await mapInTurns(
    kept.filter((entry) => entry.isFile()),
    COPIES_AT_ONCE,
    (entry) => copyIfThere(join(from, entry.name), join(to, entry.name), immutable),
  )
  for (const entry of kept)
    if (entry.isDirectory())
      await copyFolder(join(from, entry.name), join(to, entry.name), undefined, immutable)
}

/** Copies at once: a repository holds many small files, and each copy mostly waits for the disk. */
const COPIES_AT_ONCE = 32

/**
 * Copies a bare repository that may be written meanwhile: refs, reflogs and settings first, then
 * the objects. A ref only ever names objects already on disk, and objects never change, so every
 * commit the copied refs name is among the objects copied after them.
 */
async function copyRepository(from: string, to: string): Promise<void> {
  await copyFolder(from, to, (name) => name === 'objects' || name === VERIFIED_FILE)
  const objects = join(from, 'objects')
  const into = join(to, 'objects')
  await mkdir(into, { recursive: true, mode: 0o700 })
  for (const entry of await entriesOf(objects)) {
    if (inProgress(entry.name) || !entry.isDirectory()) continue
    if (entry.name === 'pack') await copyPacks(join(objects, 'pack'), join(into, 'pack'))
    else if (/^[0-9a-f]{2}$/.test(entry.name))
      await copyFolder(join(objects, entry.name), join(into, entry.name), undefined, true)
    else await copyFolder(join(objects, entry.name), join(into, entry.name))
  }
}

/** Copies the packs that are complete: each `.pack` whose `.idx` is written too, and that index. */
async function copyPacks(from: string, to: string): Promise<void> {
  const names = new Set((await entriesOf(from)).filter((e) => e.isFile()).map((e) => e.name))
  await mkdir(to, { recursive: true, mode: 0o700 })
  const complete = [...names].filter((name) => {
    if (inProgress(name)) return false
    const base = /^(.*)\.(pack|idx)$/.exec(name)?.[1]
    return base === undefined || (names.has(`${base}.pack`) && names.has(`${base}.idx`))
  })
  await mapInTurns(complete, COPIES_AT_ONCE, (name) =>
    copyIfThere(join(from, name), join(to, name), name.endsWith('.pack') || name.endsWith('.idx')),
  )
}

/**
 * Reads the copied repository as the server's check at start does: the branch and every object its
 * tip reaches must be there and intact. Returns the branch's commit.
 */
async function verifiedCopy(gitdir: string, space: BackupSpace): Promise<string | null> {
  const check = await checkRepository(gitdir, space.branch)
  if (check.status !== 'ok')
    throw new BackupError(
      `the repository of space ${spaceName(space)} could not be copied whole (${check.status}); ` +
        'run the backup again, and check the installation with a restart if it fails again',
    )
  return check.head
}

export function spaceName(space: BackupSpace): string {
  return space.organization && space.slug ? `${space.organization}/${space.slug}` : `#${space.id}`
}

/** Flushes a file to disk. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Whether something is at `path`. */
export async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined
}

/** Whether `path` is a folder. */
export async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false
}
