import { describe, expect, it } from 'vitest'
import { isSlug } from '#shared/domain/identifiers.ts'
import { slugOfName } from './slug-of-name.ts'

describe('the slug a new organization’s name suggests', () => {
  it.each([
    ['Acme', 'acme'],
    ['Équipe Données & IA', 'equipe-donnees-ia'],
    ['  R&D — 2025 ', 'r-d-2025'],
    ['Œuvres d’art', 'oeuvres-d-art'],
  ])('turns %j into %j', (name, slug) => {
    expect(slugOfName(name)).toBe(slug)
    expect(isSlug(slug)).toBe(true)
  })

  it('stays within what the server takes, even for a long name, and is empty for no letter at all', () => {
    const long = slugOfName(`${'word '.repeat(30)}end`)
    expect(isSlug(long)).toBe(true)
    expect(long.endsWith('-')).toBe(false)
    expect(slugOfName('!!! ???')).toBe('')
  })
})
