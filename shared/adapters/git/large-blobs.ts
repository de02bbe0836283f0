import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inflate } from 'node:zlib'
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
 * A blob's content: large loose objects are inflated off the main thread, everything else (small
 * ones, packed ones) is read by isomorphic-git, which also checks the hash.
 */
export async function readBlobContent(gitdir: string, oid: string, cache: object): Promise<Uint8Array> {
  const file = await readFile(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2))).catch(() => undefined)
  if (file && file.length > INFLATE_IN_POOL_BYTES) {
    const raw = await inflateInPool(file)
    const header = raw.indexOf(0)
    const [type, size] = raw.subarray(0, header).toString('latin1').split(' ')
    const content = raw.subarray(header + 1)
    if (type === 'blob' && Number(size) === content.length) return content
  }
  return (await git.readBlob({ fs, gitdir, oid, cache })).blob
}
