import git, { type TreeEntry } from 'isomorphic-git'
import { isSafeEntryName } from '../../domain/git-names.ts'
import { caseFolded } from '../../domain/portable-names.ts'
import { type PathClash, PathClashError } from '../../ports/repo.ts'
import { durableFs as fs, syncFolder } from './durable-files.ts'
import {
  noPendingWrites,
  type PendingWrites,
  type RecentObjects,
  serializeTree,
  stageObject,
} from './loose-objects.ts'

/** A bare repository's folder, the caches isomorphic-git and we keep for it, and object writes in flight. */
export type GitDir = {
  gitdir: string
  cache: object
  trees: Map<string, TreeEntry[]>
  /** Commits' trees and parents, parsed once per id (a commit never changes). */
  commits: Map<string, CommitHeader>
  recent: RecentObjects
  pending: PendingWrites
  /** The flush under way: flushes run one after another, so each one covers every earlier write. */
  flushing: Promise<void>
}

/** Most trees kept parsed in memory per repository (trees never change for a given id). */
const TREE_CACHE_SIZE = 4096

/** A repository handle with fresh caches. */
export function gitDir(gitdir: string): GitDir {
  return {
    gitdir,
    cache: {},
    trees: new Map(),
    commits: new Map(),
    recent: new Map(),
    pending: noPendingWrites(),
    flushing: Promise.resolve(),
  }
}

/** Waits until every staged object and its folder entry are on disk (before a ref may point at them). */
export function flushObjects(g: GitDir): Promise<void> {
  const flush = async () => {
    await Promise.all(g.pending.writes.splice(0))
    const folders = [...g.pending.folders]
    g.pending.folders.clear()
    await Promise.all(folders.map(syncFolder))
  }
  const done = g.flushing.then(flush, flush)
  g.flushing = done.catch(() => undefined)
  return done
}

/** Keeps a tree's entries parsed, dropping the oldest kept one past TREE_CACHE_SIZE. */
function rememberTree(g: GitDir, oid: string, entries: TreeEntry[]): void {
  if (g.trees.size >= TREE_CACHE_SIZE) g.trees.delete(g.trees.keys().next().value as string)
  g.trees.set(oid, entries)
}

/** The entries of a tree, parsed once per id. */
export async function readTree(g: GitDir, oid: string): Promise<TreeEntry[]> {
  const cached = g.trees.get(oid)
  if (cached) return cached
  const { tree } = await git.readTree({ fs, gitdir: g.gitdir, oid, cache: g.cache })
  rememberTree(g, oid, tree)
  return tree
}

/** What a commit points at: its root tree and its parents. */
export type CommitHeader = { tree: string; parents: string[] }

/** A commit's tree and parents (also for one just written, whose file may still be on its way to disk). */
export async function commitHeader(g: GitDir, commit: string): Promise<CommitHeader> {
  const staged = g.recent.get(commit)
  if (staged?.type === 'commit') {
    const head = new TextDecoder().decode(staged.content).split('\n\n', 1)[0] ?? ''
    const lines = head.split('\n')
    return {
      tree: lines[0]?.slice(5) ?? '',
      parents: lines.filter((l) => l.startsWith('parent ')).map((l) => l.slice(7)),
    }
  }
  const known = g.commits.get(commit)
  if (known) return { tree: known.tree, parents: [...known.parents] }
  const { commit: c } = await git.readCommit({ fs, gitdir: g.gitdir, oid: commit, cache: g.cache })
  const header = { tree: c.tree, parents: c.parent }
  if (g.commits.size >= TREE_CACHE_SIZE) g.commits.delete(g.commits.keys().next().value as string)
  g.commits.set(commit, { tree: header.tree, parents: [...header.parents] })
  return header
}

/** The root tree of a commit (also one just written, whose file may still be on its way to disk). */
export async function treeOf(g: GitDir, commit: string): Promise<string> {
  return (await commitHeader(g, commit)).tree
}

/** Below this many entries a tree is searched in order; above, through an index by name. */
const SCANNED_ENTRIES = 32
/** Kept trees' entries by name, made on first lookup, gone with the tree. */
const entriesByName = new WeakMap<TreeEntry[], Map<string, TreeEntry>>()

/** The entry named `name` in a tree's entries (the first, were a damaged tree to hold two). */
function entryNamed(entries: TreeEntry[], name: string): TreeEntry | undefined {
  if (entries.length < SCANNED_ENTRIES) return entries.find((e) => e.path === name)
  let index = entriesByName.get(entries)
  if (!index) {
    index = new Map()
    for (const entry of entries) if (!index.has(entry.path)) index.set(entry.path, entry)
    entriesByName.set(entries, index)
  }
  return index.get(name)
}

