import { describe, expect, it } from 'vitest'
import type { CollabDoc, CollabLog } from '../../ports/collab.ts'
import type { Store } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

/** Bytes as a plain list, so that a Buffer and a Uint8Array of the same bytes compare equal. */
const listOf = (bytes: Uint8Array) => Array.from(bytes)

/** What a document holds of the page, its bytes as a plain list. */
const shapeOf = (doc: CollabDoc | undefined) =>
  doc && {
    id: doc.id,
    spaceId: doc.spaceId,
    path: doc.path,
    state: listOf(doc.state),
    baseBlob: doc.baseBlob,
  }

/** A few bytes standing for a Yjs state or update (the log keeps them as they are). */
const blob = (...values: number[]) => new Uint8Array(values)

/** Seqs are only ever compared: one list of what the log holds, oldest first. */
async function seqsOf(log: CollabLog, docId: number): Promise<number[]> {
  return (await log.pending(docId)).map((u) => u.seq)
}

/**
 * The contract of the CollabLog port: each page edited live has one document (its state as last
 * committed, and that text's blob), and a log of the updates received since, kept until a flush
 * folds them into the state. Several instances may share it: seeding twice keeps the first.
 */
export function describeCollabLogContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: live documents and their logs`, () => {
    const store = freshStore(makeStore)
    const log = () => store().collab

    /** An organization with two spaces, and an account to type. */
    const seedPlaces = async (s: Store) => {
      const org = await seedOrganization(s, 'acme')
      const wiki = await seedSpace(s, org.id, 'wiki')
      const docs = await seedSpace(s, org.id, 'docs')
      const ada = await seedAccount(s, 'ada')
      return { org, wiki, docs, ada }
    }

    it('keeps a new document as given, and answers the first one kept when seeded twice', async () => {
      const { wiki } = await seedPlaces(store())
      expect(await log().doc(wiki.id, 'content/a.md')).toBeUndefined()
      const first = await log().seed(wiki.id, 'content/a.md', blob(1, 0, 2), 'blob-a', 100)
      const kept = {
        id: first.id,
        spaceId: wiki.id,
        path: 'content/a.md',
        state: [1, 0, 2],
        baseBlob: 'blob-a',
      }
      expect(shapeOf(first)).toEqual(kept)
      // Another instance seeding the same page at once gets the document already kept.
      expect(shapeOf(await log().seed(wiki.id, 'content/a.md', blob(9, 9), 'blob-b', 200))).toEqual(kept)
      expect(shapeOf(await log().doc(wiki.id, 'content/a.md'))).toEqual(kept)
    })

    it('keeps one document per page: the same path in another space is another document', async () => {
      const { wiki, docs } = await seedPlaces(store())
      const a = await log().seed(wiki.id, 'content/a.md', blob(1), 'x', 0)
      const b = await log().seed(wiki.id, 'content/b.md', blob(2), 'y', 0)
      const c = await log().seed(docs.id, 'content/a.md', blob(3), 'z', 0)
      expect(new Set([a.id, b.id, c.id]).size).toBe(3)
      expect((await log().doc(docs.id, 'content/a.md'))?.baseBlob).toBe('z')
    })

    it('keeps the bytes of a view into a larger buffer, not the whole buffer', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const whole = blob(7, 1, 2, 3, 7)
      const doc = await log().seed(wiki.id, 'content/a.md', whole.subarray(1, 4), 'x', 0)
      expect(listOf(doc.state)).toEqual([1, 2, 3])
      await log().append(doc.id, ada.id, whole.subarray(2, 3), 1)
      expect((await log().pending(doc.id)).map((u) => listOf(u.update))).toEqual([[2]])
    })

    it('gives back a document’s updates oldest first, as appended, and no other document’s', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const other = await log().seed(wiki.id, 'content/b.md', blob(0), 'x', 0)
      const first = await log().append(doc.id, ada.id, blob(1), 10)
      await log().append(other.id, ada.id, blob(5), 11)
      const second = await log().append(doc.id, null, blob(2, 2), 12)
      const third = await log().append(doc.id, ada.id, blob(3), 13)
      expect(first).toBeLessThan(second)
      expect(second).toBeLessThan(third)
      const pending = await log().pending(doc.id)
      expect(pending.map((u) => ({ ...u, update: listOf(u.update) }))).toEqual([
        { seq: first, accountId: ada.id, update: [1], at: 10 },
        { seq: second, accountId: null, update: [2, 2], at: 12 },
        { seq: third, accountId: ada.id, update: [3], at: 13 },
      ])
      expect(await log().pending(other.id)).toHaveLength(1)
    })

    it('adds updates of several documents at once, in order, and none when one of them is not kept', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const other = await log().seed(wiki.id, 'content/b.md', blob(0), 'y', 0)
      const [first, second, third] = await log().appendMany([
        { docId: doc.id, accountId: ada.id, update: blob(1), at: 10 },
        { docId: other.id, accountId: null, update: blob(5), at: 11 },
        { docId: doc.id, accountId: ada.id, update: blob(2), at: 12 },
      ])
      expect(first).toBeLessThan(third as number)
      expect((await log().pending(doc.id)).map((u) => u.seq)).toEqual([first, third])
      expect((await log().pending(other.id)).map((u) => u.seq)).toEqual([second])
      await log().drop(other.id)
      await expect(
        log().appendMany([
          { docId: doc.id, accountId: ada.id, update: blob(3), at: 13 },
          { docId: other.id, accountId: ada.id, update: blob(4), at: 14 },
        ]),
      ).rejects.toThrow()
      expect(await log().pending(doc.id)).toHaveLength(2)
    })

    it('refuses an update of a document it does not keep', async () => {
      const { wiki } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      await log().drop(doc.id)
      await expect(log().append(doc.id, null, blob(1), 1)).rejects.toThrow()
    })

    it('settles by folding the given updates only: the state, its blob and the log change together', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'old', 0)
      const one = await log().append(doc.id, ada.id, blob(1), 1)
      const two = await log().append(doc.id, ada.id, blob(2), 2)
      // Typed while the flush was committing: not in the commit, so it stays in the log.
      const three = await log().append(doc.id, ada.id, blob(3), 3)
      await log().settle(doc.id, blob(0, 1, 2), 'new', [one, two], 4)
      expect(shapeOf(await log().doc(wiki.id, 'content/a.md'))).toMatchObject({
        state: [0, 1, 2],
        baseBlob: 'new',
      })
      expect(await seqsOf(log(), doc.id)).toEqual([three])
    })

    it('settles with no updates (an outside change taken in): only the state and its blob change', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'old', 0)
      const typed = await log().append(doc.id, ada.id, blob(1), 1)
      await log().settle(doc.id, blob(4), 'outside', [], 2)
      expect((await log().doc(wiki.id, 'content/a.md'))?.baseBlob).toBe('outside')
      expect(await seqsOf(log(), doc.id)).toEqual([typed])
    })

    it('compacts the updates given into one, in their place and after the others, of the document named only', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const other = await log().seed(wiki.id, 'content/b.md', blob(0), 'x', 0)
      const one = await log().append(doc.id, ada.id, blob(1), 1)
      const two = await log().append(doc.id, null, blob(2), 2)
      const three = await log().append(doc.id, ada.id, blob(3), 3)
      const theirs = await log().append(other.id, ada.id, blob(9), 3)
      const seq = await log().compact(doc.id, [one, two, theirs], blob(1, 2), ada.id, 4)
      const pending = await log().pending(doc.id)
      expect(pending.map((u) => [u.seq, u.accountId, listOf(u.update)])).toEqual([
        [three, ada.id, [3]],
        [seq, ada.id, [1, 2]],
      ])
      expect(seq).toBeGreaterThan(three)
      expect(await seqsOf(log(), other.id)).toEqual([theirs])
      // Still a document with something to commit.
      expect((await log().unsettled()).map((d) => d.id).sort()).toEqual([doc.id, other.id].sort())
    })

    it('settles only the document named, even when given another document’s updates', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const other = await log().seed(wiki.id, 'content/b.md', blob(0), 'x', 0)
      const mine = await log().append(doc.id, ada.id, blob(1), 1)
      const theirs = await log().append(other.id, ada.id, blob(2), 1)
      await log().settle(doc.id, blob(1), 'y', [mine, theirs], 2)
      expect(await seqsOf(log(), doc.id)).toEqual([])
      expect(await seqsOf(log(), other.id)).toEqual([theirs])
      expect((await log().doc(wiki.id, 'content/b.md'))?.baseBlob).toBe('x')
    })

    it('settles a long session’s updates at once', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const seqs: number[] = []
      for (let i = 0; i < 520; i++) seqs.push(await log().append(doc.id, ada.id, blob(i % 256), i))
      const last = await log().append(doc.id, ada.id, blob(1), 520)
      await log().settle(doc.id, blob(1), 'y', seqs, 521)
      expect(await seqsOf(log(), doc.id)).toEqual([last])
    })

    it('drops a document with its log', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const kept = await log().seed(wiki.id, 'content/b.md', blob(0), 'x', 0)
      await log().append(doc.id, ada.id, blob(1), 1)
      const other = await log().append(kept.id, ada.id, blob(2), 1)
      await log().drop(doc.id)
      expect(await log().doc(wiki.id, 'content/a.md')).toBeUndefined()
      expect(await log().pending(doc.id)).toEqual([])
      expect(await log().unsettled()).toEqual([{ id: kept.id, spaceId: wiki.id, path: 'content/b.md' }])
      expect(await seqsOf(log(), kept.id)).toEqual([other])
      // The page edited live again later starts a new document.
      const again = await log().seed(wiki.id, 'content/a.md', blob(5), 'z', 2)
      expect(again.baseBlob).toBe('z')
    })

    it('lists each document with updates left to commit once, and only those', async () => {
      const { wiki, docs, ada } = await seedPlaces(store())
      const a = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      await log().seed(wiki.id, 'content/quiet.md', blob(0), 'x', 0)
      const c = await log().seed(docs.id, 'content/c.md', blob(0), 'x', 0)
      const settled = await log().seed(docs.id, 'content/settled.md', blob(0), 'x', 0)
      await log().append(a.id, ada.id, blob(1), 1)
      await log().append(a.id, ada.id, blob(2), 2)
      await log().append(c.id, null, blob(3), 3)
      const done = await log().append(settled.id, ada.id, blob(4), 4)
      await log().settle(settled.id, blob(4), 'y', [done], 5)
      const unsettled = await log().unsettled()
      expect(unsettled.toSorted((x, y) => x.id - y.id)).toEqual(
        [
          { id: a.id, spaceId: wiki.id, path: 'content/a.md' },
          { id: c.id, spaceId: docs.id, path: 'content/c.md' },
        ].toSorted((x, y) => x.id - y.id),
      )
      // Those no instance touched since a time: their instance is gone, another takes them over.
      await log().touch([a.id], 10)
      expect(await log().unsettled(5)).toEqual([{ id: c.id, spaceId: docs.id, path: 'content/c.md' }])
      expect(await log().unsettled(0)).toEqual([])
    })

    it('prunes documents not open since the time given, leaving those with updates or opened since', async () => {
      const { wiki, ada } = await seedPlaces(store())
      await log().seed(wiki.id, 'content/old.md', blob(0), 'x', 100)
      const typed = await log().seed(wiki.id, 'content/typed.md', blob(0), 'x', 100)
      const open = await log().seed(wiki.id, 'content/open.md', blob(0), 'x', 100)
      const settled = await log().seed(wiki.id, 'content/settled.md', blob(0), 'x', 100)
      await log().append(typed.id, ada.id, blob(1), 150)
      await log().touch([open.id], 500)
      await log().touch([], 900)
      // A flush at 400 counts as being open then.
      const done = await log().append(settled.id, ada.id, blob(2), 150)
      await log().settle(settled.id, blob(2), 'y', [done], 400)
      expect(await log().prune(300)).toBe(1)
      expect(await log().doc(wiki.id, 'content/old.md')).toBeUndefined()
      for (const path of ['content/typed.md', 'content/open.md', 'content/settled.md'])
        expect(await log().doc(wiki.id, path)).toBeDefined()
      expect(await seqsOf(log(), typed.id)).toHaveLength(1)
      expect(await log().prune(450)).toBe(1)
      expect(await log().doc(wiki.id, 'content/settled.md')).toBeUndefined()
      expect(await log().prune(300)).toBe(0)
    })

    it('forgets a space’s documents and their logs with the space', async () => {
      const { org, wiki, docs, ada } = await seedPlaces(store())
      const gone = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      const kept = await log().seed(docs.id, 'content/a.md', blob(0), 'x', 0)
      await log().append(gone.id, ada.id, blob(1), 1)
      await log().append(kept.id, ada.id, blob(2), 1)
      await store().forOrg(org.id).spaces.delete(wiki.id)
      expect(await log().doc(wiki.id, 'content/a.md')).toBeUndefined()
      expect(await log().pending(gone.id)).toEqual([])
      expect(await log().unsettled()).toEqual([{ id: kept.id, spaceId: docs.id, path: 'content/a.md' }])
    })

    it('keeps a flush’s intent until the flush settles or it is forgotten', async () => {
      const { wiki, ada } = await seedPlaces(store())
      const doc = await log().seed(wiki.id, 'content/a.md', blob(0), 'x', 0)
      expect((await log().doc(wiki.id, 'content/a.md'))?.intent).toBeNull()
      const seq = await log().append(doc.id, ada.id, blob(1), 1)
      await log().intend(doc.id, { blob: 'y', head: 'c0ffee', seqs: [seq], state: blob(0, 1) })
      const kept = (await log().doc(wiki.id, 'content/a.md'))?.intent
      expect(kept && { ...kept, state: listOf(kept.state) }).toEqual({
        blob: 'y',
        head: 'c0ffee',
        seqs: [seq],
        state: [0, 1],
      })
      // A commit that was not made: the intent is forgotten, the log stays.
      await log().intend(doc.id, null)
      expect((await log().doc(wiki.id, 'content/a.md'))?.intent).toBeNull()
      expect(await seqsOf(log(), doc.id)).toEqual([seq])
      // A commit that was made: settling forgets the intent with the updates it folded.
      await log().intend(doc.id, { blob: 'y', head: null, seqs: [seq], state: blob(0, 1) })
      await log().settle(doc.id, blob(0, 1), 'y', [seq], 2)
      const settled = await log().doc(wiki.id, 'content/a.md')
      expect(settled?.intent).toBeNull()
      expect(settled?.baseBlob).toBe('y')
      expect(await seqsOf(log(), doc.id)).toEqual([])
    })
  })
}
