import type { WindowLimit } from './sliding-window.ts'

/** Named limits of the service. */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Failed sign-ins per account from one client address before 429 (other addresses still sign in). */
export const SIGN_IN_PER_ACCOUNT: WindowLimit = { max: 10, windowMs: 15 * MINUTE }
/** Failed sign-ins per client address before 429. */
export const SIGN_IN_PER_IP: WindowLimit = { max: 50, windowMs: 15 * MINUTE }

/** How long a web session lives without use, and how often its expiry is pushed back. */
export const SESSION_IDLE_MS = 14 * DAY
export const SESSION_REFRESH_MS = 60 * MINUTE

/** How often a token's `last_used_at` is written (at most once per this interval). */
export const TOKEN_TOUCH_MS = MINUTE

/** Lifetime of a token created without `days`. */
export const DEFAULT_TOKEN_DAYS = 90
export const MAX_TOKEN_DAYS = 3650
export const DAY_MS = DAY

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 1024
export const NAME_MAX = 200
export const DESCRIPTION_MAX = 2000

/** How long counted events are kept: the longest window of any limit (manual tidy runs, a day). */
export const RATE_EVENTS_KEPT_MS = DAY

/** Inbox drops per account, across every space and interface (moves included). */
export const DROPS_PER_ACCOUNT: WindowLimit = { max: 120, windowMs: 60 * MINUTE }
/** Manual tidy-up runs per person and space; organization admins get more. */
export const MANUAL_TIDY_RUNS: WindowLimit = { max: 5, windowMs: DAY }
export const MANUAL_TIDY_RUNS_ADMIN: WindowLimit = { max: 20, windowMs: DAY }
/** Largest note text. */
export const NOTE_TEXT_MAX = 200_000
/**
 * Largest attachment: it becomes a file of the space, so a file's largest size. A note's attachments
 * travel in one request body, which holds one such file (see the API's body limits).
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const ATTACHMENTS_MAX = 20

/** E-mail verification links: mailed per account per hour, and how long one stays valid. */
export const VERIFICATION_MAILS: WindowLimit = { max: 3, windowMs: 60 * MINUTE }
export const VERIFICATION_LINK_MS = DAY
/** Password reset links: mailed per account per hour (beyond, silently none), and their life. */
export const RESET_MAILS: WindowLimit = { max: 3, windowMs: 60 * MINUTE }
export const RESET_LINK_MS = 60 * MINUTE
/** Password reset requests per client address per hour (this one may answer 429: it reveals nothing). */
export const RESET_REQUESTS_PER_IP: WindowLimit = { max: 20, windowMs: 60 * MINUTE }
/** Invitations created per organization per hour, and how long one stays open. */
export const INVITATIONS_PER_ORG: WindowLimit = { max: 30, windowMs: 60 * MINUTE }
export const INVITATION_MS = 7 * DAY
/** How long a sign-in begun at a single sign-on provider may take to come back. */
export const SSO_ATTEMPT_MS = 10 * MINUTE

/** Prefixes that make the service's secrets recognisable (for secret scanners and people). */
export const TOKEN_PREFIX = 'qpat_'
export const SESSION_PREFIX = 'qses_'
/** Secrets of mailed links: invitations, e-mail verification, password reset. */
export const INVITATION_PREFIX = 'qinv_'
export const VERIFY_PREFIX = 'qver_'
export const RESET_PREFIX = 'qrst_'

/**
 * Largest incoming Git-host webhook body. Push payloads are a few kilobytes to a few hundred (hosts
 * list at most some thousands of commits, by hash and file names); the body is only read to check its
 * signature, so a larger one is refused rather than held in memory for an unauthenticated caller.
 */
export const HOOK_BODY_MAX_BYTES = 5 * 1024 * 1024

/**
 * Largest file written through the API (`PUT .../files/{path}`). A write's body is parsed and its
 * file hashed on the thread that answers everyone: at 10 MiB that holds other requests under 100 ms
 * on a small machine, at 25 MiB for about a quarter of a second. Git itself handles large binaries
 * poorly; larger files belong in the Git host's large-file storage.
 */
export const FILE_MAX_BYTES = 10 * 1024 * 1024
/**
 * What of one file the indexes take: the first characters of its text for words (and links), and the
 * first chunks of that text for meaning. The file itself is stored and read in full; these bound the
 * time the indexer spends on one file, on the thread that answers requests, and the embedding work.
 */
export const INDEX_TEXT_MAX_CHARS = 200_000
export const INDEX_CHUNKS_MAX = 100
