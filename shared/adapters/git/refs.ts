import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { COMMIT_ID, ZERO_OID } from '../../domain/git-names.ts'
import { DomainError } from '../../errors/domain-error.ts'
import { syncFolder, tempBeside, writeFlushed } from './durable-files.ts'
import { isGone, MissingRepoError } from './missing-folder.ts'

/**
 * Branch refs written the way Git does it safely: the ref's new value is written to a flushed
 * temporary file and renamed over the ref, and each move is logged in the ref's reflog
 * (`logs/<ref>`). A crash leaves the old value or the new one, and the reflog tells what the ref held.
 */

/** Who the reflog names as having moved a ref. */
const REFLOG_IDENTITY = 'Quire <quire@localhost>'

/** A ref file that exists but does not hold a commit id: the repository needs repairing. */
export class DamagedRefError extends DomainError {
  readonly ref: string
  constructor(ref: string) {
    super('repository_damaged', {}, 30)
    this.ref = ref
  }
}

/** A ref as packed in `packed-refs`, or undefined. */
async function packedRef(gitdir: string, ref: string): Promise<string | undefined> {
  let text: string
  try {
    text = await readFile(join(gitdir, 'packed-refs'), 'utf8')
  } catch {
    return undefined
  }
  for (const line of text.split('\n')) {
    const [oid, name] = line.split(' ')
    if (name === ref && oid && COMMIT_ID.test(oid)) return oid
  }
  return undefined
}

/**
 * A ref's commit: undefined when the ref does not exist, DamagedRefError when its file holds
 * anything but a commit id (an empty file left by a crash must never read as "no commit yet", or
 * the next write would start a new history), MissingRepoError when the repository's folder itself
 * is gone (moved away while the service runs: a write then would also start a new history over the
 * old one once it is put back).
 */
export async function readRef(gitdir: string, ref: string): Promise<string | undefined> {
  let text: string
  try {
    text = await readFile(join(gitdir, ref), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    const packed = await packedRef(gitdir, ref)
    if (packed === undefined && (await isGone(gitdir))) throw new MissingRepoError(error)
    return packed
  }
  const value = text.trim()
  if (COMMIT_ID.test(value)) return value
  if (value.startsWith('ref: ')) return readRef(gitdir, value.slice(5))
  throw new DamagedRefError(ref)
}

/**
 * Runs a file operation of the repository at `gitdir`, creating the file's folders and running it
 * again when they are missing; never the repository's own folder: one gone is MissingRepoError, and
 * a stub made in its place would stand in the way of putting it back.
 */
async function inFolderOf<T>(gitdir: string, path: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    if (await isGone(gitdir)) throw new MissingRepoError(error)
    await mkdir(dirname(path), { recursive: true })
    return operation()
  }
}

/** Appends a line to a file and flushes it, creating the file and its folders when missing. */
async function appendFlushed(gitdir: string, path: string, line: string): Promise<void> {
  const handle = await inFolderOf(gitdir, path, () => open(path, 'a', 0o644))
  try {
    await handle.appendFile(line)
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

/** One reflog line, in Git's format. */
function reflogLine(previous: string | undefined, value: string, reason: string, at: number): string {
  const message = reason.replace(/[\r\n\t]/g, ' ')
  return `${previous ?? ZERO_OID} ${value} ${REFLOG_IDENTITY} ${Math.floor(at / 1000)} +0000\t${message}\n`
}

/**
 * Moves a ref durably: its new value is written to a flushed temporary file while `reachable` (the
 * flush of the objects it reaches) runs, then renamed over the ref; the ref's folder is flushed and
 * the move logged in the reflog meanwhile. Resolves once the move is on disk. The reflog only ever
 * names commits that are on disk, as `git fsck` expects.
 */
export async function writeRef(
  gitdir: string,
  ref: string,
  value: string,
  previous: string | undefined,
  reason: string,
  reachable: Promise<void> = Promise.resolve(),
): Promise<void> {
  const file = join(gitdir, ref)
  const temp = tempBeside(file)
  const settled = await Promise.allSettled([
    inFolderOf(gitdir, file, () => writeFlushed(temp, `${value}\n`)),
    reachable,
  ])
  const failed = settled.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    await unlink(temp).catch(() => undefined)
    throw failed.reason
  }
  try {
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await Promise.all([
    syncFolder(dirname(file)),
    appendFlushed(gitdir, join(gitdir, 'logs', ref), reflogLine(previous, value, reason, Date.now())),
  ])
}

/** The values a ref held, newest first, as its reflog tells (empty when it has none). */
export async function reflogValues(gitdir: string, ref: string): Promise<string[]> {
  let text: string
  try {
    text = await readFile(join(gitdir, 'logs', ref), 'utf8')
  } catch {
    return []
  }
  const values: string[] = []
  for (const line of text.split('\n').reverse()) {
    const value = line.split(' ')[1]
    if (value && COMMIT_ID.test(value) && value !== ZERO_OID && !values.includes(value)) values.push(value)
  }
  return values
}

/** Drops the reflog lines naming a commit that `isKept` refuses (ones lost with a damaged branch). */
export async function pruneReflog(
  gitdir: string,
  ref: string,
  isKept: (oid: string) => Promise<boolean>,
): Promise<void> {
  const path = join(gitdir, 'logs', ref)
  const text = await readFile(path, 'utf8').catch(() => undefined)
  if (text === undefined) return
  const kept: string[] = []
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const [before = '', after = ''] = line.split(' ')
    if ((before === ZERO_OID || (await isKept(before))) && (await isKept(after))) kept.push(line)
  }
  const temp = tempBeside(path)
  await writeFlushed(temp, kept.map((line) => `${line}\n`).join(''))
  await rename(temp, path)
  await syncFolder(dirname(path))
}

/** Keeps a reflog to its last `keep` lines once it grows past `max` (rewritten atomically). */
export async function trimReflog(gitdir: string, ref: string, max: number, keep: number): Promise<void> {
  const path = join(gitdir, 'logs', ref)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return
  }
  const lines = text.split('\n').filter((line) => line !== '')
  if (lines.length <= max) return
  const temp = tempBeside(path)
  await writeFlushed(temp, `${lines.slice(-keep).join('\n')}\n`)
  await rename(temp, path)
  await syncFolder(dirname(path))
}
