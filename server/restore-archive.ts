/** The restore of a backup archive (see backup-archive.ts) into a new or empty data folder. */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { readRef } from '#shared/adapters/git/refs.ts'
import { checkRepository } from '#shared/adapters/git/repo-check.ts'
import { COMMIT_ID } from '#shared/domain/git-names.ts'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupManifest,
  type BackupSpace,
  DB_FILE,
  exists,
  isFolder,
  KEY_FILE,
  MANIFEST_FILE,
  OUTBOX,
  REPOS,
  spaceName,
} from './backup-archive.ts'

/** What `restoreBackup` did, for the message to the person restoring. */
export type RestoreResult = { manifest: BackupManifest; dataDir: string }

/**
 * Restores an archive into `dataDir`, which must not exist or be empty. The archive is unpacked
 * into a temporary folder, checked (database readable, every repository whole at the commit the
 * manifest names), then moved into place, so a failed restore leaves nothing half-written there.
 */
export async function restoreBackup(from: string, dataDir: string): Promise<RestoreResult> {
  const archive = resolve(from)
  const info = await stat(archive).catch(() => undefined)
  if (!info?.isFile()) throw new BackupError(`no archive at ${archive}`)
  const target = resolve(dataDir)
  const existing = await lstat(target).catch(() => undefined)
  if (existing) {
    if (!existing.isDirectory()) throw new BackupError(`${target} is not a folder`)
    if ((await readdir(target)).length > 0)
      throw new BackupError(`${target} is not empty: restore into a new or empty folder`)
  }
  const manifest = await readManifest(archive)
  await refuseCutShort(archive)

  // Unpacked inside the empty folder when there is one (it may be a mount point, which cannot be
  // replaced), else beside it; moved into place only once checked.
  if (!existing) await mkdir(dirname(target), { recursive: true })
  // Stopped half-way (Ctrl-C, a service manager's SIGTERM): the unpacked copy goes (it holds the key
  // and the database, and would make the folder not empty for the next try), then the signal ends
  // the process as it would have. The handlers come first and the folder is made at once, not
  // awaited: a signal can then only be handled once the folder is named here.
  let staging: string | undefined
  const leave = (signal: NodeJS.Signals) => {
    if (staging) rmSync(staging, { recursive: true, force: true })
    process.kill(process.pid, signal)
  }
  process.once('SIGINT', leave)
  process.once('SIGTERM', leave)
  try {
    staging = mkdtempSync(
      existing ? join(target, '.restore-') : join(dirname(target), `.${basename(target)}.restore-`),
    )
    chmodSync(staging, 0o700)
    try {
      await tar.extract({
        file: archive,
        cwd: staging,
        strict: true,
        filter: (path, entry) => isRestorable(path, 'type' in entry ? entry.type : undefined),
      })
    } catch (error) {
      throw new BackupError(`${archive} cannot be unpacked: ${(error as Error).message}`)
    }
    await ownerOnly(staging)
    await checkRestored(staging, manifest)
    if (existing) {
      for (const name of await readdir(staging)) await rename(join(staging, name), join(target, name))
      await rmdir(staging)
      await chmod(target, 0o700)
    } else await rename(staging, target)
  } catch (error) {
    if (staging) await rm(staging, { recursive: true, force: true })
    throw error
  } finally {
    process.off('SIGINT', leave)
    process.off('SIGTERM', leave)
  }
  return { manifest, dataDir: target }
}

/**
 * Refuses an archive without tar's end: two blocks of zeros, which every backup writes last. Cut
 * exactly between two entries, an archive reads as whole, less what came last (the reflogs that a
 * start uses to mend a damaged branch).
 */
async function refuseCutShort(archive: string): Promise<void> {
  const file = await open(archive, 'r')
  try {
    const { size } = await file.stat()
    const end = Buffer.alloc(END_OF_ARCHIVE)
    if (size >= END_OF_ARCHIVE) await file.read(end, 0, END_OF_ARCHIVE, size - END_OF_ARCHIVE)
    if (size < END_OF_ARCHIVE || end.some((byte) => byte !== 0))
      throw new BackupError(`${archive} is cut short: it lacks the end a whole archive has`)
  } finally {
    await file.close()
  }
}

/** Tar's end of archive: two 512-byte blocks of zeros. */
const END_OF_ARCHIVE = 1024

