import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobSize, readBlobContent } from './large-blobs.ts'

const run = promisify(execFile)
let dir: string
let gitdir: string

/** Writes `bytes` as a loose blob with Git itself, and returns its id. */
async function looseBlob(bytes: Uint8Array): Promise<string> {
  const file = join(dir, 'blob')
  await writeFile(file, bytes)
  return (await run('git', ['--git-dir', gitdir, 'hash-object', '-w', file])).stdout.trim()
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-blob-size-'))
  gitdir = join(dir, 'repo.git')
  await run('git', ['init', '--bare', '-q', gitdir])
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the size of a blob listed in a space', () => {
  it('is its byte count, read from the start of the object whatever the content', async () => {
    const contents = [
      new Uint8Array(0),
      new TextEncoder().encode('# A page\n'),
      randomBytes(300_000),
      new Uint8Array(2_000_000).fill(97),
    ]
    for (const bytes of contents) {
      const oid = await looseBlob(bytes)
      expect(await blobSize(gitdir, oid, {})).toBe(bytes.length)
      expect((await readBlobContent(gitdir, oid, {})).length).toBe(bytes.length)
    }
  })

  it('is also given for a blob kept in a pack', async () => {
    const bytes = randomBytes(5_000)
    const oid = await looseBlob(bytes)
    const pack = `echo ${oid} | git --git-dir "$0" pack-objects -q "$0/objects/pack/pack" && git --git-dir "$0" prune-packed`
    await run('sh', ['-c', pack, gitdir])
    expect(existsSync(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2)))).toBe(false)
    expect(await blobSize(gitdir, oid, {})).toBe(bytes.length)
  })
})
