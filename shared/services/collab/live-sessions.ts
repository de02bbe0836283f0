import * as awarenessProtocol from 'y-protocols/awareness'
import * as Y from 'yjs'
import { encodeStatus, LIVE_TEXT } from '../../domain/collab-wire.ts'
import { newContentPath } from '../../domain/content-path.ts'
import { DomainError, isDomainError } from '../../errors/domain-error.ts'
import type { Logger } from '../../ports/logger.ts'
import { accessSpace, type SpaceAccess } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { updateBatcher } from './internal/append-batch.ts'
import { compactIfLarge } from './internal/compact-log.ts'
import {
  applyRow,
  canUnload,
  hasEdits,
  makeDoc,
  recheckListener,
  rememberAccount,
  unload,
} from './internal/live-doc.ts'
import { flush, scheduleFlush, serviceAccess } from './internal/live-flush.ts'
import { handle, sendHello } from './internal/live-messages.ts'
import {
  ADOPT_AGAIN_MS,
  CLOSE,
  errorOf,
  hangUp,
  keyOf,
  LIVE_LIMITS,
  type LiveConnection,
  type LiveContext,
  type LiveCredential,
  type LiveDoc,
  type LiveLimits,
  type LivePeer,
  type LiveSessionsDeps,
  type LiveTicket,
  ORPHANED_AFTER_MS,
  type Peer,
  send,
  TOUCH_MS,
  tell,
} from './internal/live-shapes.ts'
import { onRelay, tipMoved } from './internal/other-instances.ts'
import { resolveIntent, takeIn, tipText } from './internal/outside-changes.ts'

export { COMPACT_MIN_BYTES } from './internal/compact-log.ts'
export {
  CLOSE,
  LIVE_LIMITS,
  type LiveConnection,
  type LiveCredential,
  type LiveLimits,
  type LivePeer,
  type LiveSessionsDeps,
  type LiveTicket,
}

