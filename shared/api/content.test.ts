import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Written = { path: string; sha: string; commit: string | null; pushed: boolean }
type FileRead = {
  path: string
  kind: string
  sha: string
  size: number
  text: string
  extracted: boolean
  freshness?: Record<string, unknown>
}

let t: TestApp
let admin: string
let writer: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { members: { walt: 'contributor', rita: 'reader' } } },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  reader = world.token('rita')
})
afterEach(() => t.close())

const put = (path: string, body: Record<string, unknown>, token = writer) =>
  t.call('PUT', `${S}/files/${path}`, { token, body })
const read = async (path: string, token = reader) =>
  json<FileRead>(await t.call('GET', `${S}/files/${path}`, { token }))

describe('the seven write rules', () => {
  it('1. creating a file needs nothing more than the content (201)', async () => {
    const response = await put('guides/setup.md', { content: '# Setup\n\nInstall it.\n' })
    expect(response.status).toBe(201)
    const written = await json<Written>(response)
    expect(written).toMatchObject({ path: 'guides/setup.md', pushed: false })
    expect(written.commit).toMatch(/^[0-9a-f]{40}$/)
    const file = await read('guides/setup.md')
    expect(file).toMatchObject({ kind: 'markdown', text: '# Setup\n\nInstall it.\n', sha: written.sha })
  })

  it('2. replacing an existing file requires base_sha (409 otherwise)', async () => {
    await put('a.md', { content: 'one\n' })
    const response = await put('a.md', { content: 'two\n' })
    expect(response.status).toBe(409)
    expect((await json(response)).error).toBe('conflict')
    expect((await read('a.md')).text).toBe('one\n')
  })

  it('3. 409 when the file changed since base_sha was read; the right base_sha replaces it (200)', async () => {
    const first = await json<Written>(await put('a.md', { content: 'one\n' }))
    const second = await put('a.md', { content: 'two\n', base_sha: first.sha })
    expect(second.status).toBe(200)
    const stale = await put('a.md', { content: 'three\n', base_sha: first.sha })
    expect(stale.status).toBe(409)
    expect((await read('a.md')).text).toBe('two\n')
  })

  it('4. base_sha set to an empty string requires a creation', async () => {
    expect((await put('new.md', { content: 'x\n', base_sha: '' })).status).toBe(201)
    expect((await put('new.md', { content: 'y\n', base_sha: '' })).status).toBe(409)
  })

  it('5. force replaces knowingly without base_sha', async () => {
    await put('a.md', { content: 'one\n' })
    expect((await put('a.md', { content: 'forced\n', force: true })).status).toBe(200)
    expect((await read('a.md')).text).toBe('forced\n')
    // A base_sha given all the same is held to: force does not pass over a change not read.
    const stale = await put('a.md', { content: 'over a stale read\n', force: true, base_sha: 'f'.repeat(40) })
    expect(stale.status).toBe(409)
    expect((await read('a.md')).text).toBe('forced\n')
  })

  it('6. a likely secret is refused with 422 secret_detected and nothing is committed; allow_secrets overrides', async () => {
    const before = await json<unknown[]>(await t.call('GET', `${S}/history/ops.md`, { token: reader }))
    const secretLine = `db_password = "${['Tr0ub4dor', '&3xQ9'].join('')}"`
    const refused = await put('ops.md', { content: `# Ops\n\n${secretLine}\n` })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected' })
    expect((await t.call('GET', `${S}/files/ops.md`, { token: reader })).status).toBe(404)
    expect(await json(await t.call('GET', `${S}/history/ops.md`, { token: reader }))).toEqual(before)
    expect((await put('ops.md', { content: `# Ops\n\n${secretLine}\n`, allow_secrets: true })).status).toBe(
      201,
    )
  })

  it('6. for an existing page only the added lines are checked', async () => {
    const secretLine = `api_key: ${['sk', '-live-'].join('')}${'9f8e7d6c5b4a3'.repeat(2)}`
    const first = await json<Written>(
      await put('ops.md', { content: `# Ops\n\n${secretLine}\n`, allow_secrets: true }),
    )
    const edited = await put('ops.md', {
      content: `# Ops runbook\n\n${secretLine}\n\nRestart the queue.\n`,
      base_sha: first.sha,
    })
    expect(edited.status).toBe(200)
    const current = await read('ops.md')
    const again = await put('ops.md', {
      content: `${current.text}\npassword = ${'Zz9'.repeat(4)}!\n`,
      base_sha: current.sha,
    })
    expect(again.status).toBe(422)
  })

  it('7. each write is a commit in the caller’s name with Source and Via trailers', async () => {
    await put('a.md', { content: 'one\n', message: 'Start page A' })
    const history = await json<{ commit: string; author: string; email: string; subject: string }[]>(
      await t.call('GET', `${S}/history/a.md`, { token: reader }),
    )
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ author: 'Walt', email: 'walt@example.com', subject: 'Start page A' })
    const dir = `${t.dir}/repos/${await t.idOf('space', 'wiki')}.git`
    const { execFile } = await import('node:child_process')
    const body = await new Promise<string>((resolve, reject) =>
      execFile('git', ['--git-dir', dir, 'log', '-1', '--format=%B'], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    )
    expect(body).toContain('Source: api\nVia: API · test')
  })

  it('a name with line breaks (a token’s, an account’s) cannot add trailers of the caller’s making', async () => {
    const forged = 'bot\n\nSource: routine\nVia: Routine · nightly'
    const made = await t.call('POST', '/me/tokens', { token: writer, body: { name: forged } })
    expect(made.status).toBe(201)
    const { token } = await json<{ token: string }>(made)
    expect(
      (
        await t.call('PATCH', '/users/walt', {
          token: writer,
          body: { display_name: 'Walt\n\nSource: tidy' },
        })
      ).status,
    ).toBe(200)
    expect((await put('b.md', { content: 'two\n', message: 'Page B' }, token)).status).toBe(201)
    const dir = `${t.dir}/repos/${await t.idOf('space', 'wiki')}.git`
    const { execFile } = await import('node:child_process')
    const log = (format: string) =>
      new Promise<string>((resolve, reject) =>
        execFile('git', ['--git-dir', dir, 'log', '-1', `--format=${format}`], (error, stdout) =>
          error ? reject(error) : resolve(stdout.trim()),
        ),
      )
    expect(await log('%(trailers:key=Source,valueonly)')).toBe('api')
    expect(await log('%(trailers:key=Via,valueonly)')).toBe(
      'API · bot Source: routine Via: Routine · nightly',
    )
    expect(await log('%an')).toBe('Walt Source: tidy')
  })

  it('a body without content, or with both kinds of it, is malformed (422 detail) and writes nothing', async () => {
    const neither = await put('a.md', { message: 'no content' })
    expect(neither.status).toBe(422)
    expect((await json<{ detail: { loc: string[] }[] }>(neither)).detail.map((d) => d.loc)).toEqual([
      ['body', 'content'],
    ])
    const both = await put('a.md', { content: 'a', content_base64: 'YQ==' })
    expect(both.status).toBe(422)
    expect((await json<{ detail: { loc: string[] }[] }>(both)).detail.map((d) => d.loc)).toEqual([
      ['body', 'content_base64'],
    ])
    expect((await t.call('GET', `${S}/files/a.md`, { token: reader })).status).toBe(404)
  })

  it('writing the same content again makes no commit', async () => {
    const first = await json<Written>(await put('a.md', { content: 'same\n' }))
    const again = await json<Written>(await put('a.md', { content: 'same\n', base_sha: first.sha }))
    expect(again.commit).toBeNull()
  })
})