/** Reads and checks `manifest.json`, the archive's first entry. */
async function readManifest(archive: string): Promise<BackupManifest> {
  const chunks: Buffer[] = []
  let found = false
  try {
    await tar.list(
      {
        file: archive,
        strict: true,
        onReadEntry: (entry) => {
          if (entry.path !== MANIFEST_FILE) return
          found = true
          entry.on('data', (chunk: Buffer) => chunks.push(chunk))
        },
      },
      [MANIFEST_FILE],
    )
  } catch (error) {
    throw new BackupError(`${archive} is not a readable tar archive: ${(error as Error).message}`)
  }
  if (!found) throw new BackupError(`${archive} is not a Quire backup: it has no ${MANIFEST_FILE}`)
  let manifest: Partial<BackupManifest>
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new BackupError(`${archive} is not a Quire backup: its ${MANIFEST_FILE} is not JSON`)
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.version !== 'number')
    throw new BackupError(`${archive} is not a Quire backup: its ${MANIFEST_FILE} is not a backup's`)
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(`${archive} was written by a newer version of Quire: restore it with that version`)
  if (
    (manifest.database !== 'sqlite' && manifest.database !== 'postgresql') ||
    !Array.isArray(manifest.spaces) ||
    !manifest.spaces.every(isSpace)
  )
    throw new BackupError(`${archive} is not a Quire backup: its ${MANIFEST_FILE} is incomplete`)
  return manifest as BackupManifest
}

function isSpace(value: unknown): value is BackupSpace {
  const space = value as BackupSpace
  return (
    typeof space === 'object' &&
    space !== null &&
    Number.isInteger(space.id) &&
    space.id > 0 &&
    typeof space.branch === 'string' &&
    (space.commit === null || (typeof space.commit === 'string' && COMMIT_ID.test(space.commit)))
  )
}

/** Only the files a data folder holds are unpacked: plain files and folders, nothing else. */
function isRestorable(path: string, type: string | undefined): boolean {
  if (type !== undefined && type !== 'File' && type !== 'OldFile' && type !== 'Directory') return false
  const name = path.replace(/^\.\//, '').replace(/\/$/, '')
  if ([MANIFEST_FILE, KEY_FILE, DB_FILE].includes(name)) return type !== 'Directory'
  const [top, repo, part] = name.split('/')
  if (top === OUTBOX) return true
  // Hooks are programs Git would run: a restore brings back data only.
  return top === REPOS && (repo === undefined || (/^\d+\.git$/.test(repo) && part !== 'hooks'))
}

/** Takes group and other permissions off everything restored: folders 0700, the key 0600. */
async function ownerOnly(folder: string): Promise<void> {
  await chmod(folder, 0o700)
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) await ownerOnly(path)
    else if (entry.isFile()) await chmod(path, ((await stat(path)).mode & 0o700) | 0o600)
  }
}

/** Checks what was unpacked against the manifest before it is moved into place. */
async function checkRestored(folder: string, manifest: BackupManifest): Promise<void> {
  if (manifest.secretKey === 'archive' && !(await exists(join(folder, KEY_FILE))))
    throw new BackupError(`the archive lacks its ${KEY_FILE}: it is incomplete`)
  if (manifest.database === 'sqlite') {
    const file = join(folder, DB_FILE)
    if (!(await exists(file))) throw new BackupError(`the archive lacks its ${DB_FILE}: it is incomplete`)
    let check: unknown
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true })
      try {
        check = db.pragma('quick_check', { simple: true })
      } finally {
        db.close()
      }
    } catch (error) {
      check = (error as Error).message
    }
    if (check !== 'ok') throw new BackupError(`the archive's database is damaged: ${String(check)}`)
  }
  for (const space of manifest.spaces) {
    const gitdir = join(folder, REPOS, `${space.id}.git`)
    if (!(await isFolder(gitdir)))
      throw new BackupError(`the archive lacks the repository of space ${spaceName(space)}: it is incomplete`)
    const result = await checkRepository(gitdir, space.branch)
    const head = result.status === 'ok' ? result.head : undefined
    const branch = await readRef(gitdir, `refs/heads/${space.branch}`).catch(() => undefined)
    if (head !== space.commit || (branch ?? null) !== space.commit)
      throw new BackupError(
        `the repository of space ${spaceName(space)} in the archive is damaged (${result.status})`,
      )
  }
}
