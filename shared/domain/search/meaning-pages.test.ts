import { describe, expect, it } from 'vitest'
import { MEANING_MIN, pagesByMeaning } from './meaning-pages.ts'

const chunk = (path: string, score: number, heading = '', spaceId = 1) => ({ spaceId, path, heading, score })

describe('pagesByMeaning', () => {
  it('keeps each page once, at its best chunk, in the order given', () => {
    const pages = pagesByMeaning([
      chunk('a.md', 0.9, 'A › Intro'),
      chunk('b.md', 0.8),
      chunk('a.md', 0.7, 'A › Later'),
      chunk('c.md', 0.6),
    ])
    expect(pages.map((p) => [p.path, p.heading])).toEqual([
      ['a.md', 'A › Intro'],
      ['b.md', ''],
      ['c.md', ''],
    ])
  })

  it('tells pages of different spaces apart', () => {
    expect(pagesByMeaning([chunk('a.md', 0.9, '', 1), chunk('a.md', 0.8, '', 2)])).toHaveLength(2)
  })

  it('drops chunks too far from the query to be about it', () => {
    expect(MEANING_MIN).toBe(0.3)
    const pages = pagesByMeaning([chunk('a.md', 0.31), chunk('b.md', 0.3), chunk('c.md', 0.29)])
    expect(pages.map((p) => p.path)).toEqual(['a.md', 'b.md'])
  })
})
