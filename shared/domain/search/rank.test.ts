import { describe, expect, it } from 'vitest'
import { BODY_WEIGHT, bestFirst, compareResults, TITLE_WEIGHT } from './rank.ts'

describe('word weights', () => {
  it('count a word in the title five times one in the text', () => {
    expect(TITLE_WEIGHT / BODY_WEIGHT).toBe(5)
  })
})

describe('bestFirst', () => {
  it('orders hits by score, highest first, keeping the incoming order of equal scores', () => {
    const hits = [
      { path: 'a', score: 1 },
      { path: 'b', score: 3 },
      { path: 'c', score: 1 },
      { path: 'd', score: 2 },
    ]
    expect(bestFirst(hits).map((h) => h.path)).toEqual(['b', 'd', 'a', 'c'])
    expect(bestFirst([])).toEqual([])
  })
})

describe('compareResults', () => {
  it('orders by score, then by path', () => {
    const results = [
      { path: 'b.md', score: 0.5 },
      { path: 'c.md', score: 0.9 },
      { path: 'a.md', score: 0.5 },
    ]
    expect(results.sort(compareResults).map((r) => r.path)).toEqual(['c.md', 'a.md', 'b.md'])
  })
})
