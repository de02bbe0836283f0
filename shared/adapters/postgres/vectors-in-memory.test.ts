import { expect, it } from 'vitest'
import { unit } from '../../domain/search/unit-vector.ts'
import { flatten, nearestInMemory } from './vectors-in-memory.ts'

/** A seeded stream of numbers in [0, 1), so every run sees the same vectors. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const DIMENSIONS = 512

function vectorsAround(next: () => number, centers: Float32Array[], count: number): Float32Array[] {
  return Array.from({ length: count }, (_, i) => {
    const center = centers[i % centers.length]!
    return unit(Float32Array.from(center, (x) => x + (next() - 0.5) * 0.6)) as Float32Array
  })
}

it('finds the exact best chunks through the sign-bit first pass in a space past the exact-scan size', () => {
  const next = random(7)
  const centers = Array.from(
    { length: 40 },
    () => unit(Float32Array.from({ length: DIMENSIONS }, () => next() - 0.5))!,
  )
  const stored = vectorsAround(next, centers, 6_000)
  const pages = new Map(stored.map((vector, i) => [`p${i}.md`, [{ heading: `${i}`, vector }]]))
  const flat = flatten(pages, DIMENSIONS)
  let sameBest = 0
  let found = 0
  const queries = vectorsAround(next, centers, 50)
  for (const query of queries) {
    const exact = stored
      .map((vector, i) => ({ path: `p${i}.md`, score: vector.reduce((s, x, d) => s + x * query[d]!, 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((e) => e.path)
    const fast = nearestInMemory([{ spaceId: 1, flat }], query, 10).map((h) => h.path)
    found += fast.filter((path) => exact.includes(path)).length
    if (fast[0] === exact[0]) sameBest++
  }
  expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.9)
  expect(sameBest / queries.length).toBeGreaterThanOrEqual(0.95)
})

it('scores every chunk exactly while they are few, across spaces, best first', () => {
  const a = unit(Float32Array.from({ length: DIMENSIONS }, (_, i) => (i === 0 ? 1 : 0)))!
  const b = unit(Float32Array.from({ length: DIMENSIONS }, (_, i) => (i < 2 ? 1 : 0)))!
  const c = unit(Float32Array.from({ length: DIMENSIONS }, (_, i) => (i === 1 ? 1 : 0)))!
  const one = flatten(
    new Map([
      ['a.md', [{ heading: 'A', vector: a }]],
      ['none.md', [{ heading: 'N', vector: undefined }]],
    ]),
    DIMENSIONS,
  )
  const two = flatten(
    new Map([
      ['b.md', [{ heading: 'B', vector: b }]],
      ['c.md', [{ heading: 'C', vector: c }]],
    ]),
    DIMENSIONS,
  )
  const hits = nearestInMemory(
    [
      { spaceId: 1, flat: one },
      { spaceId: 2, flat: two },
    ],
    a,
    3,
  )
  expect(hits.map((h) => [h.spaceId, h.path])).toEqual([
    [1, 'a.md'],
    [2, 'b.md'],
    [2, 'c.md'],
  ])
})
