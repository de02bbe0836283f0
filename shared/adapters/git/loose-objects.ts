import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deflate, deflateSync } from 'node:zlib'
import type { TreeEntry } from 'isomorphic-git'

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
 * Objects whose ids are known but whose files are still being written. A commit's objects are
 * written in parallel (creating a file costs about a millisecond on some disks), and the branch
 * moves only once all of them are on disk.
 */
export type PendingWrites = Promise<void>[]

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
  pending.push(writeLoose(gitdir, oid, raw))
  return oid
}

/** Above this size an object is compressed in zlib's thread pool: megabytes would hold the event loop. */
const DEFLATE_IN_POOL_BYTES = 256 * 1024
const deflateInPool = promisify(deflate)

async function writeLoose(gitdir: string, oid: string, raw: Buffer): Promise<void> {
  const dir = join(gitdir, 'objects', oid.slice(0, 2))
  const file = join(dir, oid.slice(2))
  const data =
    raw.length > DEFLATE_IN_POOL_BYTES
      ? await deflateInPool(raw, { level: 1 })
      : deflateSync(raw, { level: 1 })
  try {
    await writeFile(file, data, { flag: 'wx', mode: 0o444 })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return
    if (code !== 'ENOENT') throw error
    await mkdir(dir, { recursive: true })
    await writeFile(file, data, { flag: 'wx', mode: 0o444 }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e
    })
  }
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
