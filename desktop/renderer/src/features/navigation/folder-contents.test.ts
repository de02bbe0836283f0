import { describe, expect, it } from 'vitest'
import { listedContents } from './folder-contents.ts'

const file = (path: string, title: string | null = null) => ({ path, size: 1, sha: 'x', title })
const folder = (path: string, files: number) => ({ path, type: 'folder' as const, files })

describe('listedContents', () => {
  it('lists the sub-folders by name and the pages by title, without attachments', () => {
    const contents = listedContents({
      files: [
        file('guides/setup.md', 'Setup guide'),
        file('guides/a-first.md', 'Zebra crossing'),
        file('guides/logo.png'),
      ],
      folders: [
        folder('guides/deep', 2),
        folder('guides/another', 1),
        folder('guides/10-later', 1),
        folder('guides/9-sooner', 1),
      ],
    })
    expect(contents.folders).toEqual(['guides/9-sooner', 'guides/10-later', 'guides/another', 'guides/deep'])
    expect(contents.pages.map((page) => page.path)).toEqual(['guides/setup.md', 'guides/a-first.md'])
  })

  it('is empty for a folder that holds nothing', () => {
    expect(listedContents({ files: [], folders: [] })).toEqual({ folders: [], pages: [] })
  })
})
