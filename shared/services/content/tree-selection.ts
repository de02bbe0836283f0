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
 * The entries of a prepared tree a selection asks for, in the tree's order. Under a `depth`, a file
 * deeper than it is not listed: the folder holding it at that depth is, once, where its first file
 * would be, with its number of files. The cursor is the last entry's path (a folder's with a slash).
 */
export function selectTree(tree: PreparedTree, selection: TreeSelection): SelectedTree {
  const { entries, json } = tree
  const prefix = selection.folder ? `${selection.folder}/` : ''
  const depth = selection.depth ?? Number.POSITIVE_INFINITY
  const limit = selection.limit ?? Number.POSITIVE_INFINITY
  const cursor = selection.cursor ?? ''
  let at = firstFrom(entries, prefix > cursor ? prefix : `${cursor}\u0000`)
  // After a folder's entry, what it holds was counted in it already.
  if (cursor.endsWith('/')) while (entries[at]?.path.startsWith(cursor)) at++
  const parts: string[] = []
  let last = ''
  let folder: TreeFolder | undefined
  const closeFolder = () => {
    if (folder) parts[parts.length - 1] = JSON.stringify(folder)
    folder = undefined
  }
  for (; at < entries.length; at++) {
    const path = entries[at]?.path ?? ''
    if (!path.startsWith(prefix)) break
    if (folder && path.startsWith(`${folder.path}/`)) {
      folder.files++
      continue
    }
    closeFolder()
    if (parts.length >= limit) return { body: `[${parts.join(',')}]`, next: last }
    const cut = depth === Number.POSITIVE_INFINITY ? -1 : nthSlash(path, prefix.length, depth)
    if (cut === -1) {
      parts.push(json[at] ?? '')
      last = path
    } else {
      folder = { path: path.slice(0, cut), type: 'folder', files: 1 }
      // Its place, filled with its final count once its last file is passed.
      parts.push('')
      last = `${folder.path}/`
    }
  }
  closeFolder()
  return { body: `[${parts.join(',')}]` }
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
