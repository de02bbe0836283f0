import { describe, expect, it } from 'vitest'
import { hasControlChar, withoutControlChars } from './control-chars.ts'

describe('control characters', () => {
  it('finds U+0000 to U+001F, DEL, U+0080 to U+009F and the line separators, and nothing else', () => {
    for (const ch of [
      '\0',
      '\t',
      '\n',
      '\r',
      '\x1b',
      '\x1f',
      '\x7f',
      '\x80',
      '\u0085',
      '\x9f',
      '\u2028',
      '\u2029',
    ])
      expect(hasControlChar(`a${ch}b`)).toBe(true)
    for (const text of ['', 'plain name.md', ' ', '\xa0', '\u200b', '\ufeff', 'é😀']) {
      expect(hasControlChar(text)).toBe(false)
    }
  })

  it('removes every one of them and keeps the rest', () => {
    expect(withoutControlChars('\x00re\tport\x7f 😀.pdf\n')).toBe('report 😀.pdf')
    expect(withoutControlChars('\x85a\u2028b\u2029 kept')).toBe('ab kept')
  })
})
