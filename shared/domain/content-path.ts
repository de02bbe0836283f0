import { DomainError } from '../errors/domain-error.ts'
import { hasControlChar } from './control-chars.ts'
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

/** The path relative to `content/` of a repository path inside it. */
export function relativeToContent(repoPath: string): string {
  return repoPath.startsWith(`${CONTENT_DIR}/`) ? repoPath.slice(CONTENT_DIR.length + 1) : repoPath
}
