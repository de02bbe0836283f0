import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readNote, writeNote } from '../domain/inbox-note.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Item = {
  name: string
  type: string
  title: string
  deposited_by: string
  deposited_at: string
  status: string
  reason: string
  hint: string
  source: string
  via: string
  origin: string
  attachments: { name: string; size: number }[]
  path?: string
  body?: string
}

let t: TestApp
let admin: string
let writer: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
const OTHER = '/organizations/acme/spaces/other'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: {
      wiki: { name: 'wiki', members: { walt: 'contributor', rita: 'reader' } },
      other: { name: 'other', members: { rita: 'contributor' } },
    },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  reader = world.token('rita')
})
afterEach(() => t.close())

const drop = async (body: Record<string, unknown>, token = writer, space = S) => {
  const response = await t.call('POST', `${space}/inbox`, { token, body })
  return { response, item: response.status === 201 ? await json<Item>(response) : undefined }
}
const inbox = async (query = '', token = reader, space = S) => {
  const response = await t.call('GET', `${space}/inbox${query}`, { token })
  return { items: await json<Item[]>(response), total: Number(response.headers.get('x-total-count')) }
}

describe('dropping notes', () => {
  it('stores the note in the repository and lists it with every field (201)', async () => {
    const { response, item } = await drop({
      title: 'Backup window',
      content: 'Backups now run at 02:00 UTC.',
      hint: 'runbooks/backups',
      source: 'Standup 2026-11-20',
    })
    expect(response.status).toBe(201)
    expect(item).toMatchObject({
      type: 'note',
      title: 'Backup window',
      deposited_by: 'walt',
      deposited_at: '2026-11-21T09:00:00.000Z',
      status: 'pending',
      reason: '',
      hint: 'runbooks/backups',
      source: 'api',
      via: 'API · test',
      origin: 'Standup 2026-11-20',
      attachments: [],
    })
    const repo = t.deps.repos.open(1, 'main')
    const stored = await repo.read(`.service/inbox/${item?.name}/note.md`)
    expect(new TextDecoder().decode(stored?.bytes)).toContain('Backups now run at 02:00 UTC.')
    const { items, total } = await inbox()
    expect(total).toBe(1)
    expect(items[0]).toEqual(item)
    const one = await json<Item>(await t.call('GET', `${S}/inbox/${item?.name}`, { token: reader }))
    expect(one.body).toBe('Backups now run at 02:00 UTC.')
  })

  it('keeps attachments beside the note and serves them as downloads only', async () => {
    const html = Buffer.from('<script>alert(1)</script>').toString('base64')
    const { item } = await drop({
      content: 'See the screenshot',
      attachments: [
        { name: 'shot.png', content_base64: Buffer.from([137, 80, 78, 71]).toString('base64') },
        { name: '../evil.html', content_base64: html },
      ],
    })
    expect(item?.attachments).toEqual([
      { name: 'evil.html', size: 25 },
      { name: 'shot.png', size: 4 },
    ])
    expect((await inbox()).items[0]?.attachments).toEqual(item?.attachments)
    const file = await t.call('GET', `${S}/inbox/${item?.name}/files/evil.html`, { token: reader })
    expect(file.headers.get('content-type')).toBe('application/octet-stream')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await file.text()).toBe('<script>alert(1)</script>')
    expect((await t.call('GET', `${S}/inbox/${item?.name}/files/nope.png`, { token: reader })).status).toBe(
      404,
    )
  })

  it('takes an attachment as large as a file (10 MiB), refusing a larger one by its name', async () => {
    const bytes = (size: number) => Buffer.alloc(size, 7).toString('base64')
    const { response, item } = await drop({
      content: 'The recording',
      attachments: [{ name: 'call.bin', content_base64: bytes(3 * 1024 * 1024) }],
    })
    expect(response.status).toBe(201)
    expect(item?.attachments).toEqual([{ name: 'call.bin', size: 3 * 1024 * 1024 }])
    const larger = await drop({
      content: 'Too long',
      attachments: [{ name: 'long.bin', content_base64: bytes(10 * 1024 * 1024 + 1) }],
    })
    expect(larger.response.status).toBe(400)
    expect(await json(larger.response)).toMatchObject({
      error: 'invalid',
      message: expect.stringContaining('long.bin'),
    })
    // Beyond what one request may carry: the body itself is refused.
    const many = await drop({
      content: 'Two of them',
      attachments: ['a.bin', 'b.bin'].map((name) => ({ name, content_base64: bytes(8 * 1024 * 1024) })),
    })
    expect(many.response.status).toBe(413)
  })

  it('names attachments so that every clone holds them once filed, and refuses two that would be one file', async () => {
    const png = Buffer.from([137, 80, 78, 71]).toString('base64')
    const { item } = await drop({
      content: 'Scans',
      attachments: [
        { name: 'CON.png', content_base64: png },
        { name: 'minutes: may?.txt', content_base64: png },
        { name: 'scan.pdf. ', content_base64: png },
        { name: 'cafe\u0301.png', content_base64: png },
      ],
    })
    expect(item?.attachments.map((a) => a.name).sort()).toEqual([
      'CON-file.png',
      'café.png',
      'minutes- may-.txt',
      'scan.pdf',
    ])
    const twins = await drop({
      content: 'Twins',
      attachments: [
        { name: 'Shot.png', content_base64: png },
        { name: 'shot.png', content_base64: png },
      ],
    })
    expect(twins.response.status).toBe(400)
    // Nor one that would be the note's own file where case is ignored.
    const noteTwin = await drop({
      content: 'Own file',
      attachments: [{ name: 'Note.md', content_base64: png }],
    })
    expect(noteTwin.response.status).toBe(400)
    expect((await inbox()).total).toBe(1)
  })

  it('refuses an empty note, bad attachments, readers (403) and likely secrets (422)', async () => {
    expect((await drop({ content: '   ' })).response.status).toBe(400)
    expect(
      (await drop({ content: 'x', attachments: [{ name: 'a.txt', content_base64: 'not base64!' }] })).response
        .status,
    ).toBe(400)
    expect((await drop({ content: 'x' }, reader)).response.status).toBe(403)
    const secret = await drop({ content: `The staging password = ${'Rz8'.repeat(4)}!` })
    expect(secret.response.status).toBe(422)
    // Said where it is as a page write says it: the content's own line, not the stored note's.
    expect(await json(secret.response)).toMatchObject({ error: 'secret_detected', field: 'content', line: 1 })
    expect((await inbox()).total).toBe(0)
  })

  it.each([
    ['a right-to-left override', 'invoice\u202efdp.exe', 'invoice<U+202E>fdp.exe'],
    ['a first-strong isolate', 'a\u2068b.png', 'a<U+2068>b.png'],
    ['a lone surrogate', 'shot\ud83d.png', 'shot<U+D83D>.png'],
  ])('refuses an attachment named with %s (400 invalid, in English and French)', async (_, name, shown) => {
    const attachments = [
      { name: 'fine.png', content_base64: 'iVBORw==' },
      { name, content_base64: 'iVBORw==' },
    ]
    const { response } = await drop({ content: 'See the file', attachments })
    expect(response.status).toBe(400)
    expect(await json(response)).toEqual({ error: 'invalid', message: expect.stringContaining(`"${shown}"`) })
    const fr = await t.call('POST', `${S}/inbox`, {
      token: writer,
      body: { content: 'See the file', attachments },
      headers: { 'accept-language': 'fr' },
    })
    expect((await json(fr)).message).toMatch(
      new RegExp(`^Le nom « ${shown.replace(/[+.]/g, '\\$&')} » .*Unicode`),
    )
    expect((await inbox()).total).toBe(0)
  })

  it('allows 120 drops per account per hour across every space, then 429 with Retry-After', async () => {
    const account = { id: await t.idOf('account', 'rita') }
    for (let i = 0; i < 118; i++)
      await t.deps.store.rateLimits.record(`drop:${account.id}`, t.clock.now() - 1000)
    expect((await drop({ content: 'one' }, reader, OTHER)).response.status).toBe(201)
    await t.call('PUT', `${S}/members/rita`, { token: admin, body: { role: 'contributor' } })
    expect((await drop({ content: 'two' }, reader, S)).response.status).toBe(201)
    const limited = (await drop({ content: 'three' }, reader, S)).response
    expect(limited.status).toBe(429)
    expect((await json(limited)).error).toBe('too_many_requests')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    t.clock.advance(60 * 60_000)
    expect((await drop({ content: 'four' }, reader, S)).response.status).toBe(201)
  })

  it('accepts exactly the drops left in the hour when they arrive at once', async () => {
    const account = { id: await t.idOf('account', 'walt') }
    for (let i = 0; i < 100; i++)
      await t.deps.store.rateLimits.record(`drop:${account.id}`, t.clock.now() - 1000)
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => drop({ content: `note ${i}` }).then((d) => d.response)),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect((await inbox()).total).toBe(20)
  })

  it('gives a refused drop back to the hour, even while others are in flight', async () => {
    const account = { id: await t.idOf('account', 'walt') }
    for (let i = 0; i < 118; i++)
      await t.deps.store.rateLimits.record(`drop:${account.id}`, t.clock.now() - 1000)
    const [secret, empty] = await Promise.all([
      drop({ content: `The staging password = ${'Rz8'.repeat(4)}!` }),
      drop({ content: '   ' }),
    ])
    expect([secret.response.status, empty.response.status]).toEqual([422, 400])
    expect((await drop({ content: 'one' })).response.status).toBe(201)
    expect((await drop({ content: 'two' })).response.status).toBe(201)
    expect((await drop({ content: 'three' })).response.status).toBe(429)
  })

  it('counts moves made at once against the same hourly limit', async () => {
    const account = { id: await t.idOf('account', 'ada') }
    const names: string[] = []
    for (let i = 0; i < 3; i++) names.push((await drop({ content: `to move ${i}` }, admin)).item?.name ?? '')
    for (let i = 0; i < 115; i++)
      await t.deps.store.rateLimits.record(`drop:${account.id}`, t.clock.now() - 1000)
    const statuses = await Promise.all(
      names.map(async (name) => {
        const body = { space: 'acme/other' }
        return (await t.call('POST', `${S}/inbox/${name}/move`, { token: admin, body })).status
      }),
    )
    expect(statuses.toSorted()).toEqual([200, 200, 429])
    expect((await inbox('', admin, OTHER)).total).toBe(2)
  })
})

