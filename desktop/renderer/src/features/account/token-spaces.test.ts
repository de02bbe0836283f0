import { describe, expect, it } from 'vitest'
import { groupSpaces, preselectedSpaces } from './token-spaces.ts'

const orgs = [
  { slug: 'aaa-zeta', name: 'Zeta' },
  { slug: 'acme', name: 'Acme' },
  { slug: 'beta', name: 'béta labs' },
]
const spaces = [
  { organization: 'aaa-zeta', slug: 'notes', name: 'Notes' },
  { organization: 'acme', slug: 'wiki', name: 'Wiki' },
  { organization: 'acme', slug: 'handbook', name: 'Handbook' },
  { organization: 'beta', slug: 'lab', name: 'Lab' },
]

describe('the spaces a new token starts with', () => {
  it('groups spaces under organizations in alphabetical order of their names, not their slugs', () => {
    const groups = groupSpaces(spaces, orgs, 'en')
    expect(groups.map((group) => group.name)).toEqual(['Acme', 'béta labs', 'Zeta'])
    expect(groups[0]?.spaces.map((space) => space.slug)).toEqual(['handbook', 'wiki'])
  })

  it('pre-selects only the spaces of the first organization when the person belongs to several', () => {
    expect(preselectedSpaces(groupSpaces(spaces, orgs, 'fr'))).toEqual(['acme/handbook', 'acme/wiki'])
  })

  it('pre-selects every space of a single organization, and nothing without spaces', () => {
    const single = spaces.filter((space) => space.organization === 'beta')
    expect(preselectedSpaces(groupSpaces(single, orgs, 'en'))).toEqual(['beta/lab'])
    expect(preselectedSpaces(groupSpaces([], orgs, 'en'))).toEqual([])
  })

  it('names an organization it was not told about by its slug', () => {
    expect(groupSpaces(spaces, [], 'en').map((group) => group.name)).toEqual(['aaa-zeta', 'acme', 'beta'])
  })
})
