import { describe, expect, it } from 'vitest'
import { fileLanguage, LANGUAGE_SAMPLE_CHARS, stemmedText } from './indexed-text.ts'

describe('fileLanguage', () => {
  it('guesses a file’s language from its title and text', () => {
    expect(fileLanguage('Chauffage', 'La chaudière a été révisée par le technicien et les')).toBe('fr')
    expect(fileLanguage('Backups', 'The database is copied every night to the store')).toBe('en')
  })

  it('reads only the start of a long text', () => {
    const french = 'La chaudière est révisée par le technicien, et les radiateurs sont purgés. '
    const english = 'The database is copied every night and the copies are kept for a week. '
    const text = english.repeat(Math.ceil(LANGUAGE_SAMPLE_CHARS / english.length)) + french.repeat(2000)
    expect(fileLanguage('', text)).toBe('en')
  })
})

describe('stemmedText', () => {
  it('folds and stems every word in the given language', () => {
    expect(stemmedText('Deployments are restored', 'en')).toBe('deploy are restor')
    expect(stemmedText('Les chaudières révisées', 'fr')).toBe('les chaudier revis')
  })
})
