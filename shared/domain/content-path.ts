import { DomainError } from '../errors/domain-error.ts'
import { hasControlChar } from './control-chars.ts'
import { refuseDisguisedName } from './disguised-names.ts'
import { isSafeEntryName } from './git-names.ts'

/** The folder of a space's repository that holds its pages and files. */
export const CONTENT_DIR = 'content'

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
    if (!isSafeEntryName(part) || part.length > 255) throw refuse()
  }
  return `${CONTENT_DIR}/${parts.join('/')}`
}

/**
 * The repository path of a file about to be created or renamed: as `contentPath`, and also without
 * the characters that could disguise its name (`name_disguised`). Existing files are still reached
 * through `contentPath`, so one that came in through Git can be read, moved away or deleted.
 */
export function newContentPath(input: string): string {
  refuseDisguisedName(input)
  return contentPath(input)
}

/** The path relative to `content/` of a repository path inside it. */
export function relativeToContent(repoPath: string): string {
  return repoPath.startsWith(`${CONTENT_DIR}/`) ? repoPath.slice(CONTENT_DIR.length + 1) : repoPath
}
