import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type TreeEntry = { path: string; sha: string; size: number; title: string | null }

type FoundPage = { org: string; space: string; space_name: string; path: string; title: string }

let t: TestApp
let world: World
let writer: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  world = await seedWorld(t.deps, {
    spaces: {
      wiki: { members: { walt: 'contributor', rita: 'reader' } },
      board: { name: 'Board room', members: { walt: 'contributor' } },
    },
  })
  writer = world.token('walt')
  reader = world.token('rita')
  // Titles, paths and links are all these tests read of the index: no need to embed the pages too.
  for (const space of ['wiki', 'board'])
    await t.deps.store.index.forSpace(world.space(space).id).setState({ meaning: false })
})
afterEach(() => t.close())

const put = (path: string, content: string) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content, force: true } })

describe('titles in the tree', () => {
  it('names each page by its front matter title, else its first heading, else its file name; other files null', async () => {
    await put('guides/setup.md', '---\ntitle: Setting things up\n---\n# Setup\n')
    await put('guides/backups.md', 'Intro.\n\n# Nightly backups\n')
    await put('notes/getting-started.md', 'No heading here.\n')
    await put('guides/budget.csv', 'item,cost\nfood,3\n')
    await t.deps.indexQueue.idle()
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    const titles = Object.fromEntries(tree.map((e) => [e.path, e.title]))
    expect(titles).toEqual({
      'guides/backups.md': 'Nightly backups',
      'guides/budget.csv': null,
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
    const res = await t.call('GET', `${S}/tree`, { token: reader })
    // Some titles are guessed: the listing names no commit, so that a client reads it again.
    expect(res.headers.get('etag')).toBeNull()
    const tree = await json<TreeEntry[]>(res)
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

describe('the switcher’s page list (GET /pages)', () => {
  const find = async (q: string, token = reader, limit?: number) =>
    json<FoundPage[]>(
      await t.call('GET', `/pages?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, { token }),
    )

  beforeEach(async () => {
    await world.write('walt', 'wiki', {
      'ops/backups.md': '# Backups\n',
      'ops/backup-restore.md': '# Backup and restore\n',
      'guides/nightly.md': '# Nightly backups of the database\n',
      'archive/backups/old.md': '# Old notes\n',
      'guides/ete.md': '# Été à Montréal\n',
    })
    await world.write('walt', 'board', { 'backups-budget.md': '# Backups budget\n' })
    await t.deps.indexQueue.idle()
  })

  it('lists the pages whose title or path match, best first, with their space', async () => {
    expect((await find('backup')).map((p) => p.path)).toEqual([
      'ops/backups.md',
      'ops/backup-restore.md',
      'guides/nightly.md',
      'archive/backups/old.md',
    ])
    expect((await find('MONTREAL ete'))[0]).toEqual({
      org: 'acme',
      space: 'wiki',
      space_name: 'Wiki',
      path: 'guides/ete.md',
      title: 'Été à Montréal',
    })
    expect((await find('bkps')).map((p) => p.title)).toEqual([
      'Backups',
      'Backup and restore',
      'Nightly backups of the database',
    ])
  })

  it('never shows a page of a space the caller cannot read; its members and the super admin see it', async () => {
    expect((await find('budget')).length).toBe(0)
    const member = await find('budget', writer)
    expect(member).toEqual([
      {
        org: 'acme',
        space: 'board',
        space_name: 'Board room',
        path: 'backups-budget.md',
        title: 'Backups budget',
      },
    ])
    expect(await find('budget', world.token('root'))).toEqual(member)
    const stranger = await t.user('sam')
    expect(await find('', stranger)).toEqual([])
  })

  it('lists the first pages by title without a query, up to the limit', async () => {
    expect((await find('', reader, 3)).map((p) => p.title)).toEqual([
      'Backup and restore',
      'Backups',
      'Été à Montréal',
    ])
    expect((await find('')).length).toBe(5)
  })

  it('sees a write once the index has read it', async () => {
    await world.write('walt', 'wiki', { 'ops/zanzibar.md': '# Zanzibar failover\n' })
    await t.deps.indexQueue.idle()
    expect((await find('zanz')).map((p) => p.path)).toEqual(['ops/zanzibar.md'])
  })

  it('refuses a limit out of 1 to 50 (422)', async () => {
    expect((await t.call('GET', '/pages?q=a&limit=0', { token: reader })).status).toBe(422)
    expect((await t.call('GET', '/pages?q=a&limit=51', { token: reader })).status).toBe(422)
  })
})

describe('backlinks', () => {
  const backlinks = async (path: string, token = reader) =>
    json<{ path: string; title: string }[]>(await t.call('GET', `${S}/backlinks/${path}`, { token }))

  it('lists the pages linking to a page by title, follows a write adding a link and one removing it', async () => {
    await put('guides/setup.md', '# Setup\n')
    await put('ops/zeta.md', '# Zeta runbook\n\nSee [setup](../guides/setup.md).\n')
    await put('alpha.md', '# Alpha notes\n\nSee [[setup]] and [again](guides/setup.md#install).\n')
    await put('other.md', '# Other\n\nNothing here.\n')
    await t.deps.indexQueue.idle()
    expect(await backlinks('guides/setup.md')).toEqual([
      { path: 'alpha.md', title: 'Alpha notes' },
      { path: 'ops/zeta.md', title: 'Zeta runbook' },
    ])
    await put('other.md', '# Other\n\nNow see [setup](guides/setup.md).\n')
    await put('ops/zeta.md', '# Zeta runbook\n\nNo link any more.\n')
    await t.deps.indexQueue.idle()
    expect((await backlinks('guides/setup.md')).map((b) => b.path)).toEqual(['alpha.md', 'other.md'])
  })

  it('counts a link written before the page it leads to existed', async () => {
    await put('index.md', '# Home\n\nSee [[Later page]].\n')
    await t.deps.indexQueue.idle()
    await put('Later page.md', '# Later\n')
    await t.deps.indexQueue.idle()
    expect(await backlinks('Later page.md')).toEqual([{ path: 'index.md', title: 'Home' }])
  })

  it('follows a wiki link to the page it resolves to now: the nearest, then another once that one is deleted', async () => {
    await put('a/notes.md', '# Notes A\n')
    await put('b/notes.md', '# Notes B\n')
    await put('a/index.md', '# A home\n\nSee [[notes]].\n')
    await t.deps.indexQueue.idle()
    expect(await backlinks('a/notes.md')).toEqual([{ path: 'a/index.md', title: 'A home' }])
    expect(await backlinks('b/notes.md')).toEqual([])
    expect((await t.call('DELETE', `${S}/files/a/notes.md`, { token: writer })).status).toBe(204)
    await t.deps.indexQueue.idle()
    expect(await backlinks('b/notes.md')).toEqual([{ path: 'a/index.md', title: 'A home' }])
    expect(await backlinks('a/notes.md')).toEqual([])
  })

  it('answers [] for a page nobody links to, and 404 to someone who cannot see the space', async () => {
    await put('lonely.md', '# Lonely\n')
    await t.deps.indexQueue.idle()
    expect(await backlinks('lonely.md')).toEqual([])
    const stranger = await t.user('sam')
    expect((await t.call('GET', `${S}/backlinks/lonely.md`, { token: stranger })).status).toBe(404)
  })
})

describe('the trash', () => {
  type Trashed = { path: string; title: string; deleted_at: string; deleted_by: string; commit: string }
  type Commit = { commit: string; author: string; subject: string }
  const trash = async (token = reader) => json<Trashed[]>(await t.call('GET', `${S}/trash`, { token }))
  const remove = (path: string) => t.call('DELETE', `${S}/files/${path}`, { token: writer })
  const restore = (path: string, token = writer) =>
    t.call('POST', `${S}/trash/restore`, { token, body: { path } })
  const history = async (path: string) =>
    json<Commit[]>(await t.call('GET', `${S}/history/${path}`, { token: reader }))

  it('lists pages deleted through the API, newest first, with who deleted them, when and the commit', async () => {
    await put('guides/old.md', '# Old guide\n')
    await put('notes.md', '---\ntitle: Meeting notes\n---\nText.\n')
    await put('keep.md', '# Kept\n')
    expect((await remove('guides/old.md')).status).toBe(204)
    t.clock.advance(60_000)
    expect((await remove('notes.md')).status).toBe(204)
    const [deleteNotes] = await history('notes.md')
    expect(await trash()).toEqual([
      {
        path: 'notes.md',
        title: 'Meeting notes',
        deleted_at: new Date(t.clock.now()).toISOString(),
        deleted_by: 'Walt',
        commit: deleteNotes?.commit,
      },
      expect.objectContaining({ path: 'guides/old.md', title: 'Old guide', deleted_by: 'Walt' }),
    ])
  })

  it('leaves out a page moved elsewhere, a page created again, and deletions older than 30 days', async () => {
    await put('guides/setup.md', '# Setup\n\nStep one.\n\nStep two.\n\nSee [the index](../index.md).\n')
    await put('guides/faq.md', '# FAQ\n')
    await put('index.md', '# Home\n')
    // Moved to another folder, then renamed too: its own link is rewritten, so its bytes change.
    for (const [from, to] of [
      ['guides/faq.md', 'faq.md'],
      ['guides/setup.md', 'install.md'],
    ]) {
      const moved = await t.call('POST', `${S}/move`, { token: writer, body: { from, to } })
      expect(moved.status).toBe(200)
    }
    await put('again.md', '# Again\n')
    await remove('again.md')
    await put('again.md', '# Again, back\n')
    expect(await trash()).toEqual([])
    await put('gone.md', '# Gone\n')
    await remove('gone.md')
    expect((await trash()).map((p) => p.path)).toEqual(['gone.md'])
    t.clock.advance(31 * 24 * 60 * 60 * 1000)
    expect(await trash()).toEqual([])
  })

  it('restores a page byte for byte, in one commit in the restorer’s name', async () => {
    const bytes = '\uFEFF# Odd bytes\r\n\r\nNo newline at the end'
    await put('odd.md', bytes)
    await remove('odd.md')
    const response = await restore('odd.md')
    expect(response.status).toBe(201)
    const restored = await json<{ path: string; commit: string; pushed: boolean }>(response)
    expect(restored).toMatchObject({ path: 'odd.md', pushed: false })
    const raw = await t.call('GET', `${S}/raw/odd.md`, { token: reader })
    expect(Buffer.from(await raw.arrayBuffer())).toEqual(Buffer.from(bytes, 'utf8'))
    const [last] = await history('odd.md')
    expect(last).toMatchObject({ commit: restored.commit, author: 'Walt', subject: 'Restore odd.md' })
    expect(await trash()).toEqual([])
  })

  it('refuses to restore over a file (409), a path not in the trash (404), and a reader (403)', async () => {
    await put('page.md', '# Page\n')
    await remove('page.md')
    expect((await restore('page.md', reader)).status).toBe(403)
    expect((await restore('never-there.md')).status).toBe(404)
    expect((await json(await restore('never-there.md'))).error).toBe('not_found')
    await put('page.md', '# Someone wrote it again\n')
    const conflict = await restore('page.md')
    expect(conflict.status).toBe(409)
    expect((await json(conflict)).error).toBe('conflict')
    const stranger = await t.user('sam')
    expect((await t.call('GET', `${S}/trash`, { token: stranger })).status).toBe(404)
  })

  it('brings back the files the page links to that the same commit deleted', async () => {
    const PLAN = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="2"/></svg>\n'
    const id = await t.idOf('space', 'wiki')
    const repo = t.deps.repos.open(id, 'main')
    await put('guides/diagram.md', '# Diagram\n\n![plan](plan.svg)\n')
    await put('guides/plan.svg', PLAN)
    await put('guides/unrelated.txt', 'other\n')
    // One commit deleting a folder, as `git rm -r` would.
    await repo.commit({
      parent: await repo.head(),
      changes: ['diagram.md', 'plan.svg', 'unrelated.txt'].map((name) => ({
        path: `content/guides/${name}`,
        content: null,
      })),
      author: { name: 'Pat Pusher', email: 'pat@example.com' },
      message: 'Clear the guides',
      at: t.clock.now(),
    })
    await repo.settle()
    expect(await trash()).toEqual([
      expect.objectContaining({ path: 'guides/diagram.md', deleted_by: 'Pat Pusher' }),
    ])
    expect((await restore('guides/diagram.md')).status).toBe(201)
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(tree.map((e) => e.path)).toEqual(['guides/diagram.md', 'guides/plan.svg'])
    const plan = await t.call('GET', `${S}/raw/guides/plan.svg`, { token: reader })
    expect(await plan.text()).toBe(PLAN)
  })
})

describe('page templates', () => {
  type Template = { name: string; title: string; text: string }
  const templates = async (token = reader) =>
    json<Template[]>(await t.call('GET', `${S}/templates`, { token }))

  it('lists each template of the space by title, with its text; none when there are none', async () => {
    expect(await templates()).toEqual([])
    const id = await t.idOf('space', 'wiki')
    const repo = t.deps.repos.open(id, 'main')
    const files: Record<string, string> = {
      'meeting.md': '---\ntitle: Meeting notes\n---\n## Attendees\n',
      'runbook.md': '# A runbook\n\n## Steps\n',
      'decision.md': 'Context, decision, consequences.\n',
      'nested/deep.md': '# Not a template\n',
      'picture.png': 'not a template either',
    }
    // Kept beside the space's other own files, which only its admins push.
    await repo.commit({
      parent: await repo.head(),
      changes: Object.entries(files).map(([name, text]) => ({
        path: `.service/templates/${name}`,
        content: new TextEncoder().encode(text),
      })),
      author: { name: 'Ada', email: 'ada@example.com' },
      message: 'Add page templates',
    })
    await repo.settle()
    expect(await templates()).toEqual([
      { name: 'runbook', title: 'A runbook', text: '# A runbook\n\n## Steps\n' },
      { name: 'decision', title: 'decision', text: 'Context, decision, consequences.\n' },
      { name: 'meeting', title: 'Meeting notes', text: '---\ntitle: Meeting notes\n---\n## Attendees\n' },
    ])
    const stranger = await t.user('sam')
    expect((await t.call('GET', `${S}/templates`, { token: stranger })).status).toBe(404)
  })
})
