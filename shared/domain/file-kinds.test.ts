import { describe, expect, it } from 'vitest'
import { extensionOf, kindOf } from './file-kinds.ts'

describe('extensionOf', () => {
  it('gives the lower-cased extension of the last segment, without the dot', () => {
    expect(extensionOf('a/b/Report.Final.PDF')).toBe('pdf')
    expect(extensionOf('notes.md')).toBe('md')
    expect(extensionOf('scans.pdf/readme')).toBe('')
    expect(extensionOf('Makefile')).toBe('')
  })

  it('takes a leading dot for a hidden file, not an extension', () => {
    expect(extensionOf('.pdf')).toBe('')
    expect(extensionOf('docs/.gitkeep')).toBe('')
  })

  it('reads Git paths, where a backslash is part of a name', () => {
    expect(extensionOf('scan\\.pdf')).toBe('pdf')
    expect(kindOf('scan\\.pdf')).toBe('document')
  })
})