describe('reading files', () => {
  it('lists the tree with path, size and sha (the .gitkeep placeholder hidden)', async () => {
    await put('guides/setup.md', { content: '# Setup\n' })
    await put('logo.png', {
      content_base64: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]).toString('base64'),
    })
    const tree = await json<{ path: string; size: number; sha: string }[]>(
      await t.call('GET', `${S}/tree`, { token: reader }),
    )
    expect(tree.map((e) => [e.path, e.size])).toEqual([
      ['guides/setup.md', 8],
      ['logo.png', 10],
    ])
    expect(tree[0]?.sha).toBe((await read('guides/setup.md')).sha)
  })

  it('reads freshness from a page’s front matter', async () => {
    await t.call('PATCH', S, { token: admin, body: { review_every: '6m' } })
    await put('verified.md', { content: '---\nowner: ada\nverified: 2026-10-01\n---\n# Verified\n' })
    await put('old.md', { content: '---\nverified: 2025-01-10\nreview_every: 90d\n---\n# Old\n' })
    await put('plain.md', { content: '# Plain\n' })
    expect((await read('verified.md')).freshness).toEqual({
      state: 'verified',
      verified: true,
      stale: false,
      verified_at: '2026-10-01',
      owner: 'ada',
      review_due: '2027-04-01',
      review_every: '6m',
    })
    expect((await read('old.md')).freshness).toMatchObject({
      state: 'stale',
      stale: true,
      verified: false,
      review_due: '2025-04-10',
      review_every: '90d',
    })
    expect((await read('plain.md')).freshness).toMatchObject({
      state: 'never',
      verified: false,
      stale: false,
      review_due: null,
    })
  })

  it('serves raw bytes with their type, nosniff, and as a download when a browser could run them', async () => {
    await put('page.html', { content: '<script>alert(1)</script>' })
    await put('notes.txt', { content: 'plain words' })
    const html = await t.call('GET', `${S}/raw/page.html`, { token: reader })
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html.headers.get('x-content-type-options')).toBe('nosniff')
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''page\.html$/)
    const text = await t.call('GET', `${S}/raw/notes.txt`, { token: reader })
    expect(await text.text()).toBe('plain words')
    expect(text.headers.get('content-disposition')).toBeNull()
    expect(text.headers.get('x-content-type-options')).toBe('nosniff')
    // Its ETag answers 304 while the file is unchanged, and the bytes once it changed.
    const etag = text.headers.get('etag') as string
    const again = await t.call('GET', `${S}/raw/notes.txt`, {
      token: reader,
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    const { sha } = await read('notes.txt')
    await put('notes.txt', { content: 'other words', base_sha: sha })
    const changed = await t.call('GET', `${S}/raw/notes.txt`, {
      token: reader,
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe('other words')
  })

  it('answers 404 for a missing file and to callers who cannot read the space', async () => {
    expect((await t.call('GET', `${S}/files/nope.md`, { token: reader })).status).toBe(404)
    const stranger = await t.user('sam')
    await put('a.md', { content: 'x\n' })
    expect((await t.call('GET', `${S}/files/a.md`, { token: stranger })).status).toBe(404)
    expect((await t.call('GET', `${S}/tree`, { token: stranger })).status).toBe(404)
  })
})

