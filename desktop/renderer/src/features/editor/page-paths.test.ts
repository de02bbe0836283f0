import { describe, expect, it } from 'vitest'
import { cleanPath, folderOf, linkTarget, pagePath } from './page-paths.ts'

describe('page paths', () => {
  it('adds .md to a page path only when it is missing', () => {
    expect(pagePath(' guides/setup ')).toBe('guides/setup.md')
    expect(pagePath('guides/setup.md')).toBe('guides/setup.md')
    expect(pagePath('/guides//a')).toBe('guides/a.md')
    expect(pagePath('guides/')).toBe('guides/')
  })

  it('cleans slashes and finds the folder of a path', () => {
    expect(cleanPath('\\a\\b.md')).toBe('a/b.md')
    expect(folderOf('guides/setup.md')).toBe('guides/')
    expect(folderOf('index.md')).toBe('')
  })

  it('encodes what would break a link target, and only that', () => {
    expect(linkTarget('photo.png')).toBe('photo.png')
    expect(linkTarget('my photo (1).png')).toBe('my%20photo%20%281%29.png')
    expect(linkTarget('é#?.pdf')).toBe('é%23%3F.pdf')
  })
})
