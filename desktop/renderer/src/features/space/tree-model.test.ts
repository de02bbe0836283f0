import { describe, expect, it } from 'vitest'
import {
  ancestorsOf,
  attachmentsKey,
  buildFolderTree,
  buildTree,
  canDropInto,
  filesCounted,
  folderPaths,
  movedPath,
  openKeysFor,
  parentRowOf,
  titleOf,
  visibleRows,
} from './tree-model.ts'

const file = (path: string, title?: string | null) => ({
  path,
  size: 1,
  sha: 'x',
  ...(title !== undefined ? { title } : {}),
})

const tree = buildTree([
  file('index.md', 'Welcome'),
  file('guides/setup.md', 'Setup guide'),
  file('guides/deep/b.md'),
  file('guides/a-first_step.md'),
  file('guides/diagram.png', null),
  file('zeta.md'),
  file('files/report.pdf', null),
  file('logo.svg', null),
])

const shown = (open: string[], filter = '') =>
  visibleRows(tree, new Set(open), filter).map((row) =>
    row.kind === 'attachments'
      ? `${row.depth}:[${row.count} attachments]`
      : row.kind === 'loading'
        ? `${row.depth}:…`
        : `${row.depth}:${row.name}`,
  )

describe('the page tree', () => {
  it('names pages by their title, else by a readable file name; other files by name', () => {
    expect(titleOf(file('a.md', 'Alpha'))).toBe('Alpha')
    expect(titleOf(file('guides/a-first_step.md'))).toBe('A first step')
    expect(titleOf(file('guides/a-first_step.md', null))).toBe('A first step')
    expect(titleOf(file('files/report.pdf', null))).toBe('report.pdf')
  })

  it('shows folders first, closed, then pages by title, then a closed group of attachments', () => {
    expect(shown([])).toEqual(['0:files', '0:guides', '0:Welcome', '0:Zeta', '0:[1 attachments]'])
  })

  it('sorts pages by the title people read, not by their file name', () => {
    const byTitle = buildTree([file('a.md', 'Zebra'), file('z.md', 'Aardvark'), file('m.md', 'aardvark')])
    expect(visibleRows(byTitle, new Set()).map((row) => row.kind === 'file' && row.path)).toEqual([
      'm.md',
      'z.md',
      'a.md',
    ])
  })

  it('shows the content of open folders, nested, and attachments only once their group is open', () => {
    expect(shown(['guides', 'guides/deep'])).toEqual([
      '0:files',
      '0:guides',
      '1:deep',
      '2:B',
      '1:A first step',
      '1:Setup guide',
      '1:[1 attachments]',
      '0:Welcome',
      '0:Zeta',
      '0:[1 attachments]',
    ])
    expect(shown(['guides', attachmentsKey('guides'), attachmentsKey('')])).toEqual([
      '0:files',
      '0:guides',
      '1:deep',
      '1:A first step',
      '1:Setup guide',
      '1:[1 attachments]',
      '2:diagram.png',
      '0:Welcome',
      '0:Zeta',
      '0:[1 attachments]',
      '1:logo.svg',
    ])
    const rows = visibleRows(tree, new Set(['files', attachmentsKey('files')]))
    expect(rows.slice(0, 3)).toEqual([
      { kind: 'folder', path: 'files', name: 'files', depth: 0, isOpen: true },
      { kind: 'attachments', path: 'files', depth: 1, isOpen: true, count: 1 },
      { kind: 'file', path: 'files/report.pdf', name: 'report.pdf', depth: 2, isPage: false },
    ])
  })

  it('under a filter, keeps only matching files and the folders and groups that hold them', () => {
    expect(visibleRows(tree, new Set(), 'setup').map((r) => r.path)).toEqual(['guides', 'guides/setup.md'])
    expect(shown([], 'report')).toEqual(['0:files', '1:[1 attachments]', '2:report.pdf'])
    expect(visibleRows(tree, new Set(), 'nothing like it')).toEqual([])
  })

  it('knows every folder, the folders above a path, and what opens to show a file', () => {
    expect(folderPaths(tree)).toEqual(['files', 'guides', 'guides/deep'])
    expect(ancestorsOf('a/b/c.md')).toEqual(['a', 'a/b'])
    expect(ancestorsOf('c.md')).toEqual([])
    expect(openKeysFor('a/b/c.md')).toEqual(['a', 'a/b'])
    expect(openKeysFor('a/b/c.png')).toEqual(['a', 'a/b', 'a/b/'])
    expect(openKeysFor('c.png')).toEqual(['/'])
    expect(openKeysFor('')).toEqual([])
  })

  it('finds the row holding another: its folder or its group of attachments', () => {
    const rows = visibleRows(tree, new Set(['guides', 'guides/deep', attachmentsKey('guides')]))
    const at = (path: string) => rows.findIndex((row) => row.kind === 'file' && row.path === path)
    expect(rows[parentRowOf(rows, at('guides/deep/b.md')) ?? -1]?.path).toBe('guides/deep')
    expect(rows[parentRowOf(rows, at('guides/diagram.png')) ?? -1]).toMatchObject({ kind: 'attachments' })
    expect(parentRowOf(rows, at('index.md'))).toBeUndefined()
  })

  it('moves a file into another folder under its own name, never into the folder it is in', () => {
    expect(movedPath('guides/setup.md', 'team')).toBe('team/setup.md')
    expect(movedPath('guides/setup.md', '')).toBe('setup.md')
    expect(canDropInto('guides/setup.md', 'team')).toBe(true)
    expect(canDropInto('guides/setup.md', '')).toBe(true)
    expect(canDropInto('guides/setup.md', 'guides')).toBe(false)
    expect(canDropInto('setup.md', '')).toBe(false)
    // A folder goes into another, never into itself nor one of its own.
    expect(canDropInto('guides', 'team', true)).toBe(true)
    expect(canDropInto('team/old', '', true)).toBe(true)
    expect(canDropInto('guides', 'guides', true)).toBe(false)
    expect(canDropInto('guides', 'guides/deep', true)).toBe(false)
    expect(canDropInto('team/old', 'team', true)).toBe(false)
    expect(canDropInto('guides', 'guides-old', true)).toBe(true)
  })

  it('nests 10,000 entries in their folders', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => file(`f${i % 50}/p${i}.md`))
    const big = buildTree(many)
    const rows = visibleRows(big, new Set(folderPaths(big)))
    expect(rows).toHaveLength(10_050)
    expect(rows.filter((row) => row.kind === 'folder')).toHaveLength(50)
  })

  it('builds the tree a folder at a time: a folder not read yet shows as loading once opened', () => {
    const top = {
      files: [file('index.md', 'Welcome'), file('logo.svg', null)],
      folders: [
        { path: 'guides', files: 3 },
        { path: 'notes', files: 1 },
      ],
    }
    expect(filesCounted(top)).toBe(6)
    const guides = {
      files: [file('guides/setup.md', 'Setup guide')],
      folders: [{ path: 'guides/deep', files: 2 }],
    }
    const partial = buildFolderTree(
      new Map([
        ['', top],
        ['guides', guides],
      ]),
    )
    const rows = (open: string[]) =>
      visibleRows(partial, new Set(open)).map((row) =>
        row.kind === 'file' || row.kind === 'folder'
          ? `${row.depth}:${row.name}`
          : `${row.depth}:${row.kind}`,
      )
    expect(rows([])).toEqual(['0:guides', '0:notes', '0:Welcome', '0:attachments'])
    expect(rows(['guides', 'guides/deep', 'notes'])).toEqual([
      '0:guides',
      '1:deep',
      '2:loading',
      '1:Setup guide',
      '0:notes',
      '1:loading',
      '0:Welcome',
      '0:attachments',
    ])
  })
})
