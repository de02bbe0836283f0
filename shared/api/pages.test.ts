import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type TreeEntry = { path: string; sha: string; size: number; title: string | null }

let t: TestApp
let writer: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { members: { walt: 'contributor', rita: 'reader' } } },
  })
  writer = world.token('walt')
  reader = world.token('rita')
})
afterEach(() => t.close())

const put = (path: string, content: string) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content, force: true } })

describe('titles in the tree', () => {
  it('names each page by its front matter title, else its first heading, else its file name; other files null', async () => {
    await put('guides/setup.md', '---\ntitle: Setting things up\n---\n# Setup\n')
    await put('guides/backups.md', 'Intro.\n\n# Nightly backups\n')
    await put('notes/getting-started.md', 'No heading here.\n')
    await put('guides/diagram.png', 'not really a picture\n')
    await t.deps.indexQueue.idle()
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    const titles = Object.fromEntries(tree.map((e) => [e.path, e.title]))
    expect(titles).toEqual({
      'guides/backups.md': 'Nightly backups',
      'guides/diagram.png': null,
      'guides/setup.md': 'Setting things up',
      'notes/getting-started.md': 'getting-started',
    })
    for (const entry of tree) expect(Object.keys(entry).sort()).toEqual(['path', 'sha', 'size', 'title'])
  })

  it('names a page the index has not read yet by its own title, and many of them at least by their file names', async () => {
    const id = await t.idOf('space', 'wiki')
    const repo = t.deps.repos.open(id, 'main')
    const encode = (text: string) => new TextEncoder().encode(text)
    const pages = Array.from({ length: 30 }, (_, i) => `batch/page-${String(i).padStart(2, '0')}.md`)
    // Committed straight into the repository, as a push would: nothing asks the index to read them.
    await repo.commit({
      parent: await repo.head(),
      changes: pages.map((path, i) => ({ path: `content/${path}`, content: encode(`# Batch ${i}\n`) })),
      author: { name: 'Walt', email: 'walt@example.com' },
      message: 'Add pages',
    })
    await repo.settle()
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(tree.find((e) => e.path === 'batch/page-00.md')?.title).toBe('Batch 0')
    for (const [i, path] of pages.entries())
      expect([`Batch ${i}`, path.slice('batch/'.length, -'.md'.length)]).toContain(
        tree.find((e) => e.path === path)?.title,
      )
  })

  it('shows a page’s new title as soon as it is written, before the index reads it', async () => {
    const first = await json<{ sha: string }>(await put('a.md', '# Old title\n'))
    await t.deps.indexQueue.idle()
    await put('a.md', '# New title\n')
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    const entry = tree.find((e) => e.path === 'a.md')
    expect(entry?.sha).not.toBe(first.sha)
    expect(entry?.title).toBe('New title')
  })
})