describe('paths stay inside content/', () => {
  it.each([
    '../secret.md',
    'a/../../b.md',
    '.git/config',
    'a/.git/HEAD',
    'a//b.md',
    '%2e%2e/x.md',
    'a%00b.md',
    '.GIT/x',
  ])('refuses %s in the address', async (path) => {
    const response = await t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content: 'x' } })
    expect([400, 404]).toContain(response.status)
    if (response.status === 400) expect((await json(response)).error).toBe('invalid')
    const tree = await json<unknown[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(tree).toEqual([])
  })

  it.each(['./a.md', 'a/./b.md', 'a\\b.md', '/etc/passwd', '../x.md', 'a/../../x.md', 'a\u0000b.md', ''])(
    'refuses %j in a body (400 invalid)',
    async (to) => {
      await put('a.md', { content: 'a\n' })
      const response = await t.call('POST', `${S}/move`, { token: writer, body: { from: 'a.md', to } })
      expect([400, 422]).toContain(response.status)
      expect((await read('a.md')).text).toBe('a\n')
    },
  )
})

describe('line breaks in an address', () => {
  it.each([
    ['GET', 'files/a%0Ab.md'],
    ['PUT', 'files/a%0Ab.md'],
    ['DELETE', 'files/a%0Ab.md'],
    ['PUT', 'files/docs/a%0D%0Ab.md'],
    ['GET', 'raw/a%0Ab.md'],
    ['GET', 'history/a%0Ab.md'],
    ['GET', 'files/a%0Ab.md/related'],
    ['POST', 'verify/a%0Ab.md'],
    ['GET', 'backlinks/a%0Ab.md'],
  ])('%s %s answers 400 invalid like any other invalid path, writing nothing', async (method, address) => {
    const body = method === 'PUT' ? { content: 'x\n' } : method === 'POST' ? {} : undefined
    const response = await t.call(method, `${S}/${address}`, { token: writer, body })
    expect(response.status).toBe(400)
    const error = await json<{ error: string; message: string }>(response)
    expect(error.error).toBe('invalid')
    expect(error.message).toEqual(expect.any(String))
    expect(await json<unknown[]>(await t.call('GET', `${S}/tree`, { token: reader }))).toEqual([])
  })

  it.each([
    ['a line separator', 'a%E2%80%A8b.md'],
    ['a paragraph separator', 'a%E2%80%A9b.md'],
    ['a next-line control', 'a%C2%85b.md'],
  ])('refuses %s in a name as it refuses a line break (400), writing nothing', async (_, path) => {
    const response = await put(path, { content: 'x\n' })
    expect(response.status).toBe(400)
    expect((await json<{ error: string }>(response)).error).toBe('invalid')
    expect(await json<unknown[]>(await t.call('GET', `${S}/tree`, { token: reader }))).toEqual([])
  })

  it('marking such a path as a favourite answers 400 invalid too', async () => {
    const response = await t.call('PUT', `/me/favourites/acme/wiki/a%0Ab.md`, { token: reader })
    expect(response.status).toBe(400)
    expect((await json(response)).error).toBe('invalid')
  })
})

