import { spawn } from 'node:child_process'
import { COMMIT_ID, OBJECT_ID, ZERO_OID } from '#shared/domain/git-names.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { IncomingChange } from '#shared/ports/incoming-objects.ts'

/** A submodule's entry: it names a commit of another repository, not a file of this one. */
const GITLINK_MODE = '160000'

/**
 * The files changed by the pushed commits leading to `tips` that the repository does not hold yet,
 * oldest commit first, listed by Git itself in `env` (the repository with the push's quarantine):
 * `diff-tree` names the paths as raw bytes (any name, even one isomorphic-git refuses to read) and
 * `cat-file --batch-check` gives each new blob's size from its object header, so no file is read
 * whole. A tip or object the push did not bring is `push_unreadable`.
 */
export async function pushedChanges(env: NodeJS.ProcessEnv, tips: string[]): Promise<IncomingChange[]> {
  if (tips.length === 0) return []
  const commits = (await gitOutput(env, ['rev-list', '--reverse', '--topo-order', ...tips, '--not', '--all']))
    .toString('latin1')
    .split('\n')
    .filter((line) => COMMIT_ID.test(line))
  if (commits.length === 0) return []
  const listed = await gitOutput(
    env,
    ['diff-tree', '--stdin', '-r', '-z', '--root', '--no-renames'],
    `${commits.join('\n')}\n`,
  )
  const entries = parseDiffTree(listed)
  const blobs = [...new Set(entries.flatMap((e) => (e.blob ? [e.blob] : [])))]
  const sizes = await blobSizes(env, blobs)
  return entries.map((e) => ({
    commit: e.commit,
    path: e.path,
    size: e.blob === null ? null : e.blob === '' ? 0 : (sizes.get(e.blob) ?? 0),
  }))
}

type DiffEntry = { commit: string; path: string; blob: string | null }

/**
 * Reads `diff-tree --stdin -r -z` output: a commit id, then for each change a `:modes oids status`
 * field and the path, every field ending with NUL. `blob` is the new blob's id, null for a removal,
 * '' for a submodule.
 */
function parseDiffTree(output: Buffer): DiffEntry[] {
  const decoder = new TextDecoder('utf-8')
  const entries: DiffEntry[] = []
  let commit = ''
  let start = 0
  let meta: string | undefined
  for (let end = output.indexOf(0, start); end >= 0; end = output.indexOf(0, start)) {
    const field = output.subarray(start, end)
    start = end + 1
    if (meta !== undefined) {
      const [, mode = '', , blob = '', status = ''] = meta.slice(1).split(' ')
      const removed = status === 'D' || blob === ZERO_OID
      entries.push({
        commit,
        path: decoder.decode(field),
        blob: removed ? null : mode === GITLINK_MODE ? '' : blob,
      })
      meta = undefined
      continue
    }
    const text = field.toString('latin1').trim()
    if (text.startsWith(':')) meta = text
    else if (COMMIT_ID.test(text)) commit = text
  }
  return entries
}

/** Blob sizes by id, from their object headers. */
async function blobSizes(env: NodeJS.ProcessEnv, blobs: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>()
  if (blobs.length === 0) return sizes
  const output = await gitOutput(
    env,
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    `${blobs.join('\n')}\n`,
  )
  for (const line of output.toString('latin1').split('\n')) {
    const [oid = '', type, size] = line.split(' ')
    if (type === 'missing') throw new DomainError('push_unreadable', { value: `object ${oid} is missing` })
    if (OBJECT_ID.test(oid) && size !== undefined) sizes.set(oid, Number(size))
  }
  return sizes
}

/** Runs git with `input` on its stdin; resolves with its stdout, or refuses the push with Git's reason. */
function gitOutput(env: NodeJS.ProcessEnv, args: string[], input = ''): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.stdin.on('error', () => {})
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out))
      const reason = Buffer.concat(err)
        .toString('utf8')
        .trim()
        .split('\n')[0]
        ?.replace(/^(fatal|error): /, '')
      reject(new DomainError('push_unreadable', { value: reason || `git ${args[0]} exited with ${code}` }))
    })
    child.stdin.end(input)
  })
}
