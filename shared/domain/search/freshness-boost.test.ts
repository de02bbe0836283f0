import { describe, expect, it } from 'vitest'
import {
  boostedScore,
  DUE_PENALTY,
  freshnessFactor,
  hitFreshness,
  reachableScore,
  VERIFIED_BOOST,
} from './freshness-boost.ts'

const NOW = Date.parse('2024-06-01T12:00:00Z')
const page = (fields: Partial<{ kind: string; owner: string; verified: string; reviewEvery: string }>) => ({
  kind: 'markdown',
  owner: null,
  verified: null,
  reviewEvery: null,
  ...fields,
})

describe('hitFreshness', () => {
  it('reads a page’s freshness from its fields and the space’s interval', () => {
    expect(hitFreshness(page({ verified: '2024-05-01', owner: 'ada' }), '6m', NOW)).toMatchObject({
      state: 'verified',
      owner: 'ada',
      review_due: '2024-11-01',
    })
    expect(hitFreshness(page({ verified: '2023-01-01' }), '6m', NOW)).toMatchObject({ state: 'stale' })
    expect(hitFreshness(page({}), '6m', NOW)).toMatchObject({ state: 'never' })
  })

  it('lets the page’s own interval win over the space’s', () => {
    expect(hitFreshness(page({ verified: '2024-05-01', reviewEvery: '2w' }), '1y', NOW)).toMatchObject({
      state: 'stale',
    })
  })

  it('gives files that are not pages no freshness', () => {
    expect(hitFreshness(page({ kind: 'document', verified: '2024-05-01' }), '6m', NOW)).toBeNull()
  })
})

describe('freshnessFactor', () => {
  it('lifts a verified page about 10%, lowers a due one about 7%, leaves the rest', () => {
    expect(VERIFIED_BOOST).toBe(1.1)
    expect(DUE_PENALTY).toBe(0.93)
    expect(freshnessFactor({ verified: true, stale: false })).toBe(VERIFIED_BOOST)
    expect(freshnessFactor({ verified: false, stale: true })).toBe(DUE_PENALTY)
    expect(freshnessFactor({ verified: false, stale: false })).toBe(1)
    expect(freshnessFactor(null)).toBe(1)
  })
})

describe('boostedScore', () => {
  it('applies the factor and rounds to six decimals', () => {
    expect(boostedScore(1 / 60, { verified: true, stale: false })).toBe(0.018333)
    expect(boostedScore(1 / 60, { verified: false, stale: true })).toBe(0.0155)
    expect(boostedScore(1 / 60, null)).toBe(0.016667)
  })

  it('lets a verified page pass an unverified one a rank ahead, and a due page fall behind', () => {
    const verified = boostedScore(1 / 61, { verified: true, stale: false })
    expect(verified).toBeGreaterThan(boostedScore(1 / 60, null))
    const due = boostedScore(1 / 60, { verified: false, stale: true })
    expect(due).toBeLessThan(boostedScore(1 / 61, null))
  })
})

describe('reachableScore', () => {
  it('is the last score that can still reach the top, at its worst, against a boosted rival', () => {
    const last = 1 / 70
    const cutoff = reachableScore(last)
    expect(cutoff).toBeCloseTo((last * DUE_PENALTY) / VERIFIED_BOOST)
    // At the cutoff, the best boost only just ties the worst penalty on the last place.
    expect(cutoff * VERIFIED_BOOST).toBeCloseTo(last * DUE_PENALTY)
  })

  it('lets every candidate through when fewer than the limit were found', () => {
    expect(reachableScore(undefined)).toBe(0)
  })
})