describe('correcting, deleting and moving notes', () => {
  it('corrects only the given fields and puts a left note back to be processed', async () => {
    const { item } = await drop({ title: 'Draft', content: 'First words', hint: 'ops' })
    const repo = t.deps.repos.open(1, 'main')
    const path = `.service/inbox/${item?.name}/note.md`
    const stored = readNote(new TextDecoder().decode((await repo.read(path))?.bytes))
    const text = writeNote({ ...stored.meta, status: 'left', reason: 'Nowhere to put it' }, stored.content)
    await repo.commit({
      parent: await repo.head(),
      changes: [{ path, content: new TextEncoder().encode(text) }],
      author: { name: 't', email: 't@x' },
      message: 'left',
    })
    expect((await inbox('?kind=left')).items.map((i) => i.reason)).toEqual(['Nowhere to put it'])
    const response = await t.call('PATCH', `${S}/inbox/${item?.name}`, {
      token: writer,
      body: { content: 'Better words' },
    })
    expect(await json(response)).toMatchObject({ title: 'Draft', hint: 'ops', status: 'pending', reason: '' })
    expect((await inbox('?kind=left')).total).toBe(0)
    expect((await json<Item>(await t.call('GET', `${S}/inbox/${item?.name}`, { token: reader }))).body).toBe(
      'Better words',
    )
  })

  it('deletes a note with its attachments (204)', async () => {
    const { item } = await drop({
      content: 'x',
      attachments: [{ name: 'a.txt', content_base64: Buffer.from('a').toString('base64') }],
    })
    expect((await t.call('DELETE', `${S}/inbox/${item?.name}`, { token: writer })).status).toBe(204)
    expect((await inbox()).total).toBe(0)
    expect(await t.deps.repos.open(1, 'main').list('.service/inbox')).toEqual([])
  })

  it('moves a note to another space where the caller contributes; returns space and path', async () => {
    const { item } = await drop(
      {
        content: 'Belongs elsewhere',
        attachments: [{ name: 'a.txt', content_base64: Buffer.from('a').toString('base64') }],
      },
      admin,
    )
    const response = await t.call('POST', `${S}/inbox/${item?.name}/move`, {
      token: admin,
      body: { space: 'acme/other' },
    })
    expect(await json(response)).toEqual({ space: 'acme/other', path: `.service/inbox/${item?.name}` })
    expect((await inbox()).total).toBe(0)
    const moved = await inbox('', admin, OTHER)
    expect(moved.items.map((i) => [i.name, i.attachments.length])).toEqual([[item?.name, 1]])
    const { item: again } = await drop({ content: 'Mine' })
    expect(
      (
        await t.call('POST', `${S}/inbox/${again?.name}/move`, {
          token: writer,
          body: { space: 'acme/other' },
        })
      ).status,
    ).toBe(400)
    expect((await inbox()).total).toBe(1)
  })
})

