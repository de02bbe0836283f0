import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { syncFolder, TEMP_PREFIX } from '#shared/adapters/git/durable-files.ts'
import type { IncomingObjects } from '#shared/ports/incoming-objects.ts'
import { BodyTooLargeError, capped, gitEnv } from './git-env.ts'
import { pushedChanges } from './pushed-changes.ts'

/** A pack Git could not take: damaged, too large, or holding objects `git fsck` refuses. */
export class PackRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PackRefusedError'
  }
}

/**
 * Receives a pushed pack with Git's `index-pack` into a quarantine folder beside the repository's
 * objects (as Git's own receive-pack does): thin packs are completed from the repository, every
 * object is checked (`--strict`: well-formed, nothing missing, no `.git` path), and the pack and
 * its index are flushed. The objects join the repository only when admitted.
 */
export async function receivePackFile(
  folder: string,
  pack: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<IncomingObjects> {
  const objects = join(folder, 'objects')
  // A dot folder starting like our temporary files: the check at start removes one a crash left.
  const quarantine = join(objects, `${TEMP_PREFIX}incoming-${randomBytes(6).toString('hex')}`)
  await mkdir(join(quarantine, 'pack'), { recursive: true })
  try {
    await indexPack(folder, quarantine, pack, maxBytes)
  } catch (error) {
    await rm(quarantine, { recursive: true, force: true })
    throw error
  }
  const names = (await readdir(join(quarantine, 'pack'))).sort(packFirst)
  const admitted: string[] = []
  return {
    changes: (tips) => pushedChanges(quarantineEnv(folder, quarantine), tips),
    admit: async () => {
      const target = join(objects, 'pack')
      await mkdir(target, { recursive: true })
      // The pack before its index: a reader finds a pack through its index, never half of one.
      for (const name of names) {
        await rename(join(quarantine, 'pack', name), join(target, name))
        admitted.push(join(target, name))
      }
      await syncFolder(target)
      await rm(quarantine, { recursive: true, force: true })
    },
    discard: async () => {
      for (const path of admitted.reverse()) await unlink(path).catch(() => undefined)
      await rm(quarantine, { recursive: true, force: true })
    },
  }
}

/** Git's view of the repository with the quarantine's objects added, where new objects go. */
function quarantineEnv(folder: string, quarantine: string, config: Record<string, string> = {}) {
  return gitEnv(config, {
    GIT_DIR: folder,
    GIT_OBJECT_DIRECTORY: quarantine,
    GIT_ALTERNATE_OBJECT_DIRECTORIES: join(folder, 'objects'),
  })
}

/** The pack file first, its index (and any other companion) after. */
const packFirst = (a: string, b: string) => Number(!a.endsWith('.pack')) - Number(!b.endsWith('.pack'))

/** Runs `git index-pack --stdin` on the pack stream, writing into the quarantine. */
async function indexPack(
  folder: string,
  quarantine: string,
  pack: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<void> {
  const child = spawn('git', ['index-pack', '--stdin', '--fix-thin', '--strict'], {
    cwd: folder,
    // Flushed before the ref may move: an acknowledged push survives a power cut.
    env: quarantineEnv(folder, quarantine, { 'core.fsync': 'pack,pack-metadata' }),
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  const stderr: Buffer[] = []
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
  child.stdin.on('error', () => {})
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve(code))
  })
  let fed: unknown
  await pipeline(Readable.from(capped(pack, maxBytes)), child.stdin).catch((error: unknown) => {
    fed = error
    child.kill('SIGKILL')
  })
  const code = await exited
  if (fed instanceof BodyTooLargeError)
    throw new PackRefusedError(`the pack is larger than ${maxBytes} bytes`)
  if (code !== 0) {
    const lines = Buffer.concat(stderr).toString('utf8').trim().split('\n')
    const reason = (lines.find((l) => l.startsWith('fatal:') || l.startsWith('error:')) ?? lines.at(-1) ?? '')
      .replace(/^(fatal|error): /, '')
      .replaceAll(folder, '.')
    throw new PackRefusedError(reason || `index-pack exited with ${code}`)
  }
  if (fed !== undefined) throw fed
}
