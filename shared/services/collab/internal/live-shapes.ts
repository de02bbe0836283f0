/** What the live sessions' modules share: limits, the shapes of documents and people, small helpers. */
import type * as awarenessProtocol from 'y-protocols/awareness'
import * as Y from 'yjs'
import { encodeStatus, LIVE_TEXT, type LiveError, type ServerStatus } from '../../../domain/collab-wire.ts'
import { type Locale, messageFor } from '../../../errors/catalog.ts'
import { DomainError, isDomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Logger } from '../../../ports/logger.ts'
import type { Account } from '../../../ports/store.ts'
import type { SpaceAccess } from '../../access/access.ts'
import type { Actor } from '../../access/actor.ts'
import type { CommitInSpaceDeps } from '../../content/commit-in-space.ts'
import { SERVICE_AUTHOR } from '../../git/sync-space.ts'

/** How a live session commits and how much it holds. */
export type LiveLimits = {
  /** Commit after this long without typing. */
  idleMs: number
  /** Commit at least this often while typing goes on. */
  maxMs: number
  /** Keep a document this long in memory once its last person left. */
  unloadMs: number
  /** Documents kept in memory at most; past it, new sessions are refused (the editor falls back). */
  maxDocs: number
  /** People in one page at most. */
  maxPeers: number
  /** Largest text edited live, in bytes. */
  maxTextBytes: number
  /**
   * Connections one account holds at most, over all pages: one person (or one token) cannot take
   * the documents and places every other person of the instance shares.
   */
  maxPeersPerAccount: number
  /** How often everyone connected has their credential and right to read checked again. */
  readCheckMs: number
}

export const LIVE_LIMITS: LiveLimits = {
  idleMs: 2_000,
  maxMs: 20_000,
  unloadMs: 30_000,
  maxDocs: 1_000,
  maxPeers: 100,
  maxTextBytes: 1024 * 1024,
  maxPeersPerAccount: 50,
  readCheckMs: 5_000,
}

/**
 * Updates are kept in the log in batches at least this far apart, one transaction (one disk sync)
 * each: with SQLite's synchronous commits, one sync per keystroke held the event loop for all.
 */
export const APPEND_BATCH_MS = 10

/** How often an instance marks its open documents as open, so pruning leaves them. */
export const TOUCH_MS = 60_000
/** How long a document with updates left may go untouched before another instance commits them. */
export const ORPHANED_AFTER_MS = 3 * TOUCH_MS
/** How long an instance waits before trying again a stopped instance's document it failed to commit. */
export const ADOPT_AGAIN_MS = 10 * TOUCH_MS

/** A person's connection to a page, as the transport (a WebSocket) gives it. */
export type LivePeer = {
  send(message: Uint8Array): void
  close(code: number, reason: string): void
}

/** Who is connecting, and how to check again that their credential still holds (before each update). */
export type LiveCredential = {
  actor: Actor
  /**
   * Authenticates the same credential again; throws when it no longer holds. `keepAlive: false` for
   * the checks of someone only listening: they keep no web session alive, as the person's own
   * writes do.
   */
  refresh(options?: { keepAlive?: boolean }): Promise<Actor>
  locale: Locale
}

/** A page a person may join, checked before the connection is upgraded. */
export type LiveTicket = {
  access: SpaceAccess
  orgSlug: string
  spaceSlug: string
  /** The file's path in the repository (`content/...`). */
  path: string
  writable: boolean
}

/** One person's place in a page's session: what the transport calls as messages come and go. */
export type LiveConnection = {
  receive(message: Uint8Array): void
  leave(): void
}

/** Close codes the session uses (4000–4999 are the application's). */
export const CLOSE = {
  restart: 1012,
  refused: 4403,
  gone: 4404,
  busy: 4503,
  tooMany: 4429,
  tooLarge: 4413,
  invalid: 4400,
  error: 4500,
} as const

export type Origin = {
  accountId: number | null
  weight: number
  /** Set for a person's update: what it changed is held back until it is kept in the log. */
  held?: Uint8Array[]
}

export type Peer = {
  socket: LivePeer
  credential: LiveCredential
  ticket: LiveTicket
  /** Awareness client ids this connection announced. */
  clients: Set<number>
  /** Messages are handled one after another, in the order they came. */
  chain: Promise<void>
  closed: boolean
  /** When the listener's credential and right to read were last checked (writers are checked per update). */
  checkedAt: number
  checking: boolean
}

