/**
 * What kind of failure a space's last sync met, kept beside its message (which stays in English for
 * API clients) so that what is shown of it, and whether the space is offline, are decided by the
 * kind, never by the words:
 * - `unreachable`: the remote could not be reached (no network, a host name not resolved, refused
 *   or dropped connections); the changes wait and the sync tries again.
 * - `auth`: the remote refused the credentials over HTTPS (401, 403).
 * - `ssh-key`: the remote refused the SSH key.
 * - `host-key`: the remote's SSH host key is not the one known for it.
 * - `not-found`: the remote repository does not exist, or may not be read with these credentials.
 * - `push-refused`: the remote took the exchange but refused the push (a hook, a protected branch).
 * - `busy`: the remote kept moving while the sync pushed.
 * - `other`: anything else; the message says what.
 */
export const SYNC_ERROR_CODES = [
  'unreachable',
  'auth',
  'ssh-key',
  'host-key',
  'not-found',
  'push-refused',
  'busy',
  'other',
] as const
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number]

/** What a sync's message says before the remote's own words when the remote refused a push. */
export const PUSH_REFUSED = 'the remote refused the push: '

/** The words of an earlier version's messages that meant the remote could not be reached. */
const UNREACHABLE_WORDS =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|socket hang up|fetch failed|timed? ?out|could not (?:be resolved|be reached|resolve|connect)|unreachable|connection (?:refused|reset|closed)|closed by the remote/i

/**
 * The kind of a failure stored without one, by a version that kept only the message: read from the
 * words that version used. Messages stored since carry their kind, and are never read this way.
 */
export function codeOfStoredMessage(message: string): SyncErrorCode {
  // The remote's own words follow: whatever they say ("hook timed out"), the push was refused.
  if (message.startsWith(PUSH_REFUSED)) return 'push-refused'
  const status = /the remote answered HTTP (\d{3})/.exec(message)?.[1]
  if (status === '401' || status === '403') return 'auth'
  if (status === '404' || /repository was not found/.test(message)) return 'not-found'
  if (/host key is not the known one/.test(message)) return 'host-key'
  if (/refused the SSH key/.test(message)) return 'ssh-key'
  if (UNREACHABLE_WORDS.test(message)) return 'unreachable'
  if (/kept moving/.test(message)) return 'busy'
  return 'other'
}

/** The kind of a stored failure: the one kept with it, or for one stored before kinds were, read from its words. */
export function syncErrorCode(state: {
  lastError: string | null
  lastErrorCode: SyncErrorCode | null
}): SyncErrorCode | null {
  if (state.lastError === null) return null
  if (state.lastErrorCode === null) return codeOfStoredMessage(state.lastError)
  // A kind this version does not know (kept by a newer one) is said as any other failure.
  return SYNC_ERROR_CODES.includes(state.lastErrorCode) ? state.lastErrorCode : 'other'
}
