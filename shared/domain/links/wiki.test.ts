import { describe, expect, it } from 'vitest'
import { couldNameAny, resolveWikiTarget } from './wiki.ts'

const all = [
  'index.md',
  'guides/setup.md',
  'guides/install.md',
  'archive/old/install.md',
  'ops/Install.md',
  'reference/api.md',
  'images/logo.png',
]

describe('resolveWikiTarget', () => {
  it('finds a page by its name, ignoring case and the .md extension', () => {
    expect(resolveWikiTarget('index.md', 'setup', all)).toBe('guides/setup.md')
    expect(resolveWikiTarget('index.md', 'SETUP', all)).toBe('guides/setup.md')
    expect(resolveWikiTarget('index.md', 'setup.md', all)).toBe('guides/setup.md')
    expect(resolveWikiTarget('index.md', ' setup ', all)).toBe('guides/setup.md')
  })

  it('prefers the page in the linking page’s folder, then the shortest path', () => {
    expect(resolveWikiTarget('archive/old/notes.md', 'install', all)).toBe('archive/old/install.md')
    expect(resolveWikiTarget('ops/runbook.md', 'install', all)).toBe('ops/Install.md')
    expect(resolveWikiTarget('index.md', 'install', all)).toBe('ops/Install.md')
    expect(resolveWikiTarget('reference/api.md', 'install', all)).toBe('ops/Install.md')
  })

  it('prefers the exact spelling between pages as close as each other', () => {
    const paths = ['a/Note.md', 'b/note.md']
    expect(resolveWikiTarget('index.md', 'note', paths)).toBe('b/note.md')
    expect(resolveWikiTarget('index.md', 'Note', paths)).toBe('a/Note.md')
  })

  it('reads a name with a slash as a path from the content root', () => {
    expect(resolveWikiTarget('index.md', 'guides/install', all)).toBe('guides/install.md')
    expect(resolveWikiTarget('ops/runbook.md', 'guides/install.md', all)).toBe('guides/install.md')
    expect(resolveWikiTarget('ops/runbook.md', '/archive/old/install', all)).toBe('archive/old/install.md')
    expect(resolveWikiTarget('guides/setup.md', 'old/install', all)).toBeUndefined()
  })

  it('finds files other than pages by their full name', () => {
    expect(resolveWikiTarget('index.md', 'logo.png', all)).toBe('images/logo.png')
    expect(resolveWikiTarget('index.md', 'logo', all)).toBeUndefined()
  })

  it('takes the first path in list order among names with a slash spelled in other cases', () => {
    expect(resolveWikiTarget('index.md', 'notes/A', ['notes/a.md', 'Notes/A', 'NOTES/a.MD'])).toBe(
      'notes/a.md',
    )
    expect(resolveWikiTarget('index.md', 'notes/a', ['NOTES/A.md', 'notes/A', 'Notes/a.md'])).toBe(
      'NOTES/A.md',
    )
    expect(resolveWikiTarget('index.md', 'notes/a', ['x/y.md', 'NOTES/A.png'])).toBeUndefined()
  })

  it('resolves against each list of paths as given, not an earlier one', () => {
    const before = ['index.md', 'old/setup.md']
    expect(resolveWikiTarget('index.md', 'setup', before)).toBe('old/setup.md')
    const after = [...before, 'setup.md']
    expect(resolveWikiTarget('index.md', 'setup', after)).toBe('setup.md')
    expect(resolveWikiTarget('index.md', 'setup', before)).toBe('old/setup.md')
  })

  it('finds a page by the title it was named from when no file bears the title itself', () => {
    const paths = [
      'getting-started.md',
      'ops/deploy-guide.md',
      'guides/deploy-guide.md',
      'Release Notes.md',
      'release-notes.md',
    ]
    expect(resolveWikiTarget('index.md', 'Getting Started', paths)).toBe('getting-started.md')
    expect(resolveWikiTarget('index.md', 'Réunion du 3 mai', ['reunion-du-3-mai.md'])).toBe(
      'reunion-du-3-mai.md',
    )
    // Nearest the linking page, as for a file name; a path keeps its folder.
    expect(resolveWikiTarget('ops/index.md', 'Deploy Guide', paths)).toBe('ops/deploy-guide.md')
    expect(resolveWikiTarget('index.md', 'guides/Deploy Guide', paths)).toBe('guides/deploy-guide.md')
    // A file named as written comes first.
    expect(resolveWikiTarget('index.md', 'Release Notes', paths)).toBe('Release Notes.md')
    expect(couldNameAny(['guides/getting-started.md'])('Getting Started')).toBe(true)
    expect(couldNameAny(['guides/started.md'])('Getting Started')).toBe(false)
  })

  it('gives nothing for a missing page or an empty name', () => {
    expect(resolveWikiTarget('index.md', 'nowhere', all)).toBeUndefined()
    expect(resolveWikiTarget('index.md', '  ', all)).toBeUndefined()
  })
})
