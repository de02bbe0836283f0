import { describe, expect, it } from 'vitest'
import { ancestorsOf, buildTree, folderPaths, titleOf, visibleRows } from './tree-model.ts'

const file = (path: string, title?: string) => ({ path, size: 1, sha: 'x', ...(title ? { title } : {}) })

const tree = buildTree([
  file('index.md', 'Welcome'),
  file('guides/setup.md', 'Setup guide'),
  file('guides/deep/b.md'),
  file('guides/a-first_step.md'),
  file('zeta.md'),
  file('files/report.pdf'),
])

describe('the page tree', () => {
  it('names pages by their title, else by a readable file name; other files by name', () => {
    expect(titleOf(file('a.md', 'Alpha'))).toBe('Alpha')
    expect(titleOf(file('guides/a-first_step.md'))).toBe('A first step')
    expect(titleOf(file('files/report.pdf'))).toBe('report.pdf')
  })

  it('shows folders first, closed, then files by title', () => {
    expect(visibleRows(tree, new Set()).map((r) => `${r.depth}:${r.name}`)).toEqual([
      '0:files',
      '0:guides',
      '0:Welcome',
      '0:Zeta',
    ])
  })

  it('shows the content of open folders, nested', () => {
    const rows = visibleRows(tree, new Set(['guides', 'guides/deep']))
    expect(rows.map((r) => `${r.depth}:${r.name}`)).toEqual([
      '0:files',
      '0:guides',
      '1:deep',
      '2:B',
      '1:A first step',
      '1:Setup guide',
      '0:Welcome',
      '0:Zeta',
    ])
    expect(rows[1]).toMatchObject({ kind: 'folder', isOpen: true })
  })

  it('under a filter, keeps only matching files and the folders that hold them', () => {
    const rows = visibleRows(tree, new Set(), 'setup')
    expect(rows.map((r) => r.path)).toEqual(['guides', 'guides/setup.md'])
    expect(visibleRows(tree, new Set(), 'nothing like it')).toEqual([])
  })

  it('knows every folder and the folders above a path', () => {
    expect(folderPaths(tree)).toEqual(['files', 'guides', 'guides/deep'])
    expect(ancestorsOf('a/b/c.md')).toEqual(['a', 'a/b'])
    expect(ancestorsOf('c.md')).toEqual([])
  })

  it('builds 10,000 entries quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => file(`f${i % 50}/p${i}.md`))
    const started = performance.now()
    const big = buildTree(many)
    const rows = visibleRows(big, new Set(folderPaths(big)))
    expect(rows).toHaveLength(10_050)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
