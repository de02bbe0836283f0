import { DomainError, isDomainError } from '../../errors/domain-error.ts'
import { type CheckSecretsDeps, checkSecrets } from '../content/check-secrets.ts'

/** The texts of a note a person writes, each checked for secrets. */
export type NoteFields = {
  title: string
  hint: string | undefined
  source: string | undefined
  content: string
}

// The content first: a title made of the content's first line finds a secret of it in the content.
const FIELDS = ['content', 'title', 'hint', 'source'] as const

/**
 * Refuses (422 `secret_detected`) a note whose texts seem to hold a secret, unless allowed; for a
 * note corrected, only the lines added to `before` are examined. The texts are read in one scan, and
 * the finding names the field it is in and its line there (line 1 of the content is the content's
 * first line, whatever the title).
 */
export async function checkNoteSecrets(
  deps: CheckSecretsDeps,
  before: NoteFields | undefined,
  after: NoteFields,
  allowSecrets: boolean | undefined,
): Promise<void> {
  try {
    await checkSecrets(deps, before && joined(before), joined(after), allowSecrets)
  } catch (error) {
    if (!isDomainError(error) || error.reason !== 'secret_detected') throw error
    let line = Number(error.params.line)
    for (const field of FIELDS) {
      const lines = (after[field] ?? '').split('\n').length
      if (line <= lines || field === 'source') {
        const params = { rules: error.params.rules ?? '', line, field }
        throw new DomainError(field === 'content' ? 'secret_detected' : 'secret_in_note_field', params)
      }
      line -= lines
    }
    throw error
  }
}

/** A note's texts a line apart, in the order of FIELDS. */
function joined(note: NoteFields): string {
  return FIELDS.map((field) => note[field] ?? '').join('\n')
}