export type LiveDoc = {
  key: string
  id: number
  spaceId: number
  path: string
  ydoc: Y.Doc
  text: Y.Text
  awareness: awarenessProtocol.Awareness
  /** Updates of the log applied here and not yet committed: who made each and how much it changed. */
  applied: Map<number, { accountId: number | null; weight: number }>
  peers: Set<Peer>
  idleTimer?: ReturnType<typeof setTimeout>
  maxTimer?: ReturnType<typeof setTimeout>
  unloadTimer?: ReturnType<typeof setTimeout>
  /** Flushes run one at a time. */
  flushing: Promise<void>
  /** A catch-up from the database is running (another instance wrote); `again` asks for one more. */
  catchingUp?: Promise<void>
  again: boolean
  gone: boolean
  /** The inbox note that kept the text nobody had committed when the page went, if there was any. */
  keptNote?: string
  /** Where the page was moved, its unsaved text written there (see goneLocked). */
  movedTo?: string
  /** Accounts seen typing here, for commit authors. */
  accounts: Map<number, Account>
  /**
   * How each account last typed here, from this instance: in the web app, or a program with a token
   * (whose commits say `Source: api` and the token's name, as its REST writes do).
   */
  typedVia: Map<number, Actor>
  /** The people in it were told a commit was put off (the database out of reach): told again once done. */
  isPutOff?: boolean
  /**
   * Its last commit was refused (a secret typed in, a text too large): what it holds waits in the log
   * for someone to take the cause out, and the document may leave memory meanwhile (read again from the
   * log when the page is opened). Held in memory, such pages of one person filled the instance's room
   * for live pages for everyone.
   */
  isRefused?: boolean
  /** Bytes of the updates in its log since it was last settled, as far as this instance knows. */
  loggedBytes: number
  /** The size of its state when its log was last compacted (see compact-log.ts). */
  compactedBytes: number
  compacting?: boolean
}

/** What live sessions need of the service's ports. */
export type LiveSessionsDeps = CommitInSpaceDeps &
  Pick<
    Deps,
    'store' | 'clock' | 'repos' | 'queue' | 'secretDetector' | 'spaceEvents' | 'collabRelay' | 'secrets'
  >

/** Who signs a live commit whose typists are all gone (their accounts deleted before it was made). */
export const SERVICE_ACCOUNT = {
  id: 0,
  displayName: SERVICE_AUTHOR.name,
  username: 'quire',
  email: SERVICE_AUTHOR.email,
}

/** A document's key in memory: its space and path. */
export const keyOf = (spaceId: number, path: string) => `${spaceId}\u0000${path}`

/** The status words of an error, in the person's language. */
export function errorOf(error: unknown, locale: Locale): LiveError {
  if (isDomainError(error)) {
    const { field, rules, line } = error.params as { field?: string; rules?: string; line?: number }
    return {
      error: error.code,
      message: messageFor(error.reason, locale, error.params),
      ...(field !== undefined ? { field: String(field) } : {}),
      ...(rules !== undefined ? { rules: String(rules) } : {}),
      ...(line !== undefined ? { line: Number(line) } : {}),
    }
  }
  return { error: 'internal', message: messageFor('internal', locale) }
}

/** Sends to one person, unless their connection is closed (a closing socket is ignored). */
export function send(peer: Peer, message: Uint8Array) {
  if (peer.closed) return
  try {
    peer.socket.send(message)
  } catch {
    // A socket closing under us: its close handler removes the peer.
  }
}

/** Tells everyone in a page a status, each in their language. */
export function tell(doc: LiveDoc, status: (locale: Locale) => ServerStatus) {
  for (const peer of doc.peers) send(peer, encodeStatus(status(peer.credential.locale)))
}

/** Closes one person's connection (once). */
export function hangUp(peer: Peer, code: number, reason: string) {
  if (peer.closed) return
  peer.closed = true
  try {
    peer.socket.close(code, reason)
  } catch {
    // Already closed.
  }
}

/** How much each account changed in the updates a document holds, not yet committed. */
export function weightsOf(doc: LiveDoc): Map<number, number> {
  const weights = new Map<number, number>()
  for (const { accountId, weight } of doc.applied.values())
    if (accountId !== null) weights.set(accountId, (weights.get(accountId) ?? 0) + weight)
  return weights
}

/** The text a document's state holds. */
export function textOfState(state: Uint8Array): string {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, state)
  const text = doc.getText(LIVE_TEXT).toString()
  doc.destroy()
  return text
}

/** The state every module of the live sessions works on, made once per instance (see liveSessions). */
export type LiveContext = {
  deps: LiveSessionsDeps
  logger: Logger
  limits: LiveLimits
  log: LiveSessionsDeps['store']['collab']
  /** Documents in memory, by key and by id. */
  docs: Map<string, LiveDoc>
  byId: Map<number, LiveDoc>
  /** Documents being loaded, by key: two people joining at once share one load. */
  loading: Map<string, Promise<LiveDoc>>
  stopping: boolean
  /** Keeps an update in the log (batched with others arriving together); answers its seq. */
  appendSoon(docId: number, accountId: number | null, update: Uint8Array): Promise<number>
  /** Takes a person out of a page; the last to leave has it committed. */
  leave(doc: LiveDoc | undefined, peer: Peer): void
}

/**
 * What a person whose right to the page went is told: the API's words ("Not found.") said nothing of
 * what happened to their text.
 */
export function accessLost(error: unknown): unknown {
  const lost =
    isDomainError(error) &&
    (error.code === 'not_found' || error.code === 'forbidden' || error.code === 'unauthenticated')
  return lost ? new DomainError('live_access_lost') : error
}
