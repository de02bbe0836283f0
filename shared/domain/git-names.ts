/** An object's id as Git writes it in full: 40 lowercase hexadecimal digits (SHA-1). */
export const OBJECT_ID = /^[0-9a-f]{40}$/

/** A commit id in full: an object id, named for what it points at where that is a commit. */
export const COMMIT_ID = OBJECT_ID

/** Git's id of no object: a ref's old value when a push creates it, its new value when one deletes it. */
export const ZERO_OID = '0'.repeat(40)

/**
 * Characters HFS+ ignores in file names, so that `.g\u200cit` opens `.git` there; Git's own path
 * checks drop them first, and so does isomorphic-git when it reads a tree.
 */
const HFS_IGNORED = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/g

/**
 * Whether a name may be one entry of a tree the service writes or takes from a remote. These are
 * Git's own rules for unsafe paths (verify_path, is_hfs_dotgit, is_ntfs_dotgit), which isomorphic-git
 * applies when it reads a tree: a repository holding any other name could no longer be read. Refused:
 * an empty name, `.`, `..`, a `/`, `\` or NUL, and any name a file system would take for `.git` (any
 * case, trailing dots or spaces, an NTFS stream after `:`, the short name `git~1`, ignored characters).
 */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.includes('/') || name.includes('\\') || name.includes('\0')) return false
  const visible = name.replace(HFS_IGNORED, '')
  if (visible === '.' || visible === '..') return false
  const stem = (visible.split(':')[0] ?? '').toLowerCase().replace(/[. ]+$/, '')
  return stem !== '.git' && !/^\.?git~[1-9]$/.test(stem)
}
