/** Where a file a commit created came from, when the commit moved it there. */

/** A file's change between two trees: its blob before and after (null: absent on that side). */
type Change = { path: string; before: string | null; after: string | null }

function topFolder(path: string): string {
  return path.slice(0, path.indexOf('/') + 1)
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/**
 * The path `path` (created by a commit, with blob `blob`) was moved from, among the commit's
 * `changes`: a file the commit deleted with the same blob (moved unchanged), else the only file it
 * deleted when `path` is the only one it created, of the same kind (moved, its links rewritten on
 * the way). Undefined when the commit created the file anew.
 */
export function movedHere(changes: readonly Change[], path: string, blob: string): string | undefined {
  // Only from the same top folder: a note of the inbox filed as a new page was not moved there.
  const gone = changes.filter((c) => c.after === null && topFolder(c.path) === topFolder(path))
  const same = gone.find((c) => c.before === blob)
  if (same) return same.path
  const came = changes.filter((c) => c.before === null)
  const [only] = gone
  const isSwap = gone.length === 1 && came.length === 1 && came[0]?.path === path
  return isSwap && only && extensionOf(only.path) === extensionOf(path) ? only.path : undefined
}
