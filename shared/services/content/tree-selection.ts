import type { PreparedTree } from './space-tree.ts'

/** What part of a tree to answer: files under a folder, down to a depth, a page of at most `limit` entries after `cursor`. */
export type TreeSelection = { folder?: string; depth?: number; limit?: number; cursor?: string }

/** A folder in a listing cut at a depth: its path and how many files it holds at any depth. */
export type TreeFolder = { path: string; type: 'folder'; files: number }

/** A part of a tree as JSON, and the cursor of the next part when the listing stopped at its limit. */
export type SelectedTree = { body: string; next?: string }

/** The first index whose path is not below `key` in the listing's order (code units, as it is sorted). */
function firstFrom(entries: PreparedTree['entries'], key: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((entries[middle]?.path ?? '') < key) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Parts of each prepared tree already answered, by selection: the top of a large space is asked for
 * by everyone who opens it. At most as many characters as the whole listing, so a kept tree at most
 * doubles; they go with the tree.
 */
const answered = new WeakMap<PreparedTree, { size: number; parts: Map<string, SelectedTree> }>()

/** The part of a prepared tree a selection asks for (see `select`), made once per tree and selection. */
export function selectTree(tree: PreparedTree, selection: TreeSelection): SelectedTree {
  const { folder = '', depth = 0, limit = 0, cursor = '' } = selection
  const key = JSON.stringify([folder, depth, limit, cursor])
  let memo = answered.get(tree)
  const known = memo?.parts.get(key)
  if (known) return known
  const part = select(tree, selection)
  if (!memo) {
    memo = { size: 0, parts: new Map() }
    answered.set(tree, memo)
  }
  if (memo.size + part.body.length <= tree.body.length) {
    memo.parts.set(key, part)
    memo.size += part.body.length
  }
  return part
}

/**
 * The entries of a prepared tree a selection asks for, in the tree's order. Under a `depth`, a file
 * deeper than it is not listed: the folder holding it at that depth is, once, where its first file
 * would be, with its number of files. The cursor is the last entry's path (a folder's with a slash).
 * A folder's files are one run of the sorted listing, skipped at once: the cost grows with what is
 * answered, not with the space.
 */
function select(tree: PreparedTree, selection: TreeSelection): SelectedTree {
  const { entries, json } = tree
  const prefix = selection.folder ? `${selection.folder}/` : ''
  const depth = selection.depth ?? Number.POSITIVE_INFINITY
  const limit = selection.limit ?? Number.POSITIVE_INFINITY
  const cursor = selection.cursor ?? ''
  let at = firstFrom(entries, prefix > cursor ? prefix : `${cursor}\u0000`)
  // After a folder's entry, what it holds was counted in it already.
  if (cursor.endsWith('/')) at = Math.max(at, afterFolder(entries, cursor.slice(0, -1)))
  const parts: string[] = []
  let last = ''
  for (; at < entries.length; at++) {
    const path = entries[at]?.path ?? ''
    if (!path.startsWith(prefix)) break
    if (parts.length >= limit) return { body: `[${parts.join(',')}]`, next: last }
    const cut = depth === Number.POSITIVE_INFINITY ? -1 : nthSlash(path, prefix.length, depth)
    if (cut === -1) {
      parts.push(json[at] ?? '')
      last = path
      continue
    }
    const folder = path.slice(0, cut)
    const end = afterFolder(entries, folder)
    const listed: TreeFolder = { path: folder, type: 'folder', files: end - at }
    parts.push(JSON.stringify(listed))
    last = `${folder}/`
    at = end - 1
  }
  return { body: `[${parts.join(',')}]` }
}

/**
 * The index just past a folder's files: they run from `folder/` up to the first path from `folder0`
 * on, `0` being the character after `/`.
 */
function afterFolder(entries: PreparedTree['entries'], folder: string): number {
  return firstFrom(entries, `${folder}0`)
}

/** Where the `n`th slash from `start` is in `path`, or -1 when it has fewer. */
function nthSlash(path: string, start: number, n: number): number {
  let at = start - 1
  for (let i = 0; i < n; i++) {
    at = path.indexOf('/', at + 1)
    if (at === -1) return -1
  }
  return at
}
