import { fromBase64, toBase64 } from 'lib0/buffer'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeStatus,
  LIVE_TEXT,
  type LiveError,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  readStatus,
  type ServerStatus,
} from '../../domain/collab-wire.ts'
import { newContentPath, relativeToContent } from '../../domain/content-path.ts'
import { type Locale, messageFor } from '../../errors/catalog.ts'
import { DomainError, isDomainError } from '../../errors/domain-error.ts'
import type { CollabDoc } from '../../ports/collab.ts'
import type { RelayMessage } from '../../ports/collab-relay.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Logger } from '../../ports/logger.ts'
import type { Repo } from '../../ports/repo.ts'
import type { Account, Organization, Space } from '../../ports/store.ts'
import { accessSpace, type SpaceAccess } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText, checkSecrets } from '../content/check-secrets.ts'
import { type CommitInSpaceDeps, checkCommitSecrets, commitInSpace } from '../content/commit-in-space.ts'
import { SERVICE_AUTHOR } from '../git/sync-space.ts'
import { keepAsNote } from './internal/keep-as-note.ts'
import { authorOfAccount, liveCommitMessage } from './internal/live-commit.ts'
import { applyTextChange } from './internal/text-change.ts'
import { dropPending, isForeignUpdate, pendingBytes, takePresences } from './internal/update-guard.ts'

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
const APPEND_BATCH_MS = 10

/** How often an instance marks its open documents as open, so pruning leaves them. */
const TOUCH_MS = 60_000

/** A person's connection to a page, as the transport (a WebSocket) gives it. */
export type LivePeer = {
  send(message: Uint8Array): void
  close(code: number, reason: string): void
}

