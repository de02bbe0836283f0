import { DomainError } from '../errors/domain-error.ts'
import { hasControlChar, hasOtherLineBreak, withControlCharsShown } from './control-chars.ts'
import { isDisguised, refuseDisguisedName, shownPlainly } from './disguised-names.ts'
import { isSafeEntryName } from './git-names.ts'

/** The folder of a space's repository that holds its pages and files. */
export const CONTENT_DIR = 'content'

/** Longest part of a path (a file or folder name), in UTF-16 code units. */
const NAME_MAX = 255
/** U+FFFD: what a name whose bytes are not valid UTF-8 reads as, so it could not be told from another. */
const REPLACEMENT = '\uFFFD'

/**
 * Whether an existing file or folder name can be reached through the service: one Git and
 * isomorphic-git take (see isSafeEntryName), without control characters, at most 255 long.
 */
export function isReachableName(name: string): boolean {
  return isSafeEntryName(name) && !hasControlChar(name) && name.length <= NAME_MAX
}

/**
 * Why a name is refused for a new file or folder, the same on every way in (an API write, move or
 * upload, a push, the desktop): `path_invalid` when it could not be reached (isReachableName), is
 * not in the form the API reaches it by (NFC) or holds a line break beyond ASCII, `name_disguised` when it holds a character that
 * could disguise it or is not valid Unicode (a lone surrogate, or U+FFFD for bytes that were not
 * UTF-8). Undefined when it may be used.
 */
export function newNameRefusal(name: string): 'path_invalid' | 'name_disguised' | undefined {
  if (isDisguised(name) || name.includes(REPLACEMENT)) return 'name_disguised'
  if (!isReachableName(name) || name.normalize('NFC') !== name || hasOtherLineBreak(name))
    return 'path_invalid'
  return undefined
}

/**
 * The repository path of a path given relative to `content/`, normalised and confined there:
 * no `..`, no `.git` (nor a name a file system takes for it), no absolute path, no NUL or control
 * character, no empty or `.` part. Throws `path_invalid` otherwise.
 */
export function contentPath(input: string): string {
  const refuse = () => new DomainError('path_invalid', { value: input.slice(0, 200) })
  if (input.length === 0 || input.length > 1024) throw refuse()
  if (hasControlChar(input) || input.includes('\\')) throw refuse()
  const parts = input.normalize('NFC').split('/')
  if (input.startsWith('/')) throw refuse()
  for (const part of parts) {
    if (!isReachableName(part)) throw refuse()
  }
  return `${CONTENT_DIR}/${parts.join('/')}`
}

/**
 * The repository path of a file about to be created or renamed: as `contentPath`, and also without
 * the characters that could disguise its name or that stand for a broken encoding
 * (`name_disguised`), or a line break beyond ASCII (`path_invalid`), so each of its parts passes
 * `newNameRefusal` once normalised. Existing files
 * are still reached through `contentPath`, so one that came in through Git can be read, moved away
 * or deleted.
 */
export function newContentPath(input: string): string {
  refuseDisguisedName(input)
  if (input.includes(REPLACEMENT))
    throw new DomainError('name_disguised', { value: shownPlainly(input).slice(0, 200) })
  if (hasOtherLineBreak(input))
    throw new DomainError('path_invalid', { value: withControlCharsShown(input).slice(0, 200) })
  return contentPath(input)
}

/**
 * Whether a path, in the repository or relative to `content/`, is a placeholder file that keeps an
 * empty folder in Git: never shown, indexed or announced as content.
 */
export function isPlaceholder(path: string): boolean {
  return path.endsWith('/.gitkeep') || path === '.gitkeep'
}

/** Whether a repository path is a file of the space's content: under `content/`, not a placeholder. */
export function isContentFile(repoPath: string): boolean {
  return repoPath.startsWith(`${CONTENT_DIR}/`) && !isPlaceholder(repoPath)
}

/** The path relative to `content/` of a repository path inside it. */
export function relativeToContent(repoPath: string): string {
  return repoPath.startsWith(`${CONTENT_DIR}/`) ? repoPath.slice(CONTENT_DIR.length + 1) : repoPath
}
