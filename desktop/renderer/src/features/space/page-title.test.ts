import { describe, expect, it } from 'vitest'
import { splitTitle } from './page-title.ts'

describe('a page’s title', () => {
  it('takes an opening level-one heading out of the text', () => {
    expect(splitTitle('a.md', '# Setup guide\n\nInstall.\n')).toEqual({
      title: 'Setup guide',
      text: '\nInstall.\n',
    })
  })

  it('keeps the front matter, and prefers its title', () => {
    const text = '---\ntitle: "Real title"\nowner: ada\n---\n\n# Heading\n\nBody\n'
    expect(splitTitle('a.md', text)).toEqual({
      title: 'Real title',
      text: '---\ntitle: "Real title"\nowner: ada\n---\n\n\nBody\n',
    })
  })

  it('falls back to the file name when the page does not open with a title', () => {
    expect(splitTitle('guides/first-steps.md', 'Some text\n\n# Later heading\n')).toEqual({
      title: 'First steps',
      text: 'Some text\n\n# Later heading\n',
    })
    expect(splitTitle('x.md', '## Only a second level\n').title).toBe('X')
  })
})