/** Who is connecting, and how to check again that their credential still holds (before each update). */
export type LiveCredential = {
  actor: Actor
  /** Authenticates the same credential again; throws when it no longer holds. */
  refresh(): Promise<Actor>
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

type Origin = {
  accountId: number | null
  weight: number
  /** Set for a person's update: what it changed is held back until it is kept in the log. */
  held?: Uint8Array[]
}

type Peer = {
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

type LiveDoc = {
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
  /** Accounts seen typing here, for commit authors. */
  accounts: Map<number, Account>
}

export type LiveSessionsDeps = CommitInSpaceDeps &
  Pick<
    Deps,
    'store' | 'clock' | 'repos' | 'queue' | 'secretDetector' | 'spaceEvents' | 'collabRelay' | 'secrets'
  >

export type LiveSessions = {
  /** Checks that the caller may join a page's session (404, 400 for a file not edited live, 503 when full). */
  admit(actor: Actor, ref: { org: string; space: string; path: string }): Promise<LiveTicket>
  /** Joins an admitted page: the document is loaded (or shared) and the first sync messages are sent. */
  connect(ticket: LiveTicket, credential: LiveCredential, socket: LivePeer): LiveConnection
  /** Commits what earlier processes left in the log (after a crash); resolves once done. */
  recover(): Promise<void>
  /** Documents in memory, and people connected (for measures). */
  stats(): { docs: number; peers: number }
  /** Whether nothing waits to be committed in memory (tests and benches wait on it). */
  idle(): Promise<void>
  /** Closes every session, commits what is left, and forgets the documents. */
  stop(): Promise<void>
}

/** Who signs a live commit whose typists are all gone (their accounts deleted before it was made). */
const SERVICE_ACCOUNT = {
  id: 0,
  displayName: SERVICE_AUTHOR.name,
  username: 'quire',
  email: SERVICE_AUTHOR.email,
}

const keyOf = (spaceId: number, path: string) => `${spaceId}\u0000${path}`

function errorOf(error: unknown, locale: Locale): LiveError {
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

/**
 * Live editing: one Yjs document per page being edited, shared by the people in it over
 * y-websocket's protocol. Every update is kept in the database before it is passed on; flushes
 * commit the text to Git (after `idleMs` without typing, at most every `maxMs`, and when the last
 * person leaves) in the name of whoever changed most, the others as co-authors. Changes from outside
 * (a REST write, a sync, a push) enter the document as the smallest edit. Instances sharing one
 * database share the log: each applies the others' updates, and commits hold the space's lock.
 */
export function liveSessions(
  deps: LiveSessionsDeps,
  logger: Logger,
  limits: LiveLimits = LIVE_LIMITS,
): LiveSessions {
  const docs = new Map<string, LiveDoc>()
  const byId = new Map<number, LiveDoc>()
  const loading = new Map<string, Promise<LiveDoc>>()
  let stopping = false
  const log = deps.store.collab

  const send = (peer: Peer, message: Uint8Array) => {
    if (peer.closed) return
    try {
      peer.socket.send(message)
    } catch {
      // A socket closing under us: its close handler removes the peer.
    }
  }
  const tell = (doc: LiveDoc, status: (locale: Locale) => ServerStatus) => {
    for (const peer of doc.peers) send(peer, encodeStatus(status(peer.credential.locale)))
  }
  const hangUp = (peer: Peer, code: number, reason: string) => {
    if (peer.closed) return
    peer.closed = true
    try {
      peer.socket.close(code, reason)
    } catch {
      // Already closed.
    }
  }

  // ---- Keeping updates: one transaction (one disk sync) for what arrives together ----

  type Waiting = {
    row: { docId: number; accountId: number | null; update: Uint8Array; at: number }
    done(seq: number): void
    failed(error: unknown): void
  }
  let waiting: Waiting[] = []
  let batchDue = false
  let lastBatch = Number.NEGATIVE_INFINITY

  /**
   * Keeps an update in the log; answers its seq. Updates arriving together share one transaction,
   * and batches are at least `APPEND_BATCH_MS` apart: alone, an update is written at once (after
   * the messages read with it); under load, the wait gathers many into one.
   */
  function appendSoon(docId: number, accountId: number | null, update: Uint8Array): Promise<number> {
    return new Promise((done, failed) => {
      waiting.push({ row: { docId, accountId, update, at: deps.clock.now() }, done, failed })
      if (batchDue) return
      batchDue = true
      const wait = lastBatch + APPEND_BATCH_MS - performance.now()
      if (wait > 0) setTimeout(writeBatch, wait)
      else setImmediate(writeBatch)
    })
  }

  async function writeBatch() {
    const batch = waiting
    waiting = []
    batchDue = false
    lastBatch = performance.now()
    try {
      const seqs = await log.appendMany(batch.map((w) => w.row))
      for (const [i, w] of batch.entries()) w.done(seqs[i] as number)
    } catch {
      // One bad row (a document dropped meanwhile) must not refuse the others: each on its own.
      for (const { row, done, failed } of batch)
        await log.append(row.docId, row.accountId, row.update, row.at).then(done, failed)
    }
  }

  // ---- Loading and applying ----

  function broadcastUpdate(doc: LiveDoc, update: Uint8Array) {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeUpdate(encoder, update)
    const message = encoding.toUint8Array(encoder)
    for (const peer of doc.peers) {
      send(peer, message)
      recheckListener(doc, peer)
    }
  }

  /**
   * Everyone connected is checked again every `readCheckMs`, as updates and presences reach them and
   * on a quiet page too: a reader whose token was revoked, or who lost the space, stops receiving the
   * page and its people.
   */
  function recheckListener(doc: LiveDoc, peer: Peer) {
    const now = deps.clock.now()
    if (peer.checking || peer.closed || now - peer.checkedAt < limits.readCheckMs) return
    peer.checking = true
    peer.checkedAt = now
    void peer.credential
      .refresh()
      .then((actor) => accessSpace(deps, actor, peer.ticket.orgSlug, peer.ticket.spaceSlug, 'space.read'))
      .then(
        () => {
          peer.checking = false
        },
        (error: unknown) => {
          peer.checking = false
          send(peer, encodeStatus({ type: 'closing', ...errorOf(error, peer.credential.locale) }))
          hangUp(peer, CLOSE.refused, 'refused')
          leave(doc, peer)
        },
      )
  }

  /** Applies an update of the log, weighing how much of the text it changed, for authorship. */
  function applyRow(doc: LiveDoc, seq: number, accountId: number | null, update: Uint8Array) {
    if (doc.applied.has(seq)) return
    const origin: Origin = { accountId, weight: 0 }
    Y.applyUpdate(doc.ydoc, update, origin)
    doc.applied.set(seq, { accountId, weight: origin.weight })
  }

  function makeDoc(row: CollabDoc): LiveDoc {
    const ydoc = new Y.Doc()
    const text = ydoc.getText(LIVE_TEXT)
    Y.applyUpdate(ydoc, row.state)
    const awareness = new awarenessProtocol.Awareness(ydoc)
    awareness.setLocalState(null)
    const doc: LiveDoc = {
      key: keyOf(row.spaceId, row.path),
      id: row.id,
      spaceId: row.spaceId,
      path: row.path,
      ydoc,
      text,
      awareness,
      applied: new Map(),
      peers: new Set(),
      flushing: Promise.resolve(),
      again: false,
      gone: false,
      accounts: new Map(),
    }
    text.observe((event, transaction) => {
      const origin = transaction.origin as Origin | undefined
      if (!origin || typeof origin.weight !== 'number') return
      for (const op of event.delta)
        origin.weight += typeof op.insert === 'string' ? op.insert.length : (op.delete ?? 0)
    })
    ydoc.on('update', (update: Uint8Array, origin: unknown) => {
      const held = (origin as Origin | undefined)?.held
      if (held) {
        held.push(update)
        return
      }
      broadcastUpdate(doc, update)
    })
    awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed]
        if (changed.length === 0) return
        const from =
          typeof origin === 'object' && origin && 'clients' in origin ? (origin as Peer) : undefined
        if (from) {
          for (const id of added) from.clients.add(id)
          for (const id of removed) from.clients.delete(id)
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(awareness, changed)
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
        encoding.writeVarUint8Array(encoder, update)
        const message = encoding.toUint8Array(encoder)
        for (const peer of doc.peers) {
          send(peer, message)
          recheckListener(doc, peer)
        }
        if (origin !== 'relay')
          deps.collabRelay.publish({
            kind: 'awareness',
            docId: doc.id,
            update: toBase64(update),
          })
        // Someone new in the page on another instance: tell them who is in it here.
        else if (added.length > 0) publishPresence(doc)
      },
    )
    return doc
  }

  /** Reads the file at the tip: its text and blob id; refuses what is not edited live. */
  async function tipText(access: SpaceAccess, path: string) {
    const repo = deps.repos.open(access.space.id, access.space.branch)
    const file = await repo.read(path)
    if (!file) return undefined
    const text = file.bytes.length <= limits.maxTextBytes ? asText(file.bytes) : undefined
    if (text === undefined) throw new DomainError('live_not_text', { limit: limits.maxTextBytes })
    // An editor counts a line break as one character: a CRLF page's positions would not match.
    if (text.includes('\r')) throw new DomainError('live_line_endings')
    return { text, sha: file.sha }
  }

  /**
   * Brings an outside change into the document: the file at the tip differs from the text last
   * committed. The difference is made on that text's own document, so it merges with what people
   * typed since as a concurrent edit; it is logged and passed on like any update.
   */
  async function integrate(doc: LiveDoc, base: CollabDoc, tip: { text: string; sha: string }) {
    const shadow = new Y.Doc()
    Y.applyUpdate(shadow, base.state)
    const shadowText = shadow.getText(LIVE_TEXT)
    const before = Y.encodeStateVector(shadow)
    applyTextChange(shadowText, shadowText.toString(), tip.text)
    const update = Y.encodeStateAsUpdate(shadow, before)
    const now = deps.clock.now()
    const seq = await log.append(doc.id, null, update, now)
    await log.settle(doc.id, Y.encodeStateAsUpdate(shadow), tip.sha, [], now)
    shadow.destroy()
    applyRow(doc, seq, null, update)
    deps.collabRelay.publish({ kind: 'update', docId: doc.id })
  }

  /**
   * The file at the tip is not the text last committed: take the difference in, unless the live text
   * is already the tip's (what a flush committed before its process died, before the log was told).
   */
  async function takeIn(doc: LiveDoc, base: CollabDoc, tip: { text: string; sha: string }) {
    if (doc.text.toString() !== tip.text) return integrate(doc, base, tip)
    const seqs = [...doc.applied.keys()]
    await log.settle(doc.id, Y.encodeStateAsUpdate(doc.ydoc), tip.sha, seqs, deps.clock.now())
    for (const seq of seqs) doc.applied.delete(seq)
  }

  /**
   * A flush that was about to commit when its process stopped: when its text is in the page's history
   * after the tip it committed on, the commit was made, and the log is settled as the flush would have;
   * otherwise the commit was not made, and the intent is forgotten.
   */
  async function resolveIntent(repo: Repo, row: CollabDoc, doc?: LiveDoc): Promise<CollabDoc> {
    const intent = row.intent
    if (!intent) return row
    let made = false
    for (const commit of await repo.history(row.path, 50)) {
      if (intent.head && (commit.sha === intent.head || (await repo.isAncestor(commit.sha, intent.head))))
        break
      if ((await repo.read(row.path, commit.sha))?.sha === intent.blob) {
        made = true
        break
      }
    }
    if (!made) {
      await log.intend(row.id, null)
      return { ...row, intent: null }
    }
    await log.settle(row.id, intent.state, intent.blob, intent.seqs, deps.clock.now())
    if (doc) for (const seq of intent.seqs) doc.applied.delete(seq)
    return { ...row, state: intent.state, baseBlob: intent.blob, intent: null }
  }

  /** Tells the other instances who is in the page here: their newcomers learn of the people already in it. */
  function publishPresence(doc: LiveDoc) {
    const states = doc.awareness.getStates()
    const own = [...doc.peers].flatMap((peer) => [...peer.clients]).filter((id) => states.has(id))
    if (own.length === 0) return
    const update = awarenessProtocol.encodeAwarenessUpdate(doc.awareness, own)
    deps.collabRelay.publish({ kind: 'awareness', docId: doc.id, update: toBase64(update) })
  }

  /**
   * Applies the log's updates this instance has not seen (another instance's), and forgets those
   * another instance committed since, so that the next commit here credits only who typed since.
   */
  async function catchUp(doc: LiveDoc) {
    // Known before reading: an update appended here while the log is read is not taken for committed.
    const known = [...doc.applied.keys()]
    const rows = await log.pending(doc.id)
    for (const row of rows) applyRow(doc, row.seq, row.accountId, row.update)
    const left = new Set(rows.map((row) => row.seq))
    for (const seq of known) if (!left.has(seq)) doc.applied.delete(seq)
  }

  function open(ticket: LiveTicket): Promise<LiveDoc> {
    const key = keyOf(ticket.access.space.id, ticket.path)
    const kept = docs.get(key)
    if (kept) return Promise.resolve(kept)
    let made = loading.get(key)
    if (!made) {
      made = load(ticket.access, ticket.path).finally(() => loading.delete(key))
      loading.set(key, made)
    }
    return made
  }

  async function load(access: SpaceAccess, path: string): Promise<LiveDoc> {
    if (docs.size >= limits.maxDocs) evictIdle()
    if (docs.size >= limits.maxDocs) throw new DomainError('live_busy', {}, 30)
    const doc = await deps.queue.run(access.space.id, async () => {
      const tip = await tipText(access, path)
      if (!tip) throw new DomainError('not_found')
      let row = await log.doc(access.space.id, path)
      if (!row) {
        const seed = new Y.Doc()
        seed.getText(LIVE_TEXT).insert(0, tip.text)
        row = await log.seed(access.space.id, path, Y.encodeStateAsUpdate(seed), tip.sha, deps.clock.now())
        seed.destroy()
      }
      row = await resolveIntent(deps.repos.open(access.space.id, access.space.branch), row)
      const made = makeDoc(row)
      for (const update of await log.pending(row.id))
        applyRow(made, update.seq, update.accountId, update.update)
      if (row.baseBlob !== tip.sha) await takeIn(made, row, tip)
      await log.touch([row.id], deps.clock.now())
      return made
    })
    docs.set(doc.key, doc)
    byId.set(doc.id, doc)
    for (const { accountId } of doc.applied.values())
      if (accountId !== null) await rememberAccount(doc, accountId)
    if (doc.applied.size > 0) scheduleFlush(doc)
    return doc
  }

  async function rememberAccount(doc: LiveDoc, accountId: number) {
    if (doc.accounts.has(accountId)) return
    const account = await deps.store.accounts.byId(accountId)
    if (account) doc.accounts.set(accountId, account)
  }

  function unload(doc: LiveDoc) {
    clearTimeout(doc.idleTimer)
    clearTimeout(doc.maxTimer)
    clearTimeout(doc.unloadTimer)
    docs.delete(doc.key)
    if (byId.get(doc.id) === doc) byId.delete(doc.id)
    doc.awareness.destroy()
    doc.ydoc.destroy()
  }

  /** Frees room: documents nobody is in and with nothing left to commit go first. */
  function evictIdle() {
    for (const doc of docs.values())
      if (doc.peers.size === 0 && !hasEdits(doc) && docs.size >= limits.maxDocs) unload(doc)
  }

  const hasEdits = (doc: LiveDoc) => [...doc.applied.values()].some((u) => u.accountId !== null)

  // ---- Flushing ----

  /** A space as the service itself works in it (a flush, a recovery): no caller, every right. */
  function serviceAccess(found: { space: Space; organization: Organization }): SpaceAccess {
    const orgStore = deps.store.forOrg(found.organization.id)
    return {
      org: found.organization,
      orgStore,
      space: found.space,
      spaceStore: orgStore.space(found.space.id),
      spaceRole: 'admin',
    }
  }

  function scheduleFlush(doc: LiveDoc) {
    clearTimeout(doc.idleTimer)
    doc.idleTimer = setTimeout(() => void flush(doc), limits.idleMs)
    doc.maxTimer ??= setTimeout(() => void flush(doc), limits.maxMs)
  }

  /** Commits the document's text now (one flush at a time per document). */
  function flush(doc: LiveDoc, save?: { actor: Actor; message?: string; peer: Peer }): Promise<void> {
    clearTimeout(doc.idleTimer)
    clearTimeout(doc.maxTimer)
    doc.idleTimer = undefined
    doc.maxTimer = undefined
    const run = doc.flushing.then(() => flushNow(doc, save))
    doc.flushing = run.catch(() => {})
    return run
  }

  async function flushNow(doc: LiveDoc, save?: { actor: Actor; message?: string; peer: Peer }) {
    if (doc.gone) return
    const found = await deps.store.spaceById(doc.spaceId)
    if (!found) {
      doc.gone = true
      return
    }
    const access = serviceAccess(found)
    let told: ServerStatus | ((locale: Locale) => ServerStatus) | undefined
    try {
      await commitInSpace(deps, access, async (repo) => {
        await catchUp(doc)
        const kept = await log.doc(doc.spaceId, doc.path)
        const base = kept && (await resolveIntent(repo, kept, doc))
        const tip = await tipText(access, doc.path).catch((error: unknown) => {
          if (
            isDomainError(error) &&
            (error.reason === 'live_not_text' || error.reason === 'live_line_endings')
          )
            return undefined
          throw error
        })
        if (!base || !tip) return goneLocked(doc, access, base)
        if (base.baseBlob !== tip.sha) await takeIn(doc, base, tip)
        // One moment: the text, its state and the updates it holds are read together.
        const text = doc.text.toString()
        const state = Y.encodeStateAsUpdate(doc.ydoc)
        const seqs = [...doc.applied.keys()]
        const weights = weightsOf(doc)
        const settle = async (blob: string) => {
          await log.settle(doc.id, state, blob, seqs, deps.clock.now())
          for (const seq of seqs) doc.applied.delete(seq)
        }
        if (text === tip.text) {
          if (save)
            told = { type: 'saved', commit: null, author: '', coauthors: [], message: save.message ?? '' }
          return {
            changes: [],
            author: { name: '', email: '' },
            message: '',
            result: undefined,
            afterCommit: () => settle(tip.sha),
          }
        }
        const bytes = new TextEncoder().encode(text)
        if (bytes.length > limits.maxTextBytes)
          throw new DomainError('too_large', { limit: limits.maxTextBytes })
        await checkSecrets(deps, tip.text, text, false, 'content')
        if (save?.message) await checkCommitSecrets(deps, save.actor, { message: save.message }, false)
        for (const accountId of weights.keys()) await rememberAccount(doc, accountId)
        const people = [...weights.entries()]
          .filter(([id, weight]) => weight > 0 && doc.accounts.has(id))
          .sort((a, b) => b[1] - a[1])
          .map(([id]) => doc.accounts.get(id) as Account)
        const saver = save && people.find((p) => p.id === save.actor.account.id)
        // Whoever typed it may have been deleted since (a recovery long after): the service signs then.
        const author = saver ?? people[0] ?? save?.actor.account ?? SERVICE_ACCOUNT
        const coauthors = people.filter((p) => p.id !== author.id)
        const relative = relativeToContent(doc.path)
        const subject =
          save?.message?.trim() ||
          `Edit ${relative}${coauthors.length > 0 ? ` (${coauthors.length + 1} people)` : ''}`
        const blob = await repo.blobId(bytes)
        // Kept before the commit: a crash between the commit and the settling is resolved at the next load.
        await log.intend(doc.id, { blob, head: (await repo.head()) ?? null, seqs, state })
        return {
          changes: [{ path: doc.path, content: bytes }],
          author: authorOfAccount(author),
          message: liveCommitMessage(subject, coauthors.map(authorOfAccount)),
          result: undefined,
          afterCommit: async (commit: string | null) => {
            await settle(blob)
            if (commit)
              told = {
                type: 'saved',
                commit,
                author: author.displayName || author.username,
                coauthors: coauthors.map((p) => p.displayName || p.username),
                message: subject,
              }
          },
        }
      })
    } catch (error) {
      if (isDomainError(error)) {
        // Refused (a secret, too large): nothing is committed, the text stays in the log.
        told = (locale) => ({ type: 'refused', ...errorOf(error, locale) })
        logger.warn({ space: doc.spaceId, reason: error.reason }, 'live flush refused')
      } else {
        logger.error({ err: error, space: doc.spaceId }, 'live flush failed')
        if (!stopping) doc.maxTimer = setTimeout(() => void flush(doc), limits.maxMs)
        throw error
      }
    }
    // The people on other instances typed into this commit too.
    if (told && typeof told !== 'function' && told.type === 'saved' && told.commit !== null) {
      const { type: _type, ...saved } = told
      deps.collabRelay.publish({ kind: 'saved', docId: doc.id, ...saved, commit: told.commit })
    }
    if (told) {
      const status = told
      if (typeof status === 'function') {
        if (save) send(save.peer, encodeStatus(status(save.peer.credential.locale)))
        else tell(doc, status)
      } else tell(doc, () => status)
    }
    if (doc.gone) closeGone(doc)
  }

  /** The page left the tip (deleted or moved): unflushed text becomes a note; the document is dropped. */
  async function goneLocked(doc: LiveDoc, access: SpaceAccess, base: CollabDoc | undefined) {
    const text = doc.text.toString()
    const baseText = base ? textOfState(base.state) : text
    const weights = weightsOf(doc)
    const top = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
    if (top !== undefined) await rememberAccount(doc, top)
    // Whoever typed most may have been deleted since: the text is kept all the same, by the service.
    const author = (top !== undefined ? doc.accounts.get(top) : undefined) ?? SERVICE_ACCOUNT
    doc.gone = true
    if (text === baseText)
      return {
        changes: [],
        author: { name: '', email: '' },
        message: '',
        result: undefined,
        afterCommit: async () => {
          await log.drop(doc.id)
          deps.collabRelay.publish({ kind: 'gone', docId: doc.id, note: null })
        },
      }
    const plan = keepAsNote(deps, access, {
      path: relativeToContent(doc.path),
      text,
      author,
      afterCommit: async () => {
        doc.keptNote = plan.result
        await log.drop(doc.id)
        deps.collabRelay.publish({ kind: 'gone', docId: doc.id, note: plan.result })
      },
    })
    return plan
  }

  /** Tells the people in a page that it went, and whether a note kept what nobody had committed. */
  function closeGone(doc: LiveDoc) {
    const note = doc.keptNote ?? null
    tell(doc, (locale) => ({
      type: 'gone',
      note,
      ...errorOf(new DomainError(note ? 'live_page_gone' : 'live_page_gone_saved'), locale),
    }))
    for (const peer of doc.peers) hangUp(peer, CLOSE.gone, 'gone')
    doc.peers.clear()
    unload(doc)
  }

  // ---- Outside changes and other instances ----

  /** A space's tip moved: each open page of it takes in the change, in the space's queue. */
  function tipMoved(spaceId: number) {
    for (const doc of docs.values()) {
      if (doc.spaceId !== spaceId || doc.gone) continue
      void deps.store
        .spaceById(spaceId)
        .then(async (found) => {
          if (!found) return
          const space = found.space
          await deps.queue.run(spaceId, async () => {
            if (doc.gone || !docs.has(doc.key)) return
            const base = await log.doc(spaceId, doc.path)
            const repo = deps.repos.open(space.id, space.branch)
            const file = await repo.read(doc.path)
            if (!base) return
            if (!file) {
              // Gone: the next flush keeps what was typed and tells the people in it.
              void flush(doc)
              return
            }
            if (file.sha === base.baseBlob) return
            const text = file.bytes.length <= limits.maxTextBytes ? asText(file.bytes) : undefined
            if (text === undefined || text.includes('\r')) {
              // No longer a page edited live: the next flush keeps what was typed as a note.
              void flush(doc)
              return
            }
            await integrate(doc, base, { text, sha: file.sha })
          })
        })
        .catch((error: unknown) =>
          logger.warn({ err: error, space: spaceId }, 'live document could not catch up'),
        )
    }
  }

  function onRelay(message: RelayMessage) {
    if (message.kind === 'moved') return tipMoved(message.spaceId)
    const doc = byId.get(message.docId)
    if (!doc) return
    if (message.kind === 'awareness') {
      awarenessProtocol.applyAwarenessUpdate(doc.awareness, fromBase64(message.update), 'relay')
    } else if (message.kind === 'saved') {
      const { kind: _kind, docId: _doc, ...saved } = message
      tell(doc, () => ({ type: 'saved', ...saved }))
    } else if (message.kind === 'gone') {
      doc.gone = true
      if (message.note) doc.keptNote = message.note
      closeGone(doc)
    } else if (message.kind === 'update') {
      if (doc.catchingUp !== undefined) {
        doc.again = true
        return
      }
      const run = async () => {
        do {
          doc.again = false
          await catchUp(doc)
        } while (doc.again)
      }
      doc.catchingUp = run()
        .then(async () => {
          for (const { accountId } of doc.applied.values())
            if (accountId !== null) await rememberAccount(doc, accountId)
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'live updates of another instance not read'))
        .finally(() => {
          doc.catchingUp = undefined
        })
    }
  }

  const stopMoved = deps.spaceEvents.onMoved((spaceId) => {
    tipMoved(spaceId)
    deps.collabRelay.publish({ kind: 'moved', spaceId })
  })
  const stopRelay = deps.collabRelay.subscribe(onRelay)
  const toucher = setInterval(() => {
    const ids = [...docs.values()].map((d) => d.id)
    if (ids.length > 0)
      log
        .touch(ids, deps.clock.now())
        .catch((error: unknown) => logger.warn({ err: error }, 'live documents not touched'))
  }, TOUCH_MS)
  toucher.unref?.()
  // Everyone is checked once `readCheckMs` passed since their last check: at a fifth of it, the checks
  // of many people spread over time rather than all at one tick.
  const checker = setInterval(
    () => {
      for (const doc of docs.values()) for (const peer of doc.peers) recheckListener(doc, peer)
    },
    Math.max(1, limits.readCheckMs / 5),
  )
  checker.unref?.()

  // ---- People ----

  async function handle(doc: LiveDoc, peer: Peer, message: Uint8Array) {
    const decoder = decoding.createDecoder(message)
    const kind = decoding.readVarUint(decoder)
    if (kind === MESSAGE_SYNC) {
      const type = decoding.readVarUint(decoder)
      if (type === syncProtocol.messageYjsSyncStep1) {
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_SYNC)
        syncProtocol.writeSyncStep2(encoder, doc.ydoc, decoding.readVarUint8Array(decoder))
        send(peer, encoding.toUint8Array(encoder))
        return
      }
      if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) return
      // A reader's editor answers the server's sync with what it holds: that is no attempt to write.
      if (type === syncProtocol.messageYjsSyncStep2 && !peer.ticket.writable) return
      await write(doc, peer, decoding.readVarUint8Array(decoder))
    } else if (kind === MESSAGE_AWARENESS) {
      const raw = decoding.readVarUint8Array(decoder)
      // Another's presence, or an oversized one, is not taken: dropped, as a stale presence would be.
      const accountOf = (p: Peer) => p.credential.actor.account.id
      if (!takePresences(raw, peer, doc.peers, doc.awareness.getStates(), accountOf)) return
      const account = peer.credential.actor.account
      const update = awarenessProtocol.modifyAwarenessUpdate(raw, (state) =>
        state && typeof state === 'object'
          ? {
              ...state,
              user: {
                ...(typeof state.user === 'object' && state.user ? state.user : {}),
                name: account.displayName || account.username,
                username: account.username,
                writable: peer.ticket.writable,
              },
            }
          : state,
      )
      awarenessProtocol.applyAwarenessUpdate(doc.awareness, update, peer)
    } else if (kind === MESSAGE_QUERY_AWARENESS) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(
        encoder,
        awarenessProtocol.encodeAwarenessUpdate(doc.awareness, [...doc.awareness.getStates().keys()]),
      )
      send(peer, encoding.toUint8Array(encoder))
    } else if (kind === MESSAGE_STATUS) {
      const status = readStatus(decoder) as { type?: unknown; message?: unknown } | undefined
      if (status?.type !== 'save') return
      const actor = await recheck(doc, peer)
      if (!actor) return
      const message = typeof status.message === 'string' ? status.message.slice(0, 2000) : undefined
      await flush(doc, { actor, message, peer }).catch(() => {})
    }
  }

  /** Checks the caller's credential and right to write again; cuts them off when either is gone. */
  async function recheck(doc: LiveDoc, peer: Peer): Promise<Actor | undefined> {
    try {
      const actor = await peer.credential.refresh()
      await accessSpace(deps, actor, peer.ticket.orgSlug, peer.ticket.spaceSlug, 'space.write')
      peer.credential = { ...peer.credential, actor }
      // Checked as a writer: no need to check them again as a listener for a while.
      peer.checkedAt = deps.clock.now()
      return actor
    } catch (error) {
      const locale = peer.credential.locale
      if (isDomainError(error) && error.code === 'forbidden' && !peer.ticket.writable) {
        send(peer, encodeStatus({ type: 'read_only', ...errorOf(new DomainError('live_read_only'), locale) }))
        return undefined
      }
      send(peer, encodeStatus({ type: 'closing', ...errorOf(error, locale) }))
      hangUp(peer, CLOSE.refused, 'refused')
      leave(doc, peer)
      return undefined
    }
  }

  async function write(doc: LiveDoc, peer: Peer, update: Uint8Array) {
    if (!peer.ticket.writable) {
      send(
        peer,
        encodeStatus({
          type: 'read_only',
          ...errorOf(new DomainError('live_read_only'), peer.credential.locale),
        }),
      )
      return
    }
    const actor = await recheck(doc, peer)
    if (!actor || doc.gone) return
    if (doc.text.length + update.byteLength > limits.maxTextBytes) {
      // Past the size edited live: refused whole, and the person is told (their editor stops here).
      send(
        peer,
        encodeStatus({
          type: 'closing',
          ...errorOf(new DomainError('too_large', { limit: limits.maxTextBytes }), peer.credential.locale),
        }),
      )
      hangUp(peer, CLOSE.tooLarge, 'too large')
      leave(doc, peer)
      return
    }
    if (isForeignUpdate(update)) return refuseUpdate(doc, peer)
    const accountId = actor.account.id
    doc.accounts.set(accountId, actor.account)
    // Applied here first, to learn what it changes (a reconnecting editor resends what it has), but
    // held back: it is kept in the log before it is passed on, so a crash loses nothing passed on.
    const origin: Origin = { accountId, weight: 0, held: [] }
    Y.applyUpdate(doc.ydoc, update, origin)
    // What waits for text the document never gets is bounded: past the size of a page, it is dropped
    // and its writer cut off, once what did apply is kept and passed on below.
    const waitsTooMuch = pendingBytes(doc.ydoc) > limits.maxTextBytes
    if (waitsTooMuch) dropPending(doc.ydoc)
    const held = origin.held ?? []
    if (held.length > 0) {
      const effective = held.length === 1 ? (held[0] as Uint8Array) : Y.mergeUpdates(held)
      const seq = await appendSoon(doc.id, accountId, effective)
      doc.applied.set(seq, { accountId, weight: origin.weight })
      broadcastUpdate(doc, effective)
      deps.collabRelay.publish({ kind: 'update', docId: doc.id })
      scheduleFlush(doc)
    }
    if (waitsTooMuch) refuseUpdate(doc, peer)
  }

  /** Cuts off a writer whose update the document cannot hold, saying why. */
  function refuseUpdate(doc: LiveDoc, peer: Peer) {
    const error = new DomainError('live_update_foreign')
    send(peer, encodeStatus({ type: 'closing', ...errorOf(error, peer.credential.locale) }))
    hangUp(peer, CLOSE.invalid, 'refused update')
    leave(doc, peer)
  }

  function sendHello(doc: LiveDoc, peer: Peer) {
    send(peer, encodeStatus({ type: 'hello', doc: doc.id, writable: peer.ticket.writable }))
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, doc.ydoc)
    send(peer, encoding.toUint8Array(encoder))
    const states = [...doc.awareness.getStates().keys()]
    if (states.length > 0) {
      const awareness = encoding.createEncoder()
      encoding.writeVarUint(awareness, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(awareness, awarenessProtocol.encodeAwarenessUpdate(doc.awareness, states))
      send(peer, encoding.toUint8Array(awareness))
    }
  }

  function leave(doc: LiveDoc | undefined, peer: Peer) {
    peer.closed = true
    if (!doc?.peers.delete(peer)) return
    if (peer.clients.size > 0)
      awarenessProtocol.removeAwarenessStates(doc.awareness, [...peer.clients], 'left')
    if (doc.peers.size === 0) nobodyLeft(doc)
  }

  /** Nobody is in the page (the last person left, or none came): commit now, forget it a while later. */
  function nobodyLeft(doc: LiveDoc) {
    if (!stopping) {
      void flush(doc).catch(() => {})
      clearTimeout(doc.unloadTimer)
      doc.unloadTimer = setTimeout(() => {
        if (doc.peers.size === 0 && docs.get(doc.key) === doc)
          void doc.flushing.then(() => {
            if (doc.peers.size === 0 && !hasEdits(doc) && docs.get(doc.key) === doc) unload(doc)
          })
      }, limits.unloadMs)
      doc.unloadTimer.unref?.()
    }
  }

  /** The connections an account holds in the pages of this instance. */
  function connectionsOf(accountId: number): number {
    let count = 0
    for (const doc of docs.values())
      for (const peer of doc.peers) if (peer.credential.actor.account.id === accountId) count++
    return count
  }

  return {
    async admit(actor, ref) {
      if (stopping) throw new DomainError('unavailable', {}, 5)
      const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
      const path = newContentPath(ref.path)
      const writable = await accessSpace(deps, actor, ref.org, ref.space, 'space.write').then(
        () => true,
        () => false,
      )
      if (connectionsOf(actor.account.id) >= limits.maxPeersPerAccount)
        throw new DomainError('live_too_many_sessions', { limit: limits.maxPeersPerAccount })
      const key = keyOf(access.space.id, path)
      const open = docs.get(key)
      if (open && open.peers.size >= limits.maxPeers) throw new DomainError('live_busy', {}, 30)
      if (!open) {
        if (docs.size >= limits.maxDocs) evictIdle()
        if (docs.size >= limits.maxDocs) throw new DomainError('live_busy', {}, 30)
        const tip = await tipText(access, path)
        if (!tip) throw new DomainError('not_found')
      }
      return { access, orgSlug: ref.org, spaceSlug: ref.space, path, writable }
    },

    connect(ticket, credential, socket) {
      const peer: Peer = {
        socket,
        credential,
        ticket,
        clients: new Set(),
        chain: Promise.resolve(),
        closed: false,
        checkedAt: deps.clock.now(),
        checking: false,
      }
      let doc: LiveDoc | undefined
      const opened = open(ticket).then(
        (made) => {
          if (peer.closed) {
            // Left before the document was ready: nothing to do but the usual goodbye.
            if (made.peers.size === 0) nobodyLeft(made)
            return
          }
          // Admitted with others at once: counted again as the person takes their place.
          if (connectionsOf(credential.actor.account.id) >= limits.maxPeersPerAccount) {
            const error = new DomainError('live_too_many_sessions', { limit: limits.maxPeersPerAccount })
            send(peer, encodeStatus({ type: 'closing', ...errorOf(error, credential.locale) }))
            hangUp(peer, CLOSE.tooMany, 'too many')
            if (made.peers.size === 0) nobodyLeft(made)
            return
          }
          doc = made
          clearTimeout(made.unloadTimer)
          made.peers.add(peer)
          sendHello(made, peer)
        },
        (error: unknown) => {
          send(peer, encodeStatus({ type: 'closing', ...errorOf(error, credential.locale) }))
          hangUp(
            peer,
            isDomainError(error) && error.code === 'unavailable' ? CLOSE.busy : CLOSE.error,
            'refused',
          )
        },
      )
      peer.chain = opened
      return {
        receive(message) {
          peer.chain = peer.chain.then(async () => {
            if (!doc || peer.closed) return
            try {
              await handle(doc, peer, message)
            } catch (error) {
              logger.warn({ err: error, space: doc.spaceId }, 'live message refused')
              send(peer, encodeStatus({ type: 'closing', ...errorOf(error, credential.locale) }))
              hangUp(peer, CLOSE.error, 'error')
              leave(doc, peer)
            }
          })
        },
        leave() {
          void peer.chain.then(() => leave(doc, peer))
          if (!doc) peer.closed = true
        },
      }
    },

    async recover() {
      for (const left of await log.unsettled()) {
        if (stopping) return
        const found = await deps.store.spaceById(left.spaceId)
        if (!found) continue
        const access = serviceAccess(found)
        try {
          const doc = await open({ access, orgSlug: '', spaceSlug: '', path: left.path, writable: false })
          await flush(doc)
          if (doc.peers.size === 0 && docs.get(doc.key) === doc && !hasEdits(doc)) unload(doc)
          logger.info({ space: left.spaceId }, 'live edits left by the previous process committed')
        } catch (error) {
          logger.warn(
            { err: error, space: left.spaceId },
            'live edits left by the previous process not committed',
          )
        }
      }
    },

    stats: () => ({
      docs: docs.size,
      peers: [...docs.values()].reduce((sum, doc) => sum + doc.peers.size, 0),
    }),

    async idle() {
      for (;;) {
        const waiting = [...docs.values()].map((doc) => doc.flushing)
        await Promise.all([...loading.values()].map((p) => p.catch(() => {})))
        await Promise.all(waiting)
        if (![...docs.values()].some((doc) => doc.idleTimer || doc.maxTimer) && loading.size === 0) return
        await Promise.all(
          [...docs.values()]
            .filter((doc) => doc.idleTimer || doc.maxTimer)
            .map((doc) => flush(doc).catch(() => {})),
        )
      }
    },

    async stop() {
      if (stopping) return
      stopping = true
      stopMoved()
      stopRelay()
      clearInterval(toucher)
      clearInterval(checker)
      await Promise.all([...loading.values()].map((p) => p.catch(() => undefined)))
      const open = [...docs.values()]
      for (const doc of open) {
        tell(doc, (locale) => ({
          type: 'closing',
          ...errorOf(new DomainError('unavailable', {}, 5), locale),
        }))
        for (const peer of doc.peers) hangUp(peer, CLOSE.restart, 'restart')
        doc.peers.clear()
      }
      // What people typed is committed before the process ends.
      await Promise.all(
        open.map((doc) =>
          (hasEdits(doc) ? flush(doc) : doc.flushing).catch((error: unknown) =>
            logger.error(
              { err: error, space: doc.spaceId },
              'live edits not committed at shutdown: kept for the next start',
            ),
          ),
        ),
      )
      for (const doc of open) unload(doc)
    },
  }
}

/** How much each account changed in the updates a document holds, not yet committed. */
function weightsOf(doc: LiveDoc): Map<number, number> {
  const weights = new Map<number, number>()
  for (const { accountId, weight } of doc.applied.values())
    if (accountId !== null) weights.set(accountId, (weights.get(accountId) ?? 0) + weight)
  return weights
}

function textOfState(state: Uint8Array): string {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, state)
  const text = doc.getText(LIVE_TEXT).toString()
  doc.destroy()
  return text
}
