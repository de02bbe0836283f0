import { promisify } from 'node:util'
import { constants, inflate, inflateSync } from 'node:zlib'
import git from 'isomorphic-git'
import { durableFs as fs } from './durable-files.ts'

/**
 * Above this compressed size a loose blob is inflated in zlib's thread pool: isomorphic-git inflates
 * on the main thread, and a file of tens of megabytes would hold every other request for a fraction
 * of a second on each read.
 */
const INFLATE_IN_POOL_BYTES = 256 * 1024
const inflateInPool = promisify(inflate)

/**
 * A blob's content. isomorphic-git finds the object (loose or packed) and hands a loose one back
 * still compressed, so a large one is inflated off the main thread; a packed one comes whole.
 */
export async function readBlobContent(gitdir: string, oid: string, cache: object): Promise<Uint8Array> {
  const found = await git.readObject({ fs, gitdir, oid, format: 'deflated', cache })
  if (found.format !== 'deflated') {
    if (found.type !== 'blob') throw new Error(`${oid} is a ${found.type}, not a blob`)
    return found.object as Uint8Array
  }
  const compressed = found.object as Uint8Array
  const raw =
    compressed.length > INFLATE_IN_POOL_BYTES ? await inflateInPool(compressed) : inflateSync(compressed)
  const header = raw.indexOf(0)
  const [type, size] = raw.subarray(0, header).toString('latin1').split(' ')
  const content = raw.subarray(header + 1)
  if (type !== 'blob' || Number(size) !== content.length)
    throw new Error(`${oid} is not a whole blob (${type ?? 'nothing'} of ${size ?? '?'} bytes)`)
  return content
}

/** Compressed bytes inflated to read a loose object's header: the deflate block's tables come first. */
const HEADER_PREFIX_BYTES = 1024

/**
 * A blob's size in bytes. A loose one's header says it, so only the start of the object is
 * inflated: listing a space's files learns every size, and inflating whole pages for it made the
 * first listing after a start cost as much as reading the whole space.
 */
export async function blobSize(gitdir: string, oid: string, cache: object): Promise<number> {
  const found = await git.readObject({ fs, gitdir, oid, format: 'deflated', cache })
  if (found.format !== 'deflated') {
    if (found.type !== 'blob') throw new Error(`${oid} is a ${found.type}, not a blob`)
    return (found.object as Uint8Array).length
  }
  const compressed = found.object as Uint8Array
  const start = inflateSync(compressed.subarray(0, HEADER_PREFIX_BYTES), {
    finishFlush: constants.Z_SYNC_FLUSH,
  })
  const end = start.indexOf(0)
  const [type, size] = (end < 0 ? '' : start.subarray(0, end).toString('latin1')).split(' ')
  if (type !== 'blob' || !/^\d+$/.test(size ?? '')) return (await readBlobContent(gitdir, oid, cache)).length
  return Number(size)
}