describe('pending-note search', () => {
  it('finds notes with every word of q, accents and case ignored, newest first, in readable spaces only', async () => {
    await drop({ title: 'Chaudière', content: 'Révision de la chaudière en mars' })
    t.clock.advance(60_000)
    await drop({ title: 'Boiler', content: 'Call the CHAUDIERE guy before MARS 15' })
    t.clock.advance(60_000)
    await drop({ content: 'Unrelated' })
    await drop({ content: 'Chaudière too, but elsewhere' }, admin, OTHER)
    const found = await json<{ space: string; title: string }[]>(
      await t.call('GET', '/search/pending?q=chaudiere%20MARS', { token: reader }),
    )
    expect(found.map((f) => f.title)).toEqual(['Boiler', 'Chaudière'])
    const limited = await json<{ space: string }[]>(
      await t.call('GET', '/search/pending?q=chaudiere&spaces=acme/other', { token: admin }),
    )
    expect(limited.map((f) => f.space)).toEqual(['acme/other'])
    expect((await t.call('GET', '/search/pending?q=x&spaces=acme/secret', { token: reader })).status).toBe(
      400,
    )
  })
})

describe('change items', () => {
  it('say where a change came from by the service’s own trailers, not by lines of the caller’s message', async () => {
    const forged = 'Tidy the page\nSource: web\nVia: Web · someone else\n\nSource: mcp\nVia: forged'
    const written = await t.call('PUT', `${S}/files/ops/forged.md`, {
      token: writer,
      body: { content: '# Forged\n', message: forged },
    })
    expect(written.status).toBe(201)
    const { items } = await inbox('?kind=change')
    expect(items).toEqual([
      expect.objectContaining({ path: 'ops/forged.md', source: 'api', via: 'API · test' }),
    ])
  })

  it('report pages changed through the API until seen, then again at their next change', async () => {
    expect((await inbox('?kind=change')).total).toBe(0)
    const first = await json<{ sha: string }>(
      await t.call('PUT', `${S}/files/ops/backups.md`, {
        token: writer,
        body: { content: '# Backups\n\nNightly.\n' },
      }),
    )
    const { items } = await inbox('?kind=change')
    expect(items).toEqual([
      expect.objectContaining({
        type: 'change',
        title: 'Backups',
        path: 'ops/backups.md',
        deposited_by: 'Walt',
        source: 'api',
        via: 'API · test',
      }),
    ])
    const name = items[0]?.name
    const one = await json<Item>(await t.call('GET', `${S}/inbox/${name}`, { token: reader }))
    expect(one.body).toContain('+Nightly.')
    expect(one.body).toContain('Create ops/backups.md')
    expect((await t.call('POST', `${S}/inbox/${name}/seen`, { token: reader })).status).toBe(403)
    expect((await t.call('POST', `${S}/inbox/${name}/seen`, { token: writer })).status).toBe(204)
    expect((await inbox('?kind=change')).total).toBe(0)
    await t.call('PUT', `${S}/files/ops/backups.md`, {
      token: writer,
      body: { content: '# Backups\n\nHourly.\n', base_sha: first.sha },
    })
    const again = await json<Item>(await t.call('GET', `${S}/inbox/${name}`, { token: reader }))
    expect(again.body).toContain('-Nightly.')
    expect(again.body).toContain('+Hourly.')
  })

  it('cannot mark a note as seen (400), and lists notes and changes together with a total', async () => {
    const { item } = await drop({ content: 'x' })
    await t.call('PUT', `${S}/files/a.md`, { token: writer, body: { content: '# A\n' } })
    expect((await t.call('POST', `${S}/inbox/${item?.name}/seen`, { token: writer })).status).toBe(400)
    // An item that is not there is not found, as it is everywhere else.
    for (const unknown of ['nope', '20260101-000000-gone-abcdef', 'change-nope']) {
      const seen = await t.call('POST', `${S}/inbox/${unknown}/seen`, { token: writer })
      expect(seen.status).toBe(404)
      expect((await json(seen)).error).toBe('not_found')
    }
    const all = await inbox('?limit=1')
    expect(all.total).toBe(2)
    expect(all.items).toHaveLength(1)
    expect((await inbox('?kind=note')).items.map((i) => i.type)).toEqual(['note'])
  })

  it('cannot be corrected, deleted or moved like notes (400), and stay listed', async () => {
    await t.call('PUT', `${S}/files/a.md`, { token: writer, body: { content: '# A\n' } })
    const [change] = (await inbox('?kind=change')).items
    const path = `${S}/inbox/${change?.name}`
    const refusals = [
      await t.call('PATCH', path, { token: writer, body: { title: 'B' } }),
      await t.call('DELETE', path, { token: writer }),
      await t.call('POST', `${path}/move`, { token: admin, body: { space: 'acme/other' } }),
    ]
    for (const refused of refusals) {
      expect(refused.status).toBe(400)
      expect((await json<{ message: string }>(refused)).message).toBe(
        'Only notes can be corrected, deleted or moved.',
      )
    }
    expect((await inbox('?kind=change')).items.map((i) => i.name)).toEqual([change?.name])
  })
})

