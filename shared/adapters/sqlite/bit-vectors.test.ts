import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { nearestIds, SpaceBits, signBits, wordsOfBlob } from './bit-vectors.ts'
import { loadSqliteVec } from './vector-index.ts'

function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const db = new Database(':memory:')
loadSqliteVec(db)
afterAll(() => db.close())

function hamming(a: Uint32Array, b: Uint32Array): number {
  let distance = 0
  for (let w = 0; w < a.length; w++) {
    let x = a[w]! ^ b[w]!
    while (x !== 0) {
      distance += x & 1
      x >>>= 1
    }
  }
  return distance
}

describe('bit vectors', () => {
  it('sets the bits sqlite-vec stores, so vectors read back from the database compare with new ones', () => {
    const next = random(1)
    const quantize = db.prepare<[Buffer], Buffer>('SELECT vec_quantize_binary(?)').pluck()
    for (const dimensions of [8, 24, 512]) {
      for (let i = 0; i < 20; i++) {
        const vector = Float32Array.from({ length: dimensions }, () => (next() < 0.1 ? 0 : next() - 0.5))
        const stored = quantize.get(Buffer.from(vector.buffer))!
        expect(stored).toHaveLength(dimensions / 8)
        expect(wordsOfBlob(stored, dimensions)).toEqual(signBits(vector))
      }
    }
  })

  it.each([64, 96, 512])(
    'finds exactly the k closest across spaces, however the distances tie (%i bits)',
    (dimensions) => {
      const next = random(2)
      const bitsOf = () => signBits(Float32Array.from({ length: dimensions }, () => next() - 0.5))
      const all = new Map<number, Uint32Array>()
      const spaces = [new SpaceBits(dimensions), new SpaceBits(dimensions)]
      for (let id = 1; id <= 300; id++) {
        // Few distinct vectors: many chunks share a distance to any query.
        const bits = id % 3 === 0 ? (all.get(id - 1) ?? bitsOf()) : bitsOf()
        all.set(id, bits)
        spaces[id % 2]!.set(id, bits)
      }
      const query = bitsOf()
      const sortedDistances = [...all.values()].map((bits) => hamming(bits, query)).sort((a, b) => a - b)
      for (const k of [1, 7, 40, 299, 300, 500]) {
        const ids = nearestIds(
          query,
          dimensions,
          k,
          spaces.map((space) => space.view()),
        )
        expect(ids).toHaveLength(Math.min(k, 300))
        expect(new Set(ids).size).toBe(ids.length)
        const distances = ids.map((id) => hamming(all.get(id)!, query)).sort((a, b) => a - b)
        expect(distances).toEqual(sortedDistances.slice(0, k))
      }
      expect(nearestIds(query, dimensions, 5, [])).toEqual([])
    },
  )

  it('keeps each id with its bits through replacing and deleting', () => {
    const next = random(3)
    const dimensions = 32
    const space = new SpaceBits(dimensions)
    const vectors = new Map<number, Uint32Array>()
    // More than the first allocation, so the store grows.
    for (let id = 1; id <= 200; id++) {
      const bits = signBits(Float32Array.from({ length: dimensions }, () => next() - 0.5))
      vectors.set(id, bits)
      space.set(id, bits)
    }
    const replaced = signBits(Float32Array.from({ length: dimensions }, () => next() - 0.5))
    space.set(5, replaced)
    vectors.set(5, replaced)
    for (const id of [1, 200, 100, 57]) {
      space.delete(id)
      vectors.delete(id)
    }
    space.delete(999)
    expect(space.size).toBe(196)
    // Each remaining vector is its own nearest (distance 0), whatever slot it moved to.
    for (const [id, bits] of vectors) {
      const [nearest] = nearestIds(bits, dimensions, 1, [space.view()])
      expect(hamming(vectors.get(nearest!)!, bits)).toBe(0)
      expect(nearestIds(bits, dimensions, 196, [space.view()]).sort((a, b) => a - b)).toEqual(
        [...vectors.keys()].sort((a, b) => a - b),
      )
      if (id > 20) break
    }
  })
})
