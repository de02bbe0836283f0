import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deflate, deflateSync } from 'node:zlib'
import type { TreeEntry } from 'isomorphic-git'
import { TEMP_PREFIX, writeFlushed } from './durable-files.ts'

/**
 * Writes Git objects as loose files (zlib of `<type> <size>\0<content>`, named by its SHA-1) with
 * Node's native zlib and crypto: about a tenth of a millisecond each, where isomorphic-git's own
 * writer takes a few milliseconds. Reading stays with isomorphic-git.
 */

export type ObjectType = 'blob' | 'tree' | 'commit'

const encoder = new TextEncoder()

/** Objects written lately, kept to build push packs without reading them back. */
export type RecentObjects = Map<string, { type: ObjectType; content: Uint8Array }>
const RECENT_LIMIT = 512

/**
 * Objects whose ids are known but whose files are still being written, and the folders whose new
 * entries still have to be flushed. A commit's objects are written in parallel (creating a file
 * costs about a millisecond on some disks), and the branch moves only once all of them are on disk.
 */
export type PendingWrites = { writes: Promise<void>[]; folders: Set<string> }

/** No writes in flight yet. */
export const noPendingWrites = (): PendingWrites => ({ writes: [], folders: new Set() })

/** An object as Git stores and names it: `<type> <size>\0<content>`. */
function framed(type: ObjectType, content: Uint8Array): Buffer {
  return Buffer.concat([encoder.encode(`${type} ${content.length}\0`), content])
}

/** The id of framed object bytes: their SHA-1. */
const idOf = (raw: Buffer) => createHash('sha1').update(raw).digest('hex')

/** The id Git gives an object of this type and content, without writing it. */
export function objectId(type: ObjectType, content: Uint8Array): string {
  return idOf(framed(type, content))
}

/** Hashes an object, starts writing its file (skipped when it exists) into `pending`, and returns its id. */
export function stageObject(
  gitdir: string,
  type: ObjectType,
  content: Uint8Array,
  pending: PendingWrites,
  recent?: RecentObjects,
): string {
  const raw = framed(type, content)
  const oid = idOf(raw)
  if (recent) {
    if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value as string)
    recent.set(oid, { type, content })
  }
  const write = writeLoose(gitdir, oid, raw, pending.folders)
  // Its failure reaches whoever flushes; a write nobody flushes (the request was dropped) is not an
  // unhandled rejection.
  write.catch(() => undefined)
  pending.writes.push(write)
  return oid
}

/** Above this size an object is compressed in zlib's thread pool: megabytes would hold the event loop. */
const DEFLATE_IN_POOL_BYTES = 256 * 1024
const deflateInPool = promisify(deflate)

/**
 * Writes a loose object crash-safely: into a flushed temporary file, then renamed to its name, so
 * the name never holds a torn object. An existing file is replaced rather than trusted: one torn
 * by an older crash would otherwise be taken for the object. The folders to flush are collected.
 */
async function writeLoose(gitdir: string, oid: string, raw: Buffer, folders: Set<string>): Promise<void> {
  const objects = join(gitdir, 'objects')
  const dir = join(objects, oid.slice(0, 2))
  const temp = join(objects, `${TEMP_PREFIX}obj-${randomBytes(6).toString('hex')}`)
  const data =
    raw.length > DEFLATE_IN_POOL_BYTES
      ? await deflateInPool(raw, { level: 1 })
      : deflateSync(raw, { level: 1 })
  await writeFlushed(temp, data, 0o444)
  try {
    await rename(temp, join(dir, oid.slice(2)))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      await unlink(temp).catch(() => undefined)
      throw error
    }
    // A new fan-out folder: its own entry in objects/ must reach the disk too.
    await mkdir(dir, { recursive: true })
    folders.add(objects)
    await rename(temp, join(dir, oid.slice(2)))
  }
  folders.add(dir)
}

/** Git's order of tree entries: by name, with a folder compared as if its name ended in `/`. */
function sortKey(entry: TreeEntry): Buffer {
  return Buffer.from(entry.type === 'tree' ? `${entry.path}/` : entry.path)
}

/** The binary content of a tree object. */
export function serializeTree(entries: TreeEntry[]): Uint8Array {
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)))
  return Buffer.concat(
    sorted.flatMap((e) => [
      Buffer.from(`${e.mode.replace(/^0+/, '')} ${e.path}\0`),
      Buffer.from(e.oid, 'hex'),
    ]),
  )
}

export type Signature = { name: string; email: string; timestamp: number; timezoneOffset: number }

/** Keeps a name or e-mail from breaking out of a commit header (no `<`, `>` or line breaks). */
const clean = (value: string) => value.replace(/[<>\r\n\0]/g, '').trim()

function signature(s: Signature): string {
  // isomorphic-git's convention: timezoneOffset is minutes *behind* UTC (+0200 is -120).
  const minutes = Math.abs(s.timezoneOffset)
  const zone = `${s.timezoneOffset <= 0 ? '+' : '-'}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`
  return `${clean(s.name) || 'unknown'} <${clean(s.email)}> ${s.timestamp} ${zone}`
}

/** The content of a commit object. */
export function serializeCommit(commit: {
  tree: string
  parents: string[]
  author: Signature
  committer: Signature
  message: string
}): Uint8Array {
  const lines = [
    `tree ${commit.tree}`,
    ...commit.parents.map((p) => `parent ${p}`),
    `author ${signature(commit.author)}`,
    `committer ${signature(commit.committer)}`,
  ]
  const message = commit.message.endsWith('\n') ? commit.message : `${commit.message}\n`
  return encoder.encode(`${lines.join('\n')}\n\n${message}`)
}