describe('change items from pushes made directly in Git', () => {
  let remote: GitRemote
  beforeAll(async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/linked.git', { files: { 'content/index.md': '# Home\n' } })
  })
  afterAll(() => remote.stop())

  it('show the page with source git after a sync', async () => {
    await t.call('POST', '/organizations/acme/spaces', {
      token: admin,
      body: { slug: 'linked', name: 'Linked', repo_url: remote.url('acme/linked.git') },
    })
    await t.call('PUT', '/organizations/acme/spaces/linked/git/credentials', {
      token: admin,
      body: { kind: 'https', token: `${remote.username}:${remote.password}` },
    })
    await t.call('POST', '/organizations/acme/spaces/linked/git/sync', { token: admin })
    await t.deps.queue.idle()
    expect((await inbox('?kind=change', admin, '/organizations/acme/spaces/linked')).total).toBe(0)
    const clone = await remote.clone('acme/linked.git')
    await clone.write('content/index.md', '# Home\n\nEdited in Git.\n')
    await clone.commitAll('Edit the home page')
    await clone.push()
    await t.call('POST', '/organizations/acme/spaces/linked/git/sync', { token: admin })
    await t.deps.queue.idle()
    const { items } = await inbox('?kind=change', admin, '/organizations/acme/spaces/linked')
    expect(items).toEqual([
      expect.objectContaining({ path: 'index.md', source: 'git', deposited_by: 'Quire Test' }),
    ])
  })

  it('credit each page to the commit that changed it, across a merge, and leave out pages changed back', async () => {
    const space = '/organizations/acme/spaces/merged'
    await remote.createRepo('acme/merged.git', {
      files: { 'content/index.md': '# Home\n', 'content/a.md': '# A\n', 'content/b.md': '# B\n' },
    })
    await t.call('POST', '/organizations/acme/spaces', {
      token: admin,
      body: { slug: 'merged', name: 'Merged', repo_url: remote.url('acme/merged.git') },
    })
    await t.call('PUT', `${space}/git/credentials`, {
      token: admin,
      body: { kind: 'https', token: `${remote.username}:${remote.password}` },
    })
    await t.call('POST', `${space}/git/sync`, { token: admin })
    await t.deps.queue.idle()
    expect((await inbox('?kind=change', admin, space)).total).toBe(0)
    // Someone works in Git on a branch taken before the next write through the API...
    const clone = await remote.clone('acme/merged.git')
    await clone.write('content/a.md', '# A\n\nWritten by Bea in Git.\n')
    await clone.git('add', '-A')
    await clone.git('commit', '--quiet', '--author', 'Bea <bea@example.com>', '-m', 'Bea edits A')
    const { sha } = await json<{ sha: string }>(await t.call('GET', `${space}/files/b.md`, { token: admin }))
    const written = await t.call('PUT', `${space}/files/b.md`, {
      token: admin,
      body: { content: '# B\n\nWritten through the API.\n', base_sha: sha },
    })
    expect(written.status).toBe(200)
    await t.deps.queue.idle()
    // ...then merges the API's commit into it, and changes the home page and changes it back.
    await clone.git('pull', '--quiet', '--no-rebase', '--no-edit')
    for (const text of ['# Home\n\nDraft.\n', '# Home\n']) {
      await clone.write('content/index.md', text)
      await clone.git('add', '-A')
      await clone.git('commit', '--quiet', '--author', 'Carl <carl@example.com>', '-m', 'Carl tries')
    }
    await clone.push()
    await t.call('POST', `${space}/git/sync`, { token: admin })
    await t.deps.queue.idle()
    const { items, total } = await inbox('?kind=change', admin, space)
    expect(total).toBe(2)
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'a.md', deposited_by: 'Bea', source: 'git' }),
        expect.objectContaining({ path: 'b.md', deposited_by: 'Ada', source: 'api', via: 'API · test' }),
      ]),
    )
    const body = await json<{ body: string }>(
      await t.call('GET', `${space}/inbox/${items.find((i) => i.path === 'a.md')?.name}`, { token: admin }),
    )
    expect(body.body).toContain('Bea: Bea edits A')
    expect(body.body).toContain('+Written by Bea in Git.')
  })
})
