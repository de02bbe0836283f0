import type { CollabDoc, CollabLog, CollabUpdate } from '../../ports/collab.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { type MemoryTables, mustRefer } from './memory-tables.ts'

/**
 * Live documents and their update logs in memory, answering as the SQLite adapter does. Given the
 * store's tables, a document belongs to a space of them: it is refused for a space that does not
 * exist, and forgotten with its space, as the database's foreign key does.
 */
export function memoryCollab(tables?: Pick<MemoryTables, 'spaces'>): CollabLog {
  const docs = new Map<number, CollabDoc & { openedAt: number }>()
  const updates = new Map<number, (CollabUpdate & { docId: number })[]>()
  let nextDoc = 1
  let nextSeq = 1
  /** Removes a document's updates `seqs` from its log. */
  const removeUpdates = (docId: number, seqs: number[]) => {
    const gone = new Set(seqs)
    updates.set(
      docId,
      (updates.get(docId) ?? []).filter((u) => !gone.has(u.seq)),
    )
  }
  /** Forgets the documents of spaces deleted since the last call (the cascade, done when next asked). */
  const forgetDeletedSpaces = () => {
    if (!tables) return
    for (const doc of [...docs.values()])
      if (!tables.spaces.has(doc.spaceId)) {
        docs.delete(doc.id)
        updates.delete(doc.id)
      }
  }
  const find = (spaceId: number, path: string) => {
    for (const doc of docs.values())
      if (doc.spaceId === spaceId && doc.path === path) {
        const { openedAt: _opened, ...kept } = doc
        return { ...kept }
      }
    return undefined
  }
  const log: Sync<CollabLog> = {
    doc: find,
    seed: (spaceId, path, state, baseBlob, at) => {
      if (tables) mustRefer(tables.spaces.has(spaceId), 'collab_docs.space_id')
      const kept = find(spaceId, path)
      if (kept) return kept
      const doc = { id: nextDoc++, spaceId, path, state, baseBlob, intent: null, openedAt: at }
      docs.set(doc.id, doc)
      updates.set(doc.id, [])
      return find(spaceId, path) as CollabDoc
    },
    append: (docId, accountId, update, at) => {
      const list = updates.get(docId)
      if (!list) throw new Error('no such live document')
      const seq = nextSeq++
      list.push({ seq, docId, accountId, update, at })
      return seq
    },
    appendMany: (rows) => {
      // All or none, as one transaction: every document is checked before any update is kept.
      for (const { docId } of rows) if (!updates.has(docId)) throw new Error('no such live document')
      return rows.map(({ docId, accountId, update, at }) => {
        const seq = nextSeq++
        updates.get(docId)?.push({ seq, docId, accountId, update, at })
        return seq
      })
    },
    intend: (docId, intent) => {
      const doc = docs.get(docId)
      if (doc) doc.intent = intent
    },
    pending: (docId) => (updates.get(docId) ?? []).map(({ docId: _doc, ...update }) => update),
    settle: (docId, state, baseBlob, seqs, at) => {
      const doc = docs.get(docId)
      if (!doc) return
      Object.assign(doc, { state, baseBlob, openedAt: at, intent: null })
      removeUpdates(docId, seqs)
    },
    compact: (docId, seqs, update, accountId, at) => {
      if (!updates.has(docId)) throw new Error('no such live document')
      removeUpdates(docId, seqs)
      const seq = nextSeq++
      updates.get(docId)?.push({ seq, docId, accountId, update, at })
      return seq
    },
    drop: (docId) => {
      docs.delete(docId)
      updates.delete(docId)
    },
    unsettled: (openedBefore) =>
      [...docs.values()]
        .filter((doc) => (updates.get(doc.id) ?? []).length > 0)
        .filter((doc) => openedBefore === undefined || doc.openedAt < openedBefore)
        .map(({ id, spaceId, path }) => ({ id, spaceId, path })),
    touch: (docIds, at) => {
      for (const id of docIds) {
        const doc = docs.get(id)
        if (doc) doc.openedAt = at
      }
    },
    prune: (before) => {
      let count = 0
      for (const doc of [...docs.values()])
        if (doc.openedAt < before && (updates.get(doc.id) ?? []).length === 0) {
          docs.delete(doc.id)
          updates.delete(doc.id)
          count++
        }
      return count
    },
  }
  return memoryPort<CollabLog>(cascading(log, forgetDeletedSpaces))
}

/** The same log, each call preceded by `before`. */
function cascading(log: Sync<CollabLog>, before: () => void): Sync<CollabLog> {
  const wrapped = {} as Record<string, unknown>
  for (const [name, method] of Object.entries(log))
    wrapped[name] = (...args: unknown[]) => {
      before()
      return (method as (...a: unknown[]) => unknown)(...args)
    }
  return wrapped as Sync<CollabLog>
}
