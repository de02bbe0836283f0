import { describe, expect, it } from 'vitest'
import { cosine, truncateText, unitVector } from './vectors.ts'

describe('unitVector', () => {
  it('scales a vector to length 1 without changing its direction', () => {
    const vector = unitVector([3, 4])
    expect(Array.from(vector)).toEqual([Math.fround(0.6), Math.fround(0.8)])
    expect(cosine(vector, [6, 8])).toBeCloseTo(1, 6)
  })

  it('refuses vectors with no direction or with values that are not numbers', () => {
    expect(() => unitVector([0, 0, 0])).toThrow(/zero vector/)
    expect(() => unitVector([1, Number.NaN])).toThrow(/non-finite/)
    expect(() => unitVector([1, Number.POSITIVE_INFINITY])).toThrow(/non-finite/)
  })
})

describe('truncateText', () => {
  it('keeps short texts whole, spacing included', () => {
    expect(truncateText('  two words \n', 5, 100)).toBe('  two words \n')
  })

  it('cuts after the last kept word', () => {
    expect(truncateText('one two  three four', 2, 100)).toBe('one two')
    expect(truncateText('one\ntwo\tthree', 3, 100)).toBe('one\ntwo\tthree')
  })

  it('cuts at the character limit when words are long, never inside a surrogate pair', () => {
    expect(truncateText('abcdefghij', 5, 4)).toBe('abcd')
    expect(truncateText('ab cdefghij', 5, 4)).toBe('ab c')
    expect(truncateText('abc😀def', 5, 4)).toBe('abc')
  })

  it('costs as much for a huge text as for its kept part', () => {
    const huge = 'word '.repeat(2_000_000)
    // The quickest of a few runs (a pause of the collector or of a busy machine is no cost of its
    // own), against one pass over the whole text: reading the text to its end would cost that much.
    let quickest = Infinity
    for (let run = 0; run < 5; run++) {
      const started = performance.now()
      expect(truncateText(huge, 3, 1_000)).toBe('word word word')
      quickest = Math.min(quickest, performance.now() - started)
    }
    const started = performance.now()
    expect(huge.split(' ')).toHaveLength(2_000_001)
    const wholePass = performance.now() - started
    expect(quickest).toBeLessThan(wholePass / 10)
  })
})