describe('names that could disguise a file', () => {
  const refused = async (response: Response, shown: string) => {
    expect(response.status).toBe(400)
    const body = await json<{ error: string; message: string }>(response)
    expect(body.error).toBe('invalid')
    expect(body.message).toContain(shown)
    expect(body.message).toMatch(/direction|Unicode/)
  }

  it.each([
    ['a right-to-left override', 'invoice%E2%80%AEfdp.md', 'invoice<U+202E>fdp.md'],
    ['a left-to-right isolate', 'a%E2%81%A6b.md', 'a<U+2066>b.md'],
    ['a right-to-left mark', 'a%E2%80%8Fb.md', 'a<U+200F>b.md'],
    ['an Arabic letter mark', 'a%D8%9Cb.md', 'a<U+061C>b.md'],
    ['an encoded lone surrogate', '%ED%A0%80.md', '%ED%A0%80.md'],
    ['bytes that are not UTF-8', 'caf%E9.md', 'caf%E9.md'],
  ])('refuses %s in a written path (400), writing nothing', async (_, path, shown) => {
    await refused(await put(path, { content: 'x\n' }), shown)
    expect(await json<unknown[]>(await t.call('GET', `${S}/tree`, { token: reader }))).toEqual([])
  })

  it.each([
    ['a lone high surrogate', 'a\ud800.md', 'a<U+D800>.md'],
    ['a lone low surrogate', 'docs/\udc00b.md', 'docs/<U+DC00>b.md'],
    ['a pop directional formatting', 'a\u202cb.md', 'a<U+202C>b.md'],
    ['a left-to-right mark', 'a\u200eb.md', 'a<U+200E>b.md'],
  ])('refuses %s as the new name of a move (400), leaving the file where it was', async (_, to, shown) => {
    await put('a.md', { content: 'a\n' })
    await refused(await t.call('POST', `${S}/move`, { token: writer, body: { from: 'a.md', to } }), shown)
    expect((await read('a.md')).text).toBe('a\n')
    expect(await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: reader }))).toEqual([
      expect.objectContaining({ path: 'a.md' }),
    ])
  })

  it('says so in French too, and still accepts other scripts, emoji and percent signs', async () => {
    const fr = await t.call('PUT', `${S}/files/a%E2%80%AEb.md`, {
      token: writer,
      body: { content: 'x' },
      headers: { 'accept-language': 'fr' },
    })
    expect(fr.status).toBe(400)
    expect((await json(fr)).message).toMatch(/^Le nom « a<U\+202E>b\.md »/)
    expect((await put('%D8%B9%D8%B1%D8%A8%D9%8A/%F0%9F%98%80.md', { content: 'x\n' })).status).toBe(201)
    expect((await read('%D8%B9%D8%B1%D8%A8%D9%8A/%F0%9F%98%80.md')).path).toBe('عربي/😀.md')
    expect((await put('50%25%20off.md', { content: 'x\n' })).status).toBe(201)
    expect((await put('100%.md', { content: 'x\n' })).status).toBe(201)
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(tree.map((f) => f.path).sort()).toEqual(['100%.md', '50% off.md', 'عربي/😀.md'])
  })
})

