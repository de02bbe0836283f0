import { describe, expect, it } from 'vitest'
import { highlight, queryWords } from './highlight.ts'

describe('highlight', () => {
  it('marks the searched words, case and accents ignored', () => {
    expect(highlight('Les Chaudières du sous-sol', queryWords('chaudieres'))).toEqual([
      { text: 'Les ', isMatch: false },
      { text: 'Chaudières', isMatch: true },
      { text: ' du sous-sol', isMatch: false },
    ])
  })

  it('marks every occurrence of every word, the longest first', () => {
    const pieces = highlight('deploy, then deploy again', queryWords('deploy de'))
    expect(pieces.filter((p) => p.isMatch).map((p) => p.text)).toEqual(['deploy', 'deploy'])
  })

  it('leaves the text whole when nothing matches, and ignores one-letter words', () => {
    expect(highlight('Install the tools.', queryWords('a b'))).toEqual([
      { text: 'Install the tools.', isMatch: false },
    ])
    expect(queryWords('a Laptop, laptop!')).toEqual(['laptop'])
  })

  it('keeps characters whose folding changes their length aligned', () => {
    const pieces = highlight('İstanbul trip', queryWords('trip'))
    expect(pieces).toEqual([
      { text: 'İstanbul ', isMatch: false },
      { text: 'trip', isMatch: true },
    ])
  })
})