/** The entry at a path inside a tree, or undefined. */
export async function entryAt(g: GitDir, tree: string, path: string): Promise<TreeEntry | undefined> {
  let current: TreeEntry | undefined = { mode: '040000', path: '', oid: tree, type: 'tree' }
  for (const part of path.split('/')) {
    if (current?.type !== 'tree') return undefined
    // A page read in a folder of a thousand files looked at five hundred names on average.
    current = entryNamed(await readTree(g, current.oid), part)
  }
  return current
}

/** Kept trees' entry names by their folded form, made on first lookup, gone with the tree. */
const namesByFold = new WeakMap<TreeEntry[], Map<string, string>>()

/** A tree's entry names by their case-folded form (the first, where two fold alike). */
function foldedNames(entries: TreeEntry[]): Map<string, string> {
  let names = namesByFold.get(entries)
  if (!names) {
    names = new Map()
    for (const entry of entries) {
      const folded = caseFolded(entry.path)
      if (!names.has(folded)) names.set(folded, entry.path)
    }
    namesByFold.set(entries, names)
  }
  return names
}

/**
 * The first entry along `path` inside a tree whose name differs from the path's own only by case
 * (caseFolded), as a path inside the tree; undefined when the path's names are all there as they
 * are, or when none is there in another case.
 */
export async function caseTwinIn(g: GitDir, tree: string, path: string): Promise<string | undefined> {
  const parts = path.split('/')
  let current = tree
  for (const [index, part] of parts.entries()) {
    const entries = await readTree(g, current)
    const exact = entryNamed(entries, part)
    if (!exact) {
      const twin = foldedNames(entries).get(caseFolded(part))
      return twin ? [...parts.slice(0, index), twin].join('/') : undefined
    }
    if (exact.type !== 'tree') return undefined
    current = exact.oid
  }
  return undefined
}

/** A blob to set at a path (split into its parts), or null to remove the file there. */
export type Pending = { parts: string[]; blob: string | null }

/** Stands for a tree the dry run would write: only whether there is one matters there. */
const DRY_TREE = 'dry-run'

/**
 * Applies changes to one tree, level by level. Removals come first, so a change may put a folder
 * where a removed file was, and a file where a folder it empties was. A removal only ever removes a
 * file (never a folder, a submodule or what is under a file); a file may replace only a file (a
 * symbolic link becomes a regular file: the service never writes links); a folder never replaces a
 * file or a submodule. Anything else throws PathClashError. A dry run stages nothing.
 */
async function applyChanges(
  g: GitDir,
  tree: string | undefined,
  changes: Pending[],
  prefix: string,
  dry: boolean,
): Promise<string | undefined> {
  const entries = new Map((tree ? await readTree(g, tree) : []).map((e) => [e.path, e]))
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name)
  // One change per name at this level: the last one given wins, as it would applied in order.
  const direct = new Map<string, string | null>()
  const nested = new Map<string, Pending[]>()
  for (const change of changes) {
    const [name = '', ...rest] = change.parts
    if (!isSafeEntryName(name)) throw new Error(`unsafe path in a commit: ${JSON.stringify(pathOf(name))}`)
    if (rest.length === 0) {
      direct.delete(name)
      direct.set(name, change.blob)
    } else nested.set(name, [...(nested.get(name) ?? []), { parts: rest, blob: change.blob }])
  }
  for (const [name, blob] of direct) {
    if (blob === null && entries.get(name)?.type === 'blob') entries.delete(name)
  }
  for (const [name, inner] of nested) {
    const existing = entries.get(name)
    if (existing && existing.type !== 'tree') {
      // Nothing lies under a file: removing there is a no-op, writing there would replace it.
      if (inner.some((c) => c.blob !== null))
        throw new PathClashError({
          path: pathOf(name),
          blocker: existing.type === 'blob' ? 'file' : 'folder',
        })
      continue
    }
    const subtree = await applyChanges(g, existing?.oid, inner, pathOf(name), dry)
    if (subtree === undefined) entries.delete(name)
    else entries.set(name, { mode: '040000', path: name, oid: subtree, type: 'tree' })
  }
  for (const [name, blob] of direct) {
    if (blob === null) continue
    const existing = entries.get(name)
    if (existing && existing.type !== 'blob')
      throw new PathClashError({ path: pathOf(name), blocker: 'folder' })
    const mode = existing?.mode === '100755' ? '100755' : '100644'
    entries.set(name, { mode, path: name, oid: blob, type: 'blob' })
  }
  if (entries.size === 0) return undefined
  if (dry) return DRY_TREE
  const written = [...entries.values()]
  const oid = stageObject(g.gitdir, 'tree', serializeTree(written), g.pending, g.recent)
  rememberTree(g, oid, written)
  return oid
}