describe('bodies that are not UTF-8', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Uint8Array.from(p)))),
    )
  const send = (body: Uint8Array<ArrayBuffer>) =>
    t.app.request(`/api/v1${S}/files/a.md`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body,
    })

  it.each([
    ['a byte that never starts a character', [0xff]],
    ['a truncated character', [0xc3]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['an overlong encoding', [0xc0, 0xaf]],
  ])('answer 422 for %s inside a string, committing nothing', async (_, bad) => {
    const response = await send(bytes('{"content": "caf', bad, '"}'))
    expect(response.status).toBe(422)
    expect(await json(response)).toEqual({
      detail: [{ loc: ['body'], msg: 'The request body is not valid UTF-8', type: 'json_invalid' }],
    })
    expect((await t.call('GET', `${S}/files/a.md`, { token: reader })).status).toBe(404)
    expect(await json<unknown[]>(await t.call('GET', `${S}/tree`, { token: reader }))).toEqual([])
  })

  it('keep well-formed text, a byte order mark and the size limit as before', async () => {
    const response = await send(bytes([0xef, 0xbb, 0xbf], '{"content": "café ✓ 𝄞\\n"}'))
    expect(response.status).toBe(201)
    expect((await read('a.md')).text).toBe('café ✓ 𝄞\n')
    // The size limit still comes first: an oversized body is 413 whatever its bytes.
    const big = bytes('{"slug": "big", "name": "', 'x'.repeat(2 * 1024 * 1024), [0xff], '"}')
    const refused = await t.app.request('/api/v1/organizations', {
      method: 'POST',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body: big,
    })
    expect(refused.status).toBe(413)
  })
})

describe('permissions', () => {
  it('readers cannot write (403), contributors can', async () => {
    expect((await put('a.md', { content: 'x\n' }, reader)).status).toBe(403)
    expect((await put('a.md', { content: 'x\n' }, writer)).status).toBe(201)
  })
})

describe('delete and history', () => {
  it('deletes a file (204) and keeps its history', async () => {
    const first = await json<Written>(await put('a.md', { content: 'x\n' }))
    expect((await t.call('DELETE', `${S}/files/a.md?base_sha=0000`, { token: writer })).status).toBe(409)
    expect((await t.call('DELETE', `${S}/files/a.md?base_sha=${first.sha}`, { token: writer })).status).toBe(
      204,
    )
    expect((await t.call('GET', `${S}/files/a.md`, { token: reader })).status).toBe(404)
    expect((await t.call('DELETE', `${S}/files/a.md`, { token: writer })).status).toBe(404)
    const history = await json<{ subject: string }[]>(
      await t.call('GET', `${S}/history/a.md`, { token: reader }),
    )
    expect(history.map((h) => h.subject)).toEqual(['Delete a.md', 'Create a.md'])
  })

  it('gives a long history page by page: the commits older than the last one given', async () => {
    for (const n of [1, 2, 3, 4, 5])
      await put('log.md', { content: `# Log\n\n${n}\n`, message: `Entry ${n}`, force: true })
    const page = async (query: string) =>
      json<{ commit: string; subject: string }[]>(
        await t.call('GET', `${S}/history/log.md?${query}`, { token: reader }),
      )
    const first = await page('limit=2')
    expect(first.map((h) => h.subject)).toEqual(['Entry 5', 'Entry 4'])
    const second = await page(`limit=2&before=${first[1]?.commit}`)
    expect(second.map((h) => h.subject)).toEqual(['Entry 3', 'Entry 2'])
    const third = await page(`limit=2&before=${second[1]?.commit}`)
    expect(third.map((h) => h.subject)).toEqual(['Entry 1'])
    expect(await page(`before=${third[0]?.commit}`)).toEqual([])
    // Not a commit id: the request's mistake, said as such.
    const bad = await t.call('GET', `${S}/history/log.md?before=HEAD~2`, { token: reader })
    expect(bad.status).toBe(422)
  })
})

