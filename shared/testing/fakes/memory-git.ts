import { createHash } from 'node:crypto'
import { isSafeEntryName } from '../../domain/git-names.ts'
import { type BlobChange, type PathClash, PathClashError, type Person } from '../../ports/repo.ts'

/**
 * A commit of the in-memory repositories. Its tree is flat, path to blob id: folders exist only as
 * the paths under them, as Git keeps no empty folder either.
 */
export type MemoryCommit = {
  tree: ReadonlyMap<string, string>
  parents: string[]
  author: Person
  /** Whole seconds, as Git records them. */
  seconds: number
  message: string
}

/** The objects and refs of one in-memory repository. */
export type MemoryGit = {
  blobs: Map<string, Uint8Array>
  commits: Map<string, MemoryCommit>
  refs: Map<string, string>
}

/** A path to write (its blob id) or to remove (null). */
export type MemoryChange = { path: string; blob: string | null }

/** A repository with no object and no ref. */
export function emptyGit(): MemoryGit {
  return { blobs: new Map(), commits: new Map(), refs: new Map() }
}

const sha1 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha1')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

/** The id Git gives a blob of these bytes, so ids match those a client computes. */
export function blobIdOf(bytes: Uint8Array): string {
  return sha1(`blob ${bytes.length}\0`, bytes)
}

/** Keeps a copy of the bytes and returns their blob id. */
export function putBlob(git: MemoryGit, bytes: Uint8Array): string {
  const id = blobIdOf(bytes)
  if (!git.blobs.has(id)) git.blobs.set(id, bytes.slice())
  return id
}

/** Keeps a commit under an id made from all it holds: the same commit made twice has one id, as in Git. */
export function putCommit(git: MemoryGit, commit: MemoryCommit): string {
  const message = commit.message.endsWith('\n') ? commit.message : `${commit.message}\n`
  const kept = { ...commit, message }
  const id = sha1(
    JSON.stringify([[...kept.tree].sort(), kept.parents, kept.author, kept.seconds, kept.message]),
  )
  if (!git.commits.has(id)) git.commits.set(id, kept)
  return id
}

/** A commit, or an error naming it when the repository lacks it (as reading a missing object fails). */
export function commitAt(git: MemoryGit, sha: string): MemoryCommit {
  const commit = git.commits.get(sha)
  if (!commit) throw new Error(`no commit ${sha} in this repository`)
  return commit
}

/** The tree of a commit, empty for none. */
export function treeAt(git: MemoryGit, sha: string | undefined): ReadonlyMap<string, string> {
  return sha ? commitAt(git, sha).tree : new Map()
}

/** Whether two trees hold the same blobs at the same paths. */
export function sameTree(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false
  for (const [path, blob] of a) if (b.get(path) !== blob) return false
  return true
}

/** Files whose blob differs between two trees, by path in Git's order. */
export function diffTrees(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): BlobChange[] {
  const changes: BlobChange[] = []
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const before = a.get(path) ?? null
    const after = b.get(path) ?? null
    if (before !== after) changes.push({ path, before, after })
  }
  return changes.sort((x, y) => byPath(x.path, y.path))
}

/** Paths in the order a walk of Git's trees gives them. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** A folder of the nested view of a flat tree: names to folders or blob ids. */
type Folder = Map<string, Folder | string>

function nested(tree: ReadonlyMap<string, string>): Folder {
  const root: Folder = new Map()
  for (const [path, blob] of tree) {
    const parts = path.split('/')
    let folder = root
    for (const part of parts.slice(0, -1)) {
      let next = folder.get(part)
      if (typeof next !== 'object') {
        next = new Map()
        folder.set(part, next)
      }
      folder = next
    }
    folder.set(parts.at(-1)!, blob)
  }
  return root
}

function flatten(folder: Folder, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [name, entry] of folder) {
    const path = prefix ? `${prefix}/${name}` : name
    if (typeof entry === 'string') out.set(path, entry)
    else flatten(entry, path, out)
  }
  return out
}

type Pending = { parts: string[]; blob: string | null }

