import { newNameRefusal } from '../../../domain/content-path.ts'
import { withControlCharsShown } from '../../../domain/control-chars.ts'
import { shownPlainly } from '../../../domain/disguised-names.ts'
import { INBOX_DIR, isNoteName, NOTE_FILE } from '../../../domain/inbox-note.ts'
import { FILE_MAX_BYTES } from '../../../domain/limits.ts'
import type { SpaceRole } from '../../../domain/roles.ts'
import { DomainError } from '../../../errors/domain-error.ts'
import type { IncomingChange } from '../../../ports/incoming-objects.ts'

/** The space's own files: its vocation, tidy rules and inbox. */
const SERVICE_DIR = '.service/'

/** A path as a refusal quotes it: on one line, with what could disguise it spelt out. */
export function shownPath(path: string): string {
  return withControlCharsShown(shownPlainly(path)).slice(0, 300)
}

/**
 * Refuses the first change a push may not make, as the API would refuse the same change to the
 * pusher: a name that no way in takes (newNameRefusal: once on the branch it could not be read,
 * moved or deleted), a file over FILE_MAX_BYTES, the space's own files outside the inbox (the
 * vocation and the tidy rules steer the tidy-up: space admins only), or an inbox file outside a
 * note's folder. Removing a file with an unusable name is allowed, so one can be cleaned up.
 */
export function refusePushedFiles(changes: IncomingChange[], role: SpaceRole): void {
  for (const { commit, path, size } of changes) {
    const params = { path: shownPath(path), commit: commit.slice(0, 10) }
    if (size !== null && path.split('/').some((part) => newNameRefusal(part) !== undefined))
      throw new DomainError('push_name_refused', params)
    if (size !== null && size > FILE_MAX_BYTES)
      throw new DomainError('push_file_too_large', { ...params, size, limit: FILE_MAX_BYTES })
    if (path.startsWith(`${INBOX_DIR}/`)) {
      const [name = '', ...rest] = path.slice(INBOX_DIR.length + 1).split('/')
      if (size !== null && (!isNoteName(name) || rest.length === 0))
        throw new DomainError('push_inbox_path', params)
    } else if (path.startsWith(SERVICE_DIR) && role !== 'admin')
      throw new DomainError('push_admin_only', params)
  }
}

/** The note files among a push's changes (`.service/inbox/<name>/note.md`), each once. */
export function pushedNotePaths(changes: IncomingChange[]): string[] {
  const notes = changes
    .map((c) => c.path)
    .filter((path) => {
      const parts = path.split('/')
      return path.startsWith(`${INBOX_DIR}/`) && parts.length === 4 && parts[3] === NOTE_FILE
    })
  return [...new Set(notes)]
}
