import { describe, expect, it } from 'vitest'
import { preferredLocale } from './locale.ts'

describe('preferredLocale', () => {
  it.each([
    ['fr', 'fr'],
    ['en', 'en'],
    ['FR', 'fr'],
    ['fr-CA,fr;q=0.9', 'fr'],
    ['de, fr;q=0.5', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['fr;q=0, en', 'en'],
    ['en;q=0.5, fr;q=0.8', 'fr'],
    ['de-DE, en-GB;q=0.7, fr;q=0.7', 'en'],
    ['fr ; q=0.4 , en ; q=0.3', 'fr'],
  ])('prefers the supported language in %j', (header, expected) => {
    expect(preferredLocale(header)).toBe(expected)
  })

  it.each(['de', 'de-DE, es;q=0.8', '*', 'fr;q=0', ''])('names no supported language in %j', (header) => {
    expect(preferredLocale(header)).toBeUndefined()
  })

  it('answers undefined without a header', () => {
    expect(preferredLocale(undefined)).toBeUndefined()
    expect(preferredLocale(null)).toBeUndefined()
  })
})
