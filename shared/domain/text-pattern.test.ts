import { describe, expect, it } from 'vitest'
import { DomainError } from '../errors/domain-error.ts'
import { compileTextPattern } from './text-pattern.ts'

const starts = (source: string, text: string) => [...compileTextPattern(source).matchStarts(text)]
const reasonOf = (source: string) => {
  try {
    compileTextPattern(source)
  } catch (error) {
    return error instanceof DomainError ? error.reason : 'not a domain error'
  }
  return 'accepted'
}

describe('compileTextPattern', () => {
  it('ignores case, Unicode letters included, and reads JavaScript spellings', () => {
    expect(compileTextPattern('CHAUDIÈRE').test('la chaudière')).toBe(true)
    expect(compileTextPattern('straße').test('STRASSE')).toBe(false)
    expect(compileTextPattern('\\u00e9t\\u00e9').test('ÉTÉ')).toBe(true)
    expect(compileTextPattern('\\u{1F600}').test('smile 😀')).toBe(true)
    expect(compileTextPattern('(?<year>\\d{4})-\\d{2}').test('due 2024-05')).toBe(true)
    expect(compileTextPattern('\\p{Lu}{3}').test('ÉTÉ')).toBe(true)
  })

  it('keeps ^, $ and . as they were: ends of the text, and no line break', () => {
    expect(compileTextPattern('^b').test('a\nb')).toBe(false)
    expect(compileTextPattern('a$').test('a\nb')).toBe(false)
    expect(compileTextPattern('a.b').test('a\nb')).toBe(false)
    expect(compileTextPattern('a\\nb').test('a\nb')).toBe(true)
  })

  it('gives the start of each match in UTF-16 offsets, after astral characters too', () => {
    expect(starts('é', '😀aé é')).toEqual([3, 5])
    expect(starts('x*', 'ab')).toEqual([0, 1, 2])
  })

  it('runs in linear time a pattern that makes a backtracking engine explode', () => {
    const rule = `|${'-'.repeat(30)}|`
    expect(compileTextPattern('(-|-)+x').test(rule)).toBe(false)
    expect(starts('(-|-)+x', `${rule} --x`)).toEqual([33])
    expect(compileTextPattern('(a+)+b').test(`${'a'.repeat(50)}!`)).toBe(false)
  })

  it('refuses what cannot run in linear time, and unreadable patterns, as 400 invalid', () => {
    for (const source of ['(a)\\1', '(?<n>a)\\k<n>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b'])
      expect(reasonOf(source)).toBe('regex_unsupported')
    for (const source of ['(unclosed', '[', 'a**', '*']) expect(reasonOf(source)).toBe('regex_invalid')
    expect(() => compileTextPattern('(a)\\1')).toThrow(expect.objectContaining({ code: 'invalid' }))
  })
})
