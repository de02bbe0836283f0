import { describe, expect, it } from 'vitest'
import { formatReviewEvery, parseReviewEvery } from './review-every.ts'

describe('parseReviewEvery', () => {
  it.each([
    ['90d', { count: 90, unit: 'd' }],
    ['6m', { count: 6, unit: 'm' }],
    ['1y', { count: 1, unit: 'y' }],
    ['2w', { count: 2, unit: 'w' }],
    ['9999d', { count: 9999, unit: 'd' }],
  ])('reads %s', (text, expected) => {
    expect(parseReviewEvery(text)).toEqual(expected)
  })

  it('reads never and empty as never', () => {
    expect(parseReviewEvery('never')).toBe('never')
    expect(parseReviewEvery('')).toBe('never')
    expect(parseReviewEvery('   ')).toBe('never')
  })

  it('tolerates uppercase and surrounding whitespace', () => {
    expect(parseReviewEvery('90D')).toEqual({ count: 90, unit: 'd' })
    expect(parseReviewEvery('  6m\t')).toEqual({ count: 6, unit: 'm' })
    expect(parseReviewEvery(' 1Y ')).toEqual({ count: 1, unit: 'y' })
    expect(parseReviewEvery(' NEVER ')).toBe('never')
  })

  it.each(['0d', '10x', '1.5m', '-1d', 'soon', '90 d', '90', 'd', 'y1', '1dd', 'nevermore', '+3w', '1e2d'])(
    'refuses %j',
    (text) => {
      expect(parseReviewEvery(text)).toBeUndefined()
    },
  )
})

describe('formatReviewEvery', () => {
  it('spells intervals canonically', () => {
    expect(formatReviewEvery({ count: 90, unit: 'd' })).toBe('90d')
    expect(formatReviewEvery({ count: 2, unit: 'w' })).toBe('2w')
    expect(formatReviewEvery('never')).toBe('never')
  })

  it('gives the canonical spelling of what was parsed', () => {
    const canonical = (text: string) => {
      const parsed = parseReviewEvery(text)
      if (parsed === undefined) throw new Error(`unreadable: ${text}`)
      return formatReviewEvery(parsed)
    }
    expect(canonical(' 6M ')).toBe('6m')
    expect(canonical('')).toBe('never')
    expect(canonical('1y')).toBe('1y')
  })
})