/** The first change that would replace a folder by a file or a file by a folder, or undefined. */
export async function findClash(
  g: GitDir,
  tree: string | undefined,
  changes: Pending[],
): Promise<PathClash | undefined> {
  try {
    await applyChanges(g, tree, changes, '', true)
    return undefined
  } catch (error) {
    if (error instanceof PathClashError) return error.clash
    throw error
  }
}

/**
 * A new tree with the given blobs set (or files removed, for null) at their paths, writing only the
 * trees along those paths. Returns undefined when the result is empty. Throws PathClashError, having
 * written nothing, when a change would replace a folder by a file or a file by a folder.
 */
export async function updateTree(
  g: GitDir,
  tree: string | undefined,
  changes: Pending[],
): Promise<string | undefined> {
  await applyChanges(g, tree, changes, '', true)
  return applyChanges(g, tree, changes, '', false)
}

/**
 * The first entry under a tree that Git would refuse (see isSafeEntryName), or a tree that cannot
 * be read, as a repository path; undefined when all is safe. Subtrees `known` holds at the same
 * path, already checked, are skipped.
 */
export async function unsafeEntry(
  g: GitDir,
  tree: string,
  known: string | undefined,
  prefix = '',
): Promise<string | undefined> {
  if (tree === known) return undefined
  let entries: TreeEntry[]
  try {
    entries = await readTree(g, tree)
  } catch (error) {
    const name = (error as { data?: { filepath?: unknown } }).data?.filepath
    return typeof name === 'string' ? (prefix ? `${prefix}/${name}` : name) : prefix || '.'
  }
  const old = new Map((known ? await readTree(g, known) : []).map((e) => [e.path, e]))
  const seen = new Set<string>()
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.path}` : entry.path
    if (!isSafeEntryName(entry.path) || seen.has(entry.path)) return path
    seen.add(entry.path)
    if (entry.type !== 'tree') continue
    const before = old.get(entry.path)
    const unsafe = await unsafeEntry(g, entry.oid, before?.type === 'tree' ? before.oid : undefined, path)
    if (unsafe !== undefined) return unsafe
  }
  return undefined
}

/** Every blob under a tree, with its path relative to that tree. */
export async function walkBlobs(
  g: GitDir,
  tree: string,
  prefix = '',
): Promise<{ path: string; oid: string }[]> {
  // A folder's subfolders are read together: one after another, a cold listing of 10,000 pages in
  // 100 folders of loose objects waited on each file in turn (300 ms, mostly idle).
  const parts: ({ path: string; oid: string }[] | Promise<{ path: string; oid: string }[]>)[] = []
  let files: { path: string; oid: string }[] = []
  for (const entry of await readTree(g, tree)) {
    const path = prefix ? `${prefix}/${entry.path}` : entry.path
    if (entry.type === 'blob') files.push({ path, oid: entry.oid })
    else if (entry.type === 'tree') {
      parts.push(files, walkBlobs(g, entry.oid, path))
      files = []
    }
  }
  if (parts.length === 0) return files
  parts.push(files)
  return (await Promise.all(parts)).flat()
}

/** Paths whose blobs differ between two trees (undefined: empty), skipping identical subtrees. */
export async function diffTrees(
  g: GitDir,
  a: string | undefined,
  b: string | undefined,
  prefix = '',
): Promise<{ path: string; before: string | null; after: string | null }[]> {
  if (a === b) return []
  const left = new Map((a ? await readTree(g, a) : []).map((e) => [e.path, e]))
  const right = new Map((b ? await readTree(g, b) : []).map((e) => [e.path, e]))
  const out: { path: string; before: string | null; after: string | null }[] = []
  for (const name of new Set([...left.keys(), ...right.keys()])) {
    const l = left.get(name)
    const r = right.get(name)
    if (l?.oid === r?.oid && l?.type === r?.type) continue
    const path = prefix ? `${prefix}/${name}` : name
    const lTree = l?.type === 'tree' ? l.oid : undefined
    const rTree = r?.type === 'tree' ? r.oid : undefined
    if (lTree || rTree) out.push(...(await diffTrees(g, lTree, rTree, path)))
    const lBlob = l?.type === 'blob' ? l.oid : null
    const rBlob = r?.type === 'blob' ? r.oid : null
    if (lBlob !== rBlob) out.push({ path, before: lBlob, after: rBlob })
  }
  return out
}
