import { describe, expect, it } from 'vitest'
import type { Chunk, VectorIndex } from '../../ports/search-index.ts'
import { freshIndex, type IndexFixture } from './index-fixture.ts'

const DIMENSIONS = 16

/** A unit vector mostly along axis `axis`, leaning by `lean` towards axis `towards`. */
function along(axis: number, lean = 0, towards = (axis + 1) % DIMENSIONS): Float32Array {
  const vector = new Float32Array(DIMENSIONS)
  vector[axis] = 1
  vector[towards] = (vector[towards] ?? 0) + lean
  const length = Math.hypot(...vector)
  return vector.map((v) => v / length)
}

const chunk = (path: string, heading: string, vector: Float32Array): Chunk & { vector: Float32Array } => ({
  path,
  heading,
  text: `${heading} text`,
  vector,
})

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!
  return dot / (Math.hypot(...a) * Math.hypot(...b))
}

/** The contract of the VectorIndex port: chunk vectors per space, searched by cosine similarity. */
export function describeVectorIndexContract(
  name: string,
  makeIndex: (dimensions: number) => Promise<IndexFixture<VectorIndex>>,
): void {
  describe(`${name}: vector index`, () => {
    const fixture = freshIndex(() => makeIndex(DIMENSIONS))
    const filled = async () => {
      const { index, spaces } = fixture()
      const [mine, theirs] = spaces
      await index
        .forSpace(mine)
        .upsert(
          [
            chunk('a.md', 'Intro', along(0)),
            chunk('a.md', 'Details', along(0, 0.5)),
            chunk('b.md', 'Only', along(3)),
          ],
          ['a.md', 'b.md'],
        )
      return { index, mine, theirs }
    }

    it('starts a space empty', async () => {
      const { index, spaces } = fixture()
      expect(await index.forSpace(spaces[0]).counts()).toEqual({ files: 0, chunks: 0 })
      expect(await index.search(along(0), [spaces[0]], 5)).toEqual([])
      expect(await index.forSpace(spaces[0]).pageVector('a.md')).toBeUndefined()
    })

    it('finds the closest chunks first, each with its space, path, heading and score', async () => {
      const { index, mine } = await filled()
      const hits = await index.search(along(0, 0.1), [mine], 10)
      expect(hits.map((h) => [h.path, h.heading])).toEqual([
        ['a.md', 'Intro'],
        ['a.md', 'Details'],
        ['b.md', 'Only'],
      ])
      expect(hits.every((h) => h.spaceId === mine)).toBe(true)
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score)
      expect(hits[0]!.score).toBeCloseTo(cosine(along(0, 0.1), along(0)), 2)
    })

    it('returns at most the limit', async () => {
      const { index, mine } = await filled()
      const hits = await index.search(along(3), [mine], 1)
      expect(hits.map((h) => h.path)).toEqual(['b.md'])
    })

    it('counts files and chunks, and lists the files', async () => {
      const { index, mine } = await filled()
      expect(await index.forSpace(mine).counts()).toEqual({ files: 2, chunks: 3 })
      expect((await index.forSpace(mine).paths()).sort()).toEqual(['a.md', 'b.md'])
    })

    it('replaces every chunk of the files named, dropping those named with no chunk', async () => {
      const { index, mine } = await filled()
      await index.forSpace(mine).upsert([chunk('a.md', 'Rewritten', along(7))], ['a.md', 'b.md'])
      expect(await index.forSpace(mine).counts()).toEqual({ files: 1, chunks: 1 })
      const hits = await index.search(along(0), [mine], 10)
      expect(hits.map((h) => [h.path, h.heading])).toEqual([['a.md', 'Rewritten']])
    })

    it('leaves the chunks of files not named in place', async () => {
      const { index, mine } = await filled()
      await index.forSpace(mine).upsert([chunk('c.md', 'New', along(9))], ['c.md'])
      expect(await index.forSpace(mine).counts()).toEqual({ files: 3, chunks: 4 })
    })

    it('removes files, and clears a space', async () => {
      const { index, mine } = await filled()
      await index.forSpace(mine).remove(['a.md', 'never.md'])
      expect(await index.forSpace(mine).counts()).toEqual({ files: 1, chunks: 1 })
      expect((await index.search(along(0), [mine], 10)).map((h) => h.path)).toEqual(['b.md'])
      expect(await index.forSpace(mine).pageVector('a.md')).toBeUndefined()
      await index.forSpace(mine).clear()
      expect(await index.forSpace(mine).counts()).toEqual({ files: 0, chunks: 0 })
      expect(await index.search(along(3), [mine], 10)).toEqual([])
    })

    it('gives a page the average of its chunk vectors', async () => {
      const { index, mine } = await filled()
      const page = await index.forSpace(mine).pageVector('a.md')
      expect(page).toHaveLength(DIMENSIONS)
      const mean = along(0).map((v, i) => (v + along(0, 0.5)[i]!) / 2)
      expect(cosine(page!, mean)).toBeCloseTo(1, 3)
      expect(cosine((await index.forSpace(mine).pageVector('b.md'))!, along(3))).toBeCloseTo(1, 3)
    })

    it('gives a page its chunk vectors in the order of its chunks', async () => {
      const { index, mine } = await filled()
      const vectors = await index.forSpace(mine).chunkVectors('a.md')
      expect(vectors).toHaveLength(2)
      expect(cosine(vectors[0]!, along(0))).toBeCloseTo(1, 3)
      expect(cosine(vectors[1]!, along(0, 0.5))).toBeCloseTo(1, 3)
      expect(await index.forSpace(mine).chunkVectors('never.md')).toEqual([])
    })

    it('keeps each space’s vectors to itself: same paths, separate searches, counts and removals', async () => {
      const { index, mine, theirs } = await filled()
      await index.forSpace(theirs).upsert([chunk('a.md', 'Theirs', along(12))], ['a.md'])

      expect((await index.search(along(12), [mine], 10)).map((h) => h.heading)).not.toContain('Theirs')
      expect(await index.forSpace(theirs).counts()).toEqual({ files: 1, chunks: 1 })
      expect(cosine((await index.forSpace(mine).pageVector('a.md'))!, along(12))).toBeLessThan(0.5)
      const both = await index.search(along(12), [mine, theirs], 1)
      expect(both.map((h) => [h.spaceId, h.heading])).toEqual([[theirs, 'Theirs']])

      await index.forSpace(mine).remove(['a.md'])
      expect(await index.forSpace(mine).paths()).toEqual(['b.md'])
      await index.forSpace(mine).clear()
      expect(await index.forSpace(mine).paths()).toEqual([])
      expect(await index.forSpace(theirs).paths()).toEqual(['a.md'])
      expect(await index.forSpace(theirs).counts()).toEqual({ files: 1, chunks: 1 })
      expect(cosine((await index.forSpace(theirs).pageVector('a.md'))!, along(12))).toBeCloseTo(1, 3)
    })
  })
}
