import { describe, expect, it } from 'vitest'
import { DomainError } from '../errors/domain-error.ts'
import { contentPath, newContentPath } from './content-path.ts'
import { isDisguised, refuseDisguisedName, shownPlainly } from './disguised-names.ts'

const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e']
const ISOLATES = ['\u2066', '\u2067', '\u2068', '\u2069']

describe('names that could disguise a file', () => {
  it('are those with a bidirectional control or a lone surrogate', () => {
    for (const ch of [...BIDI, ...ISOLATES, '\ud800', '\udfff']) expect(isDisguised(`a${ch}b.md`)).toBe(true)
    expect(isDisguised('\udc00\ud800')).toBe(true)
    for (const name of ['report.pdf', 'عربي.md', 'עברית.md', '😀 🇫🇷.png', 'a\u200bb', 'a\u200db', 'é', ''])
      expect(isDisguised(name)).toBe(false)
  })

  it('are quoted back with those characters spelt out, and the rest as it is', () => {
    expect(shownPlainly('invoice\u202efdp.exe')).toBe('invoice<U+202E>fdp.exe')
    expect(shownPlainly('a\ud800😀\u061c')).toBe('a<U+D800>😀<U+061C>')
  })

  it('are refused as new paths, while existing ones stay reachable to be moved away or deleted', () => {
    let error: unknown
    try {
      refuseDisguisedName('x\u2067.md')
    } catch (e) {
      error = e
    }
    expect(error).toMatchObject({
      reason: 'name_disguised',
      code: 'invalid',
      params: { value: 'x<U+2067>.md' },
    })
    expect(() => newContentPath('docs/a\u202eb.md')).toThrow(DomainError)
    expect(contentPath('docs/a\u202eb.md')).toBe('content/docs/a\u202eb.md')
    expect(newContentPath('docs/عربي.md')).toBe('content/docs/عربي.md')
    expect(() => newContentPath('../a.md')).toThrow(DomainError)
  })
})
