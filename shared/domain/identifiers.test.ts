import { describe, expect, it } from 'vitest'
import { isSlug, isUsername, parseSpaceRef } from './identifiers.ts'

describe('isSlug', () => {
  it.each(['acme', 'a', '0team', 'my-space', 'q3-2024', 'a'.repeat(63)])('accepts %s', (slug) => {
    expect(isSlug(slug)).toBe(true)
  })

  it.each(['', 'Acme', '-acme', 'a_b', 'a.b', 'a b', 'café', 'a/b', 'a'.repeat(64), 'acme\n'])(
    'refuses %j',
    (slug) => {
      expect(isSlug(slug)).toBe(false)
    },
  )
})

describe('isUsername', () => {
  it.each(['alice', 'a', 'a.b', 'a_b', 'a-b', 'bob42', '7of9', 'x'.repeat(39)])('accepts %s', (name) => {
    expect(isUsername(name)).toBe(true)
  })

  it.each(['', 'Alice', '.alice', '_alice', '-alice', 'a..b', 'a b', 'a@b', 'a/b', 'x'.repeat(40)])(
    'refuses %j',
    (name) => {
      expect(isUsername(name)).toBe(false)
    },
  )
})

describe('parseSpaceRef', () => {
  it('splits an organization and a space', () => {
    expect(parseSpaceRef('acme/handbook')).toEqual({ org: 'acme', space: 'handbook' })
    expect(parseSpaceRef('0team/q3-notes')).toEqual({ org: '0team', space: 'q3-notes' })
  })

  it.each([
    '',
    'acme',
    'acme/',
    '/handbook',
    'acme/handbook/extra',
    'acme//handbook',
    'Acme/handbook',
    'acme/Handbook',
    'acme/hand book',
    'acme\\handbook',
  ])('refuses %j', (ref) => {
    expect(parseSpaceRef(ref)).toBeUndefined()
  })
})
