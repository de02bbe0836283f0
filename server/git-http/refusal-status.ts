import { type Locale, messageFor, type Reason } from '#shared/errors/catalog.ts'
import type { DomainError } from '#shared/errors/domain-error.ts'

/**
 * Git's own words for the refusals a fetch mends, put first in a ref's status: Git's clients, and
 * the desktop's, read them to fetch, replay and push again (a push that raced another one), whatever
 * language the rest of the message is in.
 */
const GIT_WORDS: Partial<Record<Reason, string>> = {
  push_stale: 'fetch first',
  push_rewrites_history: 'non-fast-forward',
}

/** The status of a refused ref in a push report: Git's words when there are some, then ours. */
export function refusalStatus(error: DomainError, locale: Locale): string {
  const message = messageFor(error.reason, locale, error.params)
  const words = GIT_WORDS[error.reason]
  return words ? `${words}: ${message}` : message
}
