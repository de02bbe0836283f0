import { describe, expect, it } from 'vitest'
import { splitFrontMatter } from './front-matter.ts'
import { ownTitle } from './page-title.ts'

const titleOf = (markdown: string) => {
  const { data, body } = splitFrontMatter(markdown)
  return ownTitle(data, body)
}

describe('ownTitle', () => {
  it('takes the front matter title, else the first level-one heading', () => {
    expect(titleOf('---\ntitle: "  Backups  "\n---\n# Other\n')).toBe('Backups')
    expect(titleOf('---\ntitle: ""\n---\nIntro\n\n## Part\n\n# Backups #\n')).toBe('Backups')
    expect(titleOf('   # Learn C#\n')).toBe('Learn C#')
  })

  it('ignores comments in the front matter and headings in code blocks', () => {
    expect(titleOf('---\n# reviewed by ops\nowner: ada\n---\nNo heading here.\n')).toBe('')
    expect(titleOf('```sh\n# install\n```\n\n# Setup\n')).toBe('Setup')
  })

  it('is empty when the page names nothing', () => {
    expect(titleOf('Just words.\n#hashtag\n#\nNext line\n')).toBe('')
  })
})
