import { describe, expect, it } from 'vitest'
import { hasControlChar, hasOtherLineBreak, withoutControlChars } from './control-chars.ts'

describe('control characters', () => {
  it('finds U+0000 to U+001F and DEL, and nothing else', () => {
    for (const ch of ['\0', '\t', '\n', '\r', '\x1b', '\x1f', '\x7f'])
      expect(hasControlChar(`a${ch}b`)).toBe(true)
    for (const text of ['', 'plain name.md', ' ', '\x80', '\u0085', '\u2028', '\ufeff', 'é😀']) {
      expect(hasControlChar(text)).toBe(false)
    }
  })

  it('finds the line breaks beyond ASCII apart: the C1 controls and the line and paragraph separators', () => {
    for (const ch of ['\x80', '\u0085', '\x9f', '\u2028', '\u2029'])
      expect(hasOtherLineBreak(`a${ch}b`)).toBe(true)
    for (const text of ['', '\n', '\xa0', '\u200b', '\ufeff', 'é😀'])
      expect(hasOtherLineBreak(text)).toBe(false)
  })

  it('removes every one of them and keeps the rest', () => {
    expect(withoutControlChars('\x00re\tport\x7f 😀.pdf\n')).toBe('report 😀.pdf')
    expect(withoutControlChars('\x85a\u2028b\u2029 kept')).toBe('ab kept')
  })
})
