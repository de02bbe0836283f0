import { describe, expect, it } from 'vitest'
import { folderContents } from './folder-contents.ts'

const file = (path: string, title?: string) => ({ path, size: 1, sha: 'x', ...(title ? { title } : {}) })

describe('folderContents', () => {
  const files = [
    file('index.md'),
    file('guides/setup.md', 'Setup guide'),
    file('guides/a-first.md', 'Zebra crossing'),
    file('guides/logo.png'),
    file('guides/deep/one.md'),
    file('guides/deep/two.md'),
    file('guides/another/x.md'),
    file('guidesx/other.md'),
  ]

  it('lists the sub-folders by name and the pages by title, without attachments', () => {
    const contents = folderContents(files, 'guides')
    expect(contents.folders).toEqual(['guides/another', 'guides/deep'])
    expect(contents.pages.map((page) => page.path)).toEqual(['guides/setup.md', 'guides/a-first.md'])
  })

  it('lists the root for an empty folder name, and nothing for a folder that does not exist', () => {
    expect(folderContents(files, '').folders).toEqual(['guides', 'guidesx'])
    expect(folderContents(files, '').pages.map((page) => page.path)).toEqual(['index.md'])
    expect(folderContents(files, 'nowhere')).toEqual({ folders: [], pages: [] })
  })
})