describe('move', () => {
  it('moves a page and rewrites links to it and its own links in the same commit', async () => {
    await put('guides/setup.md', { content: '# Setup\n\nSee [the index](../index.md) and [[faq]].\n' })
    await put('index.md', {
      content:
        '# Home\n\n- [Setup](guides/setup.md "how")\n- ![shot](guides/setup.md)\n\n[ref]: guides/setup.md\n',
    })
    await put('faq.md', { content: '# FAQ\n\nRead [[setup|the setup]] first.\n' })
    const response = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'guides/setup.md', to: 'start/install/setup.md' },
    })
    expect(response.status).toBe(200)
    const moved = await json<{ rewritten: string[]; commit: string }>(response)
    expect(moved.rewritten).toEqual(['index.md', 'start/install/setup.md'])
    expect((await read('index.md')).text).toBe(
      '# Home\n\n- [Setup](start/install/setup.md "how")\n- ![shot](start/install/setup.md)\n\n[ref]: start/install/setup.md\n',
    )
    expect((await read('start/install/setup.md')).text).toBe(
      '# Setup\n\nSee [the index](../../index.md) and [[faq]].\n',
    )
    expect((await read('faq.md')).text).toBe('# FAQ\n\nRead [[setup|the setup]] first.\n')
    expect((await t.call('GET', `${S}/files/guides/setup.md`, { token: reader })).status).toBe(404)
    const history = await json<{ commit: string }[]>(
      await t.call('GET', `${S}/history/index.md`, { token: reader }),
    )
    expect(history[0]?.commit).toBe(moved.commit)
  })

  it('a dry run lists the pages whose links would be rewritten and writes nothing', async () => {
    await put('guides/setup.md', { content: '# Setup\n' })
    await put('index.md', { content: '# Home\n\n[Setup](guides/setup.md)\n' })
    const before = await json<{ commit: string }[]>(
      await t.call('GET', `${S}/history/index.md`, { token: reader }),
    )
    const response = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'guides/setup.md', to: 'start/setup.md', dry_run: true },
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({
      from: 'guides/setup.md',
      to: 'start/setup.md',
      commit: null,
      pushed: false,
      folder: false,
      moved: 1,
      rewritten: ['index.md'],
    })
    expect((await read('index.md')).text).toBe('# Home\n\n[Setup](guides/setup.md)\n')
    expect((await t.call('GET', `${S}/files/guides/setup.md`, { token: reader })).status).toBe(200)
    expect((await t.call('GET', `${S}/files/start/setup.md`, { token: reader })).status).toBe(404)
    expect(await json(await t.call('GET', `${S}/history/index.md`, { token: reader }))).toEqual(before)
  })

  it('a dry run refuses what the move would refuse: an existing target (409), a missing source (404), a reader (403)', async () => {
    await put('a.md', { content: 'a\n' })
    await put('b.md', { content: 'b\n' })
    const dryRun = (from: string, to: string, token = writer) =>
      t.call('POST', `${S}/move`, { token, body: { from, to, dry_run: true } })
    expect((await dryRun('a.md', 'b.md')).status).toBe(409)
    expect((await dryRun('z.md', 'y.md')).status).toBe(404)
    expect((await dryRun('a.md', 'c.md', reader)).status).toBe(403)
  })

  it('refuses to overwrite (409) and a missing source (404)', async () => {
    await put('a.md', { content: 'a\n' })
    await put('b.md', { content: 'b\n' })
    expect(
      (await t.call('POST', `${S}/move`, { token: writer, body: { from: 'a.md', to: 'b.md' } })).status,
    ).toBe(409)
    expect(
      (await t.call('POST', `${S}/move`, { token: writer, body: { from: 'z.md', to: 'y.md' } })).status,
    ).toBe(404)
  })
})
