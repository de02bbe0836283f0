import { describe, expect, it } from 'vitest'
import { caseFolded, isNonPortableName, portableName } from './portable-names.ts'

describe('names every clone can hold', () => {
  it.each([
    'CON',
    'con.md',
    'Aux.tar.gz',
    'nul .md',
    'COM1.png',
    'lpt9',
    'COM0.md',
    'lpt0.txt',
    'CONIN$.md',
    'conout$',
    'com¹.txt',
    'notes.md.',
    'notes.md ',
    'a:b.md',
    'why?.md',
    '"quoted".md',
    'a|b',
    'star*.md',
    '<tag>.md',
  ])('tells %j cannot be held on Windows', (name) => {
    expect(isNonPortableName(name)).toBe(true)
  })

  it.each([
    'console.md',
    'icon.png',
    'con-call.md',
    'com10.md',
    'lpt.md',
    '.hidden',
    'a.b.c',
    'é.md',
    'a b.md',
  ])('takes %j', (name) => {
    expect(isNonPortableName(name)).toBe(false)
  })

  it.each([
    ['Report: Q1.pdf', 'Report- Q1.pdf'],
    ['con.png', 'con-file.png'],
    ['AUX', 'AUX-file'],
    ['nul .txt', 'nul-file.txt'],
    ['photo.jpg.', 'photo.jpg'],
    ['...', 'file'],
    ['what?.png', 'what-.png'],
    ['plain.png', 'plain.png'],
  ])('makes %j into %j, a name every clone holds', (name, portable) => {
    expect(portableName(name)).toBe(portable)
    expect(isNonPortableName(portableName(name))).toBe(false)
  })
})

describe('names one file where case is ignored', () => {
  it.each([
    ['Holidays.md', 'holidays.md'],
    ['σ.md', 'ς.md'],
    ['Σx', 'ςx'],
    ['s.md', 'ſ.md'],
    ['i.md', 'ı.md'],
    ['μ.md', 'µ.md'],
    ['k.md', '\u212a.md'],
    ['café.md', 'cafe\u0301.md'],
  ])('folds %j and %j alike', (a, b) => {
    expect(caseFolded(a)).toBe(caseFolded(b))
  })

  it('keeps different names apart, and letters whose case takes two apart from those two', () => {
    expect(caseFolded('a.md')).not.toBe(caseFolded('b.md'))
    expect(caseFolded('cafe.md')).not.toBe(caseFolded('café.md'))
    expect(caseFolded('straße.md')).not.toBe(caseFolded('strasse.md'))
    expect(caseFolded('ﬁle.md')).not.toBe(caseFolded('file.md'))
    expect(caseFolded('STRASSE.md')).toBe(caseFolded('strasse.md'))
  })
})
