import { describe, expect, it } from 'vitest'
import { contentTypeOf, extensionOf, isActiveContent, kindOf } from './file-kinds.ts'

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

describe('contentTypeOf and isActiveContent', () => {
  it('serve known formats with their type, and only active ones as downloads', () => {
    expect(contentTypeOf('logo.PNG')).toBe('image/png')
    expect(isActiveContent('logo.png')).toBe(false)
    expect(isActiveContent('page.html')).toBe(true)
    expect(contentTypeOf('data.bin')).toBe('application/octet-stream')
    expect(isActiveContent('data.bin')).toBe(true)
  })

  it('know no extension named like a property every object has', () => {
    for (const path of ['x.constructor', 'x.__proto__', 'x.tostring']) {
      expect(contentTypeOf(path), path).toBe('application/octet-stream')
      expect(isActiveContent(path), path).toBe(true)
    }
  })
})
