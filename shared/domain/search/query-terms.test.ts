import { describe, expect, it } from 'vitest'
import { MAX_TERMS, matchingTerms, queryTerms, queryWords } from './query-terms.ts'

describe('queryTerms', () => {
  it('stems each word both ways, since the query’s language is unknown', () => {
    expect(queryTerms('deploying ')).toEqual([{ stems: ['deploy', 'deploying'], prefix: false }])
    expect(queryTerms('chaudières ')).toEqual([{ stems: ['chaudier'], prefix: false }])
  })

  it('drops stopwords unless nothing else is left', () => {
    expect(queryTerms('the backups of the database').map((t) => t.stems)).toEqual([['backup'], ['databas']])
    expect(queryTerms('le thermostat').map((t) => t.stems)).toEqual([['thermostat']])
    expect(queryTerms('the').map((t) => t.stems)).toEqual([['the']])
  })

  it('keeps a stopword of one language when the rest of the query is in the other', () => {
    expect(queryTerms('car insurance').map((t) => t.stems)).toEqual([['car'], ['insuranc']])
  })

  it('lets only the word being typed start a longer word, and only when long enough', () => {
    expect(queryTerms('alerts back')).toEqual([
      { stems: ['alert'], prefix: false },
      { stems: ['back'], prefix: true },
    ])
    expect(queryTerms('deplo')).toEqual([{ stems: ['deplo'], prefix: true }])
    expect(queryTerms('deplo ')).toEqual([{ stems: ['deplo'], prefix: false }])
    expect(queryTerms('deplo.')[0]!.prefix).toBe(false)
    expect(queryTerms('de')).toEqual([{ stems: ['de'], prefix: false }])
  })

  it('counts a repeated word once and ignores words past the limit', () => {
    expect(queryTerms('backup backup ')).toHaveLength(1)
    const many = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')
    expect(queryTerms(many)).toHaveLength(MAX_TERMS)
  })

  it('has no terms for a query without words', () => {
    expect(queryTerms('')).toEqual([])
    expect(queryTerms('  "( * - ')).toEqual([])
  })
})

describe('matchingTerms', () => {
  it('matches a word of a text by its stem in the text’s language', () => {
    const terms = queryTerms('deploying restored ')
    expect(matchingTerms('deployments', terms, 'en')).toEqual([0])
    expect(matchingTerms('restore', terms, 'en')).toEqual([1])
    expect(matchingTerms('backups', terms, 'en')).toEqual([])
  })

  it('matches the start of a longer word only for a prefix term', () => {
    expect(matchingTerms('deployment', queryTerms('deplo'), 'en')).toEqual([0])
    expect(matchingTerms('deployment', queryTerms('deplo '), 'en')).toEqual([])
  })
})

describe('queryWords', () => {
  it('keeps the folded words the terms are stemmed from, with the same prefix rule', () => {
    expect(queryWords('the Backups of the databa')).toEqual([
      { word: 'backups', prefix: false },
      { word: 'databa', prefix: true },
    ])
    expect(queryWords('Café ')).toEqual([{ word: 'cafe', prefix: false }])
  })
})
