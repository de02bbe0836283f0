import { gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { describePostgres, freshPostgresUrl } from '../testing/postgres.ts'
import { json, onPostgres, type TestApp, type TestInstance, testApp } from '../testing/test-app.ts'

type Entry = { path: string; size: number; sha: string; title: string | null }
type Folder = { path: string; type: 'folder'; files: number }
type Written = { sha: string; commit: string }

const S = '/organizations/acme/spaces/wiki'

/** Seeds a space with a reader and a contributor on `t`, and answers their tokens. */
async function seed(t: TestApp) {
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { members: { walt: 'contributor', rita: 'reader' } } },
  })
  return { writer: world.token('walt'), reader: world.token('rita'), stranger: await t.user('sam') }
}

describe('the tree of a space', () => {
  let t: TestApp
  let writer: string
  let reader: string
  let stranger: string
  beforeEach(async () => {
    t = await testApp()
    ;({ writer, reader, stranger } = await seed(t))
  })
  afterEach(() => t.close())

  const put = async (path: string, content: string) =>
    json<Written>(await t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content } }))
  const tree = (query = '', headers: Record<string, string> = {}) =>
    t.call('GET', `${S}/tree${query}`, { token: reader, headers })
  const listed = async <T = Entry>(query = '') => {
    const response = await tree(query)
    expect(response.status).toBe(200)
    return json<T[]>(response)
  }
  const seedFolders = async () => {
    for (const path of [
      'index.md',
      'guides/setup.md',
      'guides/deep/one.md',
      'guides/deep/two.md',
      'guides/deep/er/three.md',
      'guides-old.md',
      'notes/a.md',
      'zebra.txt',
    ])
      await put(path, `# ${path}\n`)
  }

  it('lists every file, as before, without parameters', async () => {
    await put('guides/setup.md', '# Setup\n')
    await put('notes.txt', 'plain\n')
    const response = await tree()
    expect(response.headers.get('content-type')).toContain('application/json')
    const body = await response.text()
    const entries = JSON.parse(body) as Entry[]
    expect(entries).toEqual([
      { path: 'guides/setup.md', sha: expect.any(String), size: 8, title: 'Setup' },
      { path: 'notes.txt', sha: expect.any(String), size: 6, title: null },
    ])
    expect(Object.keys(entries[0] ?? {})).toEqual(['path', 'sha', 'size', 'title'])
  })

  it('names the commit in an ETag and answers 304 to it until a write changes the tree', async () => {
    const first = await put('a.md', '# A\n')
    const response = await tree()
    const etag = response.headers.get('etag')
    expect(etag).toBe(`"${first.commit}"`)
    const again = await tree('', { 'if-none-match': etag ?? '' })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await tree('?depth=1', { 'if-none-match': `W/${etag}` })).status).toBe(304)

    const second = await put('b.md', '# B\n')
    const changed = await tree('', { 'if-none-match': etag ?? '' })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).toBe(`"${second.commit}"`)
    expect((await json<Entry[]>(changed)).map((e) => e.path)).toEqual(['a.md', 'b.md'])
  })

  it('answers the whole tree gzipped to a client that takes gzip, the same listing', async () => {
    await put('guides/setup.md', '# Setup\n')
    await put('notes.txt', 'plain\n')
    const plain = await tree()
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    const expected = await plain.text()
    for (const accepted of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8']) {
      const packed = await tree('', { 'accept-encoding': accepted })
      expect(packed.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(new Uint8Array(await packed.arrayBuffer())).toString('utf8')).toBe(expected)
    }
    for (const refused of ['gzip;q=0, identity', '*;q=1, gzip;q=0', 'br'])
      expect((await tree('', { 'accept-encoding': refused })).headers.get('content-encoding')).toBeNull()
    // A part of the tree is made for its request: not compressed.
    expect((await tree('?depth=1', { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBeNull()
  })

  it('shows a write, a new title, a move and a deletion at once', async () => {
    const a = await put('a.md', '# First title\n')
    expect((await listed()).map((e) => [e.path, e.title])).toEqual([['a.md', 'First title']])
    await t.call('PUT', `${S}/files/a.md`, {
      token: writer,
      body: { content: '# Second title\n', base_sha: a.sha },
    })
    expect((await listed()).map((e) => [e.path, e.title])).toEqual([['a.md', 'Second title']])
    await t.call('POST', `${S}/move`, { token: writer, body: { from: 'a.md', to: 'b/a.md' } })
    expect((await listed()).map((e) => e.path)).toEqual(['b/a.md'])
    await put('c.md', '# C\n')
    await t.call('DELETE', `${S}/files/b/a.md`, { token: writer })
    expect((await listed()).map((e) => e.path)).toEqual(['c.md'])
    await put('b.md', '---\ntitle: From the front matter\n---\n# Heading\n')
    await put('notes/plain.txt', 'plain text\n')
    await put('notes/.gitkeep', '')
    const entries = await listed()
    expect(entries.map((e) => [e.path, e.title])).toEqual([
      ['b.md', 'From the front matter'],
      ['c.md', 'C'],
      ['notes/plain.txt', null],
    ])
    for (const entry of entries) {
      const file = await json<{ sha: string; size: number }>(
        await t.call('GET', `${S}/files/${entry.path}`, { token: reader }),
      )
      expect([entry.sha, entry.size]).toEqual([file.sha, file.size])
    }
  })

  it('lists one folder down to a depth, deeper folders once with their number of files', async () => {
    await seedFolders()
    expect(await listed<Entry | Folder>('?depth=1')).toEqual([
      // Sorted by path as the whole listing is: `-` comes before `/`.
      expect.objectContaining({ path: 'guides-old.md', title: 'guides-old.md' }),
      { path: 'guides', type: 'folder', files: 4 },
      expect.objectContaining({ path: 'index.md' }),
      { path: 'notes', type: 'folder', files: 1 },
      expect.objectContaining({ path: 'zebra.txt', title: null }),
    ])
    const guides = await listed<Entry | Folder>('?folder=guides&depth=1')
    expect(guides.map((e) => ('type' in e ? `${e.path}/ (${e.files})` : e.path))).toEqual([
      'guides/deep/ (3)',
      'guides/setup.md',
    ])
    expect((await listed('?folder=guides/deep&depth=2')).map((e) => e.path)).toEqual([
      'guides/deep/er/three.md',
      'guides/deep/one.md',
      'guides/deep/two.md',
    ])
    expect((await listed('?folder=/guides/deep/')).map((e) => e.path)).toHaveLength(3)
    expect(await listed('?folder=nowhere')).toEqual([])
    expect(await listed('?folder=index.md')).toEqual([])
  })

  it('pages through the listing with limit and the cursor it gives', async () => {
    await seedFolders()
    const all = await listed()
    const collect = async (query: string) => {
      const seen: (Entry | Folder)[] = []
      let cursor: string | null = ''
      for (let pages = 0; cursor !== null; pages++) {
        expect(pages).toBeLessThan(20)
        const response = await tree(`${query}${cursor ? `&cursor=${cursor}` : ''}`)
        expect(response.status).toBe(200)
        const part = await json<(Entry | Folder)[]>(response)
        expect(part.length).toBeLessThanOrEqual(3)
        seen.push(...part)
        cursor = response.headers.get('x-next-cursor')
      }
      return seen
    }
    expect(await collect('?limit=3')).toEqual(all)
    expect(await collect('?limit=1&depth=1')).toEqual(await listed('?depth=1'))
    expect(await collect('?limit=2&folder=guides&depth=2')).toEqual(await listed('?folder=guides&depth=2'))
    const exact = await tree('?limit=8')
    expect(exact.headers.get('x-next-cursor')).toBeNull()
  })

  it('refuses bad parameters with the validation error, never a server error', async () => {
    for (const query of [
      'depth=0',
      'depth=two',
      'depth=1.5',
      'limit=0',
      'limit=100001',
      'folder=../etc',
      'folder=a//b',
      'folder=a/./b',
      // No path of a space holds a control character, as the files' paths answer too.
      'folder=guides%0A',
      'folder=%09guides',
      'cursor=not%20a%20cursor',
      // Of a cursor's characters, but no position the listing gives (not UTF-8, or not canonical).
      'cursor=garbage',
      'cursor=_w',
    ]) {
      const response = await tree(`?${query}`)
      expect(response.status, query).toBe(422)
      const body = await json<{ detail: { loc: string[] }[] }>(response)
      expect(body.detail[0]?.loc[0], query).toBe('query')
    }
  })

  it('hides the tree from someone outside the space, even with a known ETag or parameters', async () => {
    await put('a.md', '# A\n')
    const etag = (await tree()).headers.get('etag') ?? ''
    const asStranger = (query: string, headers: Record<string, string> = {}) =>
      t.call('GET', `${S}/tree${query}`, { token: stranger, headers })
    expect((await asStranger('', { 'if-none-match': etag })).status).toBe(404)
    expect((await asStranger('?depth=1&limit=1')).status).toBe(404)
    expect((await t.call('GET', `${S}/tree`)).status).toBe(401)
  })
})

/** Two instances on one PostgreSQL database and one repositories folder. */
describePostgres('the tree seen from another instance', () => {
  let t: TestApp
  let other: TestInstance
  let writer: string
  let reader: string
  let drop: (() => Promise<void>) | undefined
  beforeEach(async () => {
    if (onPostgres) t = await testApp()
    else {
      const database = await freshPostgresUrl()
      drop = database.drop
      t = await testApp({}, { database })
    }
    other = await t.twin()
    ;({ writer, reader } = await seed(t))
  })
  afterEach(async () => {
    await other.close()
    await t.close()
    await drop?.()
  })

  it("shows the other instance's write at once, with a new ETag", async () => {
    const paths = async (call: TestApp['call']) =>
      (await json<Entry[]>(await call('GET', `${S}/tree`, { token: reader }))).map((e) => e.path)
    await t.call('PUT', `${S}/files/a.md`, { token: writer, body: { content: '# A\n' } })
    expect(await paths(t.call)).toEqual(['a.md'])
    expect(await paths(other.call)).toEqual(['a.md'])
    const etag = (await t.call('GET', `${S}/tree`, { token: reader })).headers.get('etag') ?? ''

    await other.call('PUT', `${S}/files/b.md`, { token: writer, body: { content: '# B\n' } })
    const seen = await t.call('GET', `${S}/tree`, { token: reader, headers: { 'if-none-match': etag } })
    expect(seen.status).toBe(200)
    expect((await json<Entry[]>(seen)).map((e) => [e.path, e.title])).toEqual([
      ['a.md', 'A'],
      ['b.md', 'B'],
    ])
  })
})
