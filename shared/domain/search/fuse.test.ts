import { describe, expect, it } from 'vitest'
import { fusedScore, fuseRankings, matchKind, RRF_K } from './fuse.ts'

const hit = (path: string, spaceId = 1) => ({ spaceId, path })

describe('fusedScore', () => {
  it('adds 1 / (K + rank) over the rankings a page appears in', () => {
    expect(RRF_K).toBe(60)
    expect(fusedScore({ textRank: 0 })).toBeCloseTo(1 / 60)
    expect(fusedScore({ meaningRank: 2 })).toBeCloseTo(1 / 62)
    expect(fusedScore({ textRank: 0, meaningRank: 2 })).toBeCloseTo(1 / 60 + 1 / 62)
    expect(fusedScore({})).toBe(0)
  })
})

describe('matchKind', () => {
  it('says how a page was found', () => {
    expect(matchKind({ textRank: 3 })).toBe('text')
    expect(matchKind({ meaningRank: 0 })).toBe('meaning')
    expect(matchKind({ textRank: 0, meaningRank: 0 })).toBe('both')
  })
})

describe('fuseRankings', () => {
  it('puts a page found both ways above pages found one way', () => {
    const fused = fuseRankings([hit('a.md'), hit('b.md'), hit('c.md')], [[hit('c.md'), hit('d.md')]])
    expect(fused.map((p) => p.path)).toEqual(['c.md', 'a.md', 'b.md', 'd.md'])
    expect(fused[0]).toMatchObject({ textRank: 2, meaningRank: 0, text: hit('c.md'), meaning: hit('c.md') })
    expect(fused[3]).toMatchObject({ meaningRank: 1 })
    expect(fused[3]!.textRank).toBeUndefined()
  })

  it('keeps word hits first among equal scores, then the meaning order', () => {
    const fused = fuseRankings([hit('a.md')], [[hit('b.md')]])
    expect(fused.map((p) => p.path)).toEqual(['a.md', 'b.md'])
  })

  it('ranks each meaning ranking from its own top, and tells spaces apart', () => {
    const fused = fuseRankings([], [[hit('a.md', 1)], [hit('a.md', 2), hit('b.md', 2)]])
    expect(fused.map((p) => [p.spaceId, p.path, p.meaningRank])).toEqual([
      [1, 'a.md', 0],
      [2, 'a.md', 0],
      [2, 'b.md', 1],
    ])
  })

  it('is empty without hits', () => {
    expect(fuseRankings([], [])).toEqual([])
  })
})
