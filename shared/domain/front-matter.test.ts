import { describe, expect, it } from 'vitest'
import { readFrontMatter, splitFrontMatter, withoutFrontMatter } from './front-matter.ts'

describe('readFrontMatter', () => {
  it('reads keys, dates included', () => {
    expect(readFrontMatter('---\nowner: ada\nverified: 2026-10-01\n---\n# Page\n')).toEqual({
      owner: 'ada',
      verified: '2026-10-01',
    })
  })

  it('reads front matter after a byte order mark', () => {
    expect(readFrontMatter('\uFEFF---\nowner: ada\n---\n# Page\n')).toEqual({ owner: 'ada' })
  })

  it('gives nothing for pages without front matter or with unreadable YAML', () => {
    expect(readFrontMatter('# Page\n')).toEqual({})
    expect(readFrontMatter('---\nowner: [unclosed\n---\n')).toEqual({})
  })
})

describe('splitFrontMatter', () => {
  it('gives the front matter and the Markdown after its block', () => {
    expect(splitFrontMatter('---\r\ntitle: Backups\r\n---  \r\n# Backups\r\n')).toEqual({
      data: { title: 'Backups' },
      body: '# Backups\r\n',
    })
    expect(splitFrontMatter('---\nowner: [unclosed\n---\nText')).toEqual({ data: {}, body: 'Text' })
  })

  it('gives the whole page when there is no block, without a byte order mark', () => {
    expect(splitFrontMatter('# Page\n---\nowner: ada\n---\n')).toEqual({
      data: {},
      body: '# Page\n---\nowner: ada\n---\n',
    })
    expect(splitFrontMatter('\uFEFF# Page\n')).toEqual({ data: {}, body: '# Page\n' })
    expect(splitFrontMatter('\uFEFF---\nowner: ada\n---\n# Page\n')).toEqual({
      data: { owner: 'ada' },
      body: '# Page\n',
    })
  })

  it('agrees with readFrontMatter and withoutFrontMatter', () => {
    for (const page of ['---\nowner: ada\n---', '\uFEFF---\na: 1\n---\nx', 'no block', '']) {
      expect(splitFrontMatter(page)).toEqual({ data: readFrontMatter(page), body: withoutFrontMatter(page) })
    }
  })
})