export type LiveSessions = {
  /** Checks that the caller may join a page's session (404, 400 for a file not edited live, 503 when full). */
  admit(actor: Actor, ref: { org: string; space: string; path: string }): Promise<LiveTicket>
  /** Joins an admitted page: the document is loaded (or shared) and the first sync messages are sent. */
  connect(ticket: LiveTicket, credential: LiveCredential, socket: LivePeer): LiveConnection
  /** Commits what earlier processes left in the log (after a crash); resolves once done. */
  recover(): Promise<void>
  /**
   * Commits what another instance left in the log and stopped touching (it died and may never come
   * back): run every TOUCH_MS; resolves once done.
   */
  adoptOrphans(): Promise<void>
  /** Documents in memory, and people connected (for measures). */
  stats(): { docs: number; peers: number }
  /** Whether nothing waits to be committed in memory (tests and benches wait on it). */
  idle(): Promise<void>
  /** Closes every session, commits what is left, and forgets the documents. */
  stop(): Promise<void>
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
  const ctx: LiveContext = {
    deps,
    logger,
    limits,
    log: deps.store.collab,
    docs: new Map(),
    byId: new Map(),
    loading: new Map(),
    stopping: false,
    appendSoon: updateBatcher(deps.store.collab, deps.clock),
    leave: (doc, peer) => leave(doc, peer),
  }

  function open(ticket: LiveTicket): Promise<LiveDoc> {
    const key = keyOf(ticket.access.space.id, ticket.path)
    const kept = ctx.docs.get(key)
    if (kept) return Promise.resolve(kept)
    let made = ctx.loading.get(key)
    if (!made) {
      made = load(ticket.access, ticket.path).finally(() => ctx.loading.delete(key))
      ctx.loading.set(key, made)
    }
    return made
  }

  async function load(access: SpaceAccess, path: string): Promise<LiveDoc> {
    if (ctx.docs.size >= ctx.limits.maxDocs) evictIdle()
    if (ctx.docs.size >= ctx.limits.maxDocs) throw new DomainError('live_busy', {}, 30)
    const doc = await ctx.deps.queue.run(access.space.id, async () => {
      const tip = await tipText(ctx, access, path)
      if (!tip) throw new DomainError('not_found')
      let row = await ctx.log.doc(access.space.id, path)
      if (!row) {
        const seed = new Y.Doc()
        seed.getText(LIVE_TEXT).insert(0, tip.text)
        row = await ctx.log.seed(
          access.space.id,
          path,
          Y.encodeStateAsUpdate(seed),
          tip.sha,
          ctx.deps.clock.now(),
        )
        seed.destroy()
      }
      row = await resolveIntent(ctx, ctx.deps.repos.open(access.space.id, access.space.branch), row)
      const made = makeDoc(ctx, row)
      for (const update of await ctx.log.pending(row.id))
        applyRow(made, update.seq, update.accountId, update.update)
      if (row.baseBlob !== tip.sha) await takeIn(ctx, made, row, tip)
      await ctx.log.touch([row.id], ctx.deps.clock.now())
      return made
    })
    ctx.docs.set(doc.key, doc)
    ctx.byId.set(doc.id, doc)
    for (const { accountId } of doc.applied.values())
      if (accountId !== null) await rememberAccount(ctx, doc, accountId)
    if (doc.applied.size > 0) scheduleFlush(ctx, doc)
    compactIfLarge(ctx, doc)
    return doc
  }

  /** Frees room: documents nobody is in and with nothing left to commit (or only what was refused) go. */
  function evictIdle() {
    for (const doc of ctx.docs.values())
      if (canUnload(doc) && ctx.docs.size >= ctx.limits.maxDocs) unload(ctx, doc)
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
    if (!ctx.stopping) {
      void flush(ctx, doc).catch(() => {})
      clearTimeout(doc.unloadTimer)
      doc.unloadTimer = setTimeout(() => {
        if (doc.peers.size === 0 && ctx.docs.get(doc.key) === doc)
          void doc.flushing.then(() => {
            if (canUnload(doc) && ctx.docs.get(doc.key) === doc) unload(ctx, doc)
          })
      }, ctx.limits.unloadMs)
      doc.unloadTimer.unref?.()
    }
  }

  /** The connections an account holds in the pages of this instance. */
  function connectionsOf(accountId: number): number {
    let count = 0
    for (const doc of ctx.docs.values())
      for (const peer of doc.peers) if (peer.credential.actor.account.id === accountId) count++
    return count
  }

  const stopMoved = ctx.deps.spaceEvents.onMoved((spaceId) => {
    tipMoved(ctx, spaceId)
    ctx.deps.collabRelay.publish({ kind: 'moved', spaceId })
  })
  const stopRelay = ctx.deps.collabRelay.subscribe((message) => onRelay(ctx, message))
  const toucher = setInterval(() => {
    const ids = [...ctx.docs.values()].map((d) => d.id)
    if (ids.length > 0)
      ctx.log
        .touch(ids, ctx.deps.clock.now())
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'live documents not touched'))
    void sessions
      .adoptOrphans()
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'live edits of a stopped instance not committed'),
      )
  }, TOUCH_MS)
  toucher.unref?.()
  // Everyone is checked once `readCheckMs` passed since their last check: at a fifth of it, the checks
  // of many people spread over time rather than all at one tick.
  const checker = setInterval(
    () => {
      for (const doc of ctx.docs.values()) for (const peer of doc.peers) recheckListener(ctx, doc, peer)
    },
    Math.max(1, ctx.limits.readCheckMs / 5),
  )
  checker.unref?.()

  /** When this instance last failed to commit a stopped instance's document. */
  const failedAt = new Map<number, number>()

  /**
   * Loads a document left with updates, commits them, and lets it go again unless someone is in it.
   * Answers whether nothing is left to commit.
   */
  async function commitLeft(left: { spaceId: number; path: string }, by: string): Promise<boolean> {
    if (ctx.stopping) return false
    try {
      const found = await ctx.deps.store.spaceById(left.spaceId)
      if (!found) return true
      const access = serviceAccess(ctx, found)
      const doc = await open({ access, orgSlug: '', spaceSlug: '', path: left.path, writable: false })
      await flush(ctx, doc)
      const isDone = !hasEdits(doc)
      if (canUnload(doc) && ctx.docs.get(doc.key) === doc) unload(ctx, doc)
      if (isDone) ctx.logger.info({ space: left.spaceId }, `live edits left by ${by} committed`)
      else ctx.logger.warn({ space: left.spaceId }, `live edits left by ${by} not committed`)
      return isDone
    } catch (error) {
      ctx.logger.warn({ err: error, space: left.spaceId }, `live edits left by ${by} not committed`)
      return false
    }
  }

  const sessions: LiveSessions = {
    async admit(actor, ref) {
      if (ctx.stopping) throw new DomainError('unavailable', {}, 5)
      const access = await accessSpace(ctx.deps, actor, ref.org, ref.space, 'space.read')
      const path = newContentPath(ref.path)
      const writable = await accessSpace(ctx.deps, actor, ref.org, ref.space, 'space.write').then(
        () => true,
        () => false,
      )
      if (connectionsOf(actor.account.id) >= ctx.limits.maxPeersPerAccount)
        throw new DomainError('live_too_many_sessions', { limit: ctx.limits.maxPeersPerAccount })
      const key = keyOf(access.space.id, path)
      const open = ctx.docs.get(key)
      if (open && open.peers.size >= ctx.limits.maxPeers) throw new DomainError('live_busy', {}, 30)
      if (!open) {
        if (ctx.docs.size >= ctx.limits.maxDocs) evictIdle()
        if (ctx.docs.size >= ctx.limits.maxDocs) throw new DomainError('live_busy', {}, 30)
        const tip = await tipText(ctx, access, path)
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
        checkedAt: ctx.deps.clock.now(),
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
          if (connectionsOf(credential.actor.account.id) >= ctx.limits.maxPeersPerAccount) {
            const error = new DomainError('live_too_many_sessions', { limit: ctx.limits.maxPeersPerAccount })
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
              await handle(ctx, doc, peer, message)
            } catch (error) {
              ctx.logger.warn({ err: error, space: doc.spaceId }, 'live message refused')
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
      for (const left of await ctx.log.unsettled()) await commitLeft(left, 'the previous process')
    },

    async adoptOrphans() {
      // Untouched for three rounds: the instance that held them stopped without committing them.
      const now = ctx.deps.clock.now()
      for (const left of await ctx.log.unsettled(now - ORPHANED_AFTER_MS)) {
        // One that could not be committed is tried again later, not at every round.
        if (ctx.byId.has(left.id) || now - (failedAt.get(left.id) ?? -Infinity) < ADOPT_AGAIN_MS) continue
        if (await commitLeft(left, 'a stopped instance')) failedAt.delete(left.id)
        else failedAt.set(left.id, now)
      }
    },

    stats: () => ({
      docs: ctx.docs.size,
      peers: [...ctx.docs.values()].reduce((sum, doc) => sum + doc.peers.size, 0),
    }),

    async idle() {
      for (;;) {
        const waiting = [...ctx.docs.values()].map((doc) => doc.flushing)
        await Promise.all([...ctx.loading.values()].map((p) => p.catch(() => {})))
        await Promise.all(waiting)
        if (![...ctx.docs.values()].some((doc) => doc.idleTimer || doc.maxTimer) && ctx.loading.size === 0)
          return
        await Promise.all(
          [...ctx.docs.values()]
            .filter((doc) => doc.idleTimer || doc.maxTimer)
            .map((doc) => flush(ctx, doc).catch(() => {})),
        )
      }
    },

    async stop() {
      if (ctx.stopping) return
      ctx.stopping = true
      stopMoved()
      stopRelay()
      clearInterval(toucher)
      clearInterval(checker)
      await Promise.all([...ctx.loading.values()].map((p) => p.catch(() => undefined)))
      const open = [...ctx.docs.values()]
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
          (hasEdits(doc) ? flush(ctx, doc) : doc.flushing).catch((error: unknown) =>
            ctx.logger.error(
              { err: error, space: doc.spaceId },
              'live edits not committed at shutdown: kept for the next start',
            ),
          ),
        ),
      )
      for (const doc of open) unload(ctx, doc)
    },
  }
  return sessions
}