/**
 * Applies changes to one folder level by level, by the Git adapter's rules: removals first (a
 * removal only ever removes a file), then the folders below, then the files written here, the last
 * change given for a name winning. A file never replaces a folder, nor a folder a file.
 */
function applyLevel(folder: Folder | undefined, changes: Pending[], prefix: string): Folder | undefined {
  const entries: Folder = new Map(folder ?? [])
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name)
  const direct = new Map<string, string | null>()
  const below = new Map<string, Pending[]>()
  for (const change of changes) {
    const [name = '', ...rest] = change.parts
    if (!isSafeEntryName(name)) throw new Error(`unsafe path in a commit: ${JSON.stringify(pathOf(name))}`)
    if (rest.length === 0) {
      direct.delete(name)
      direct.set(name, change.blob)
    } else below.set(name, [...(below.get(name) ?? []), { parts: rest, blob: change.blob }])
  }
  for (const [name, blob] of direct) {
    if (blob === null && typeof entries.get(name) === 'string') entries.delete(name)
  }
  for (const [name, inner] of below) {
    const existing = entries.get(name)
    if (typeof existing === 'string') {
      if (inner.some((c) => c.blob !== null))
        throw new PathClashError({ path: pathOf(name), blocker: 'file' })
      continue
    }
    const result = applyLevel(existing, inner, pathOf(name))
    if (result === undefined) entries.delete(name)
    else entries.set(name, result)
  }
  for (const [name, blob] of direct) {
    if (blob === null) continue
    if (typeof entries.get(name) === 'object')
      throw new PathClashError({ path: pathOf(name), blocker: 'folder' })
    entries.set(name, blob)
  }
  return entries.size === 0 ? undefined : entries
}

/** The tree with the changes applied; throws PathClashError when one would put a file where a folder is, or under a file. */
export function applyChanges(
  tree: ReadonlyMap<string, string>,
  changes: MemoryChange[],
): Map<string, string> {
  const pending = changes.map((c) => ({ parts: c.path.split('/'), blob: c.blob }))
  const folder = applyLevel(nested(tree), pending, '')
  return folder ? flatten(folder, '', new Map()) : new Map()
}

/** The first clash the changes would meet, or undefined. */
export function findClash(tree: ReadonlyMap<string, string>, changes: MemoryChange[]): PathClash | undefined {
  try {
    applyChanges(tree, changes)
    return undefined
  } catch (error) {
    if (error instanceof PathClashError) return error.clash
    throw error
  }
}

/** Every commit `tip` reaches, itself included; commits the repository lacks end their line. */
export function reachable(git: MemoryGit, tip: string | undefined): Set<string> {
  const seen = new Set<string>()
  const stack = tip ? [tip] : []
  for (let sha = stack.pop(); sha !== undefined; sha = stack.pop()) {
    const commit = git.commits.get(sha)
    if (seen.has(sha) || !commit) continue
    seen.add(sha)
    stack.push(...commit.parents)
  }
  return seen
}

/** First parents from `from` back to (excluding) `stop`, oldest first. */
export function firstParents(git: MemoryGit, from: string, stop: string | undefined): string[] {
  const chain: string[] = []
  for (let sha: string | undefined = from; sha && sha !== stop; sha = commitAt(git, sha).parents[0]) {
    chain.push(sha)
  }
  return chain.reverse()
}

/** A best common ancestor of two commits: one both reach that reaches no other they both reach. */
export function mergeBase(git: MemoryGit, a: string, b: string): string | undefined {
  const fromB = reachable(git, b)
  const common = [...reachable(git, a)].filter((sha) => fromB.has(sha))
  return common.find((sha) => !common.some((other) => other !== sha && reachable(git, other).has(sha)))
}

/** Copies into `to` every object `tip` reaches in `from` that `to` lacks, as a fetch or a push does. */
export function copyObjects(from: MemoryGit, to: MemoryGit, tip: string): void {
  for (const sha of reachable(from, tip)) {
    if (to.commits.has(sha)) continue
    const commit = commitAt(from, sha)
    to.commits.set(sha, commit)
    for (const blob of commit.tree.values()) {
      const bytes = from.blobs.get(blob)
      if (bytes && !to.blobs.has(blob)) to.blobs.set(blob, bytes)
    }
  }
}
