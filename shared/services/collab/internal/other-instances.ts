/** What other instances and outside writes tell the documents open here. */
import { fromBase64 } from 'lib0/buffer'
import * as awarenessProtocol from 'y-protocols/awareness'
import type { RelayMessage } from '../../../ports/collab-relay.ts'
import { asText } from '../../content/check-secrets.ts'
import { rememberAccount } from './live-doc.ts'
import { closeGone, flush } from './live-flush.ts'
import { type LiveContext, tell } from './live-shapes.ts'
import { catchUp, integrate } from './outside-changes.ts'

/** A space's tip moved: each open page of it takes in the change, in the space's queue. */
export function tipMoved(ctx: LiveContext, spaceId: number) {
  for (const doc of ctx.docs.values()) {
    if (doc.spaceId !== spaceId || doc.gone) continue
    void ctx.deps.store
      .spaceById(spaceId)
      .then(async (found) => {
        if (!found) return
        const space = found.space
        await ctx.deps.queue.run(spaceId, async () => {
          if (doc.gone || !ctx.docs.has(doc.key)) return
          const base = await ctx.log.doc(spaceId, doc.path)
          const repo = ctx.deps.repos.open(space.id, space.branch)
          const file = await repo.read(doc.path)
          if (!base) return
          if (!file) {
            // Gone: the next flush keeps what was typed and tells the people in it.
            void flush(ctx, doc)
            return
          }
          if (file.sha === base.baseBlob) return
          const text = file.bytes.length <= ctx.limits.maxTextBytes ? asText(file.bytes) : undefined
          if (text === undefined || text.includes('\r')) {
            // No longer a page edited live: the next flush keeps what was typed as a note.
            void flush(ctx, doc)
            return
          }
          await integrate(ctx, doc, base, { text, sha: file.sha })
        })
      })
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, space: spaceId }, 'live document could not catch up'),
      )
  }
}

/** What another instance tells: presences, saves, a page gone, updates to read from the log. */
export function onRelay(ctx: LiveContext, message: RelayMessage) {
  if (message.kind === 'moved') return tipMoved(ctx, message.spaceId)
  const doc = ctx.byId.get(message.docId)
  if (!doc) return
  if (message.kind === 'awareness') {
    awarenessProtocol.applyAwarenessUpdate(doc.awareness, fromBase64(message.update), 'relay')
  } else if (message.kind === 'saved') {
    const { kind: _kind, docId: _doc, ...saved } = message
    tell(doc, () => ({ type: 'saved', ...saved }))
  } else if (message.kind === 'gone') {
    doc.gone = true
    if (message.note) doc.keptNote = message.note
    if (message.moved) doc.movedTo = message.moved
    closeGone(ctx, doc)
  } else if (message.kind === 'update') {
    if (doc.catchingUp !== undefined) {
      doc.again = true
      return
    }
    const run = async () => {
      do {
        doc.again = false
        await catchUp(ctx, doc)
      } while (doc.again)
    }
    doc.catchingUp = run()
      .then(async () => {
        for (const { accountId } of doc.applied.values())
          if (accountId !== null) await rememberAccount(ctx, doc, accountId)
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'live updates of another instance not read'))
      .finally(() => {
        doc.catchingUp = undefined
      })
  }
}
