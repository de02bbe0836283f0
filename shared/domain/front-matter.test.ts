import { describe, expect, it } from 'vitest'
import { readFrontMatter } from './front-matter.ts'

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
