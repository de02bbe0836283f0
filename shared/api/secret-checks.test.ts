import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { password, pemHeader, pemKey, personalToken, sessionCookie } from '../testing/fixtures/secrets.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Item = { name: string; origin: string; attachments: { name: string; size: number }[] }

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

const put = (path: string, body: Record<string, unknown>) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body })
const status = async (path: string) => (await t.call('GET', `${S}/files/${path}`, { token: reader })).status
const errorOf = async (response: Response) => ({
  status: response.status,
  error: (await json(response)).error,
})
const refused = { status: 422, error: 'secret_detected' }
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64')
const word = password.replace(/\W/g, '')

/** The UTF-16 bytes of a text, little- or big-endian, with or without a byte order mark. */
function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const units = [
    ...(bom ? [0xfeff] : []),
    ...Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)),
  ]
  const bytes = new Uint8Array(units.length * 2)
  units.forEach((unit, i) => {
    bytes[2 * i + (endian === 'le' ? 0 : 1)] = unit & 0xff
    bytes[2 * i + (endian === 'le' ? 1 : 0)] = unit >> 8
  })
  return bytes
}

describe('secrets the check used to miss, through PUT files', () => {
  it.each([
    ['a personal access token', `Call the API with:\n\nAuthorization: Bearer ${personalToken}\n`],
    ['a session cookie', `My browser cookie was ${sessionCookie} yesterday.\n`],
    ['a password given to curl -u', `curl -u admin:${word} https://api.example.org/v1/items\n`],
    ['a password given to curl --user', `curl --user "deploy:${password}" https://ci.example.org\n`],
    ['a password in a URL on an internal host', `Open http://admin:${word}@db-01:5984/_utils\n`],
    ['a key header split by a zero-width space', `${pemHeader('RSA PRIVATE\u200bKEY')}\nMIIE…\n`],
  ])('refuses %s (422, nothing written); allow_secrets lets it through (201)', async (_name, text) => {
    const content = `# Ops\n\n${text}`
    expect(await errorOf(await put('ops.md', { content }))).toEqual(refused)
    expect(await status('ops.md')).toBe(404)
    expect((await put('ops.md', { content, allow_secrets: true })).status).toBe(201)
    const stored = await json<{ text: string }>(await t.call('GET', `${S}/files/ops.md`, { token: reader }))
    expect(stored.text).toBe(content)
  })

  it.each([
    'Personal tokens start with qpat_ and can be revoked in the settings.\n',
    'curl -u admin https://api.example.org (curl asks for the password)\n',
    'curl -u "$USER:$PASS" https://api.example.org\n',
  ])('lets ordinary text pass: %s', async (text) => {
    expect((await put('ops.md', { content: `# Ops\n\n${text}` })).status).toBe(201)
  })

  it.each([
    ['little-endian with a BOM', 'le', true],
    ['big-endian with a BOM', 'be', true],
    ['little-endian without a BOM', 'le', false],
    ['big-endian without a BOM', 'be', false],
  ] as const)('reads UTF-16 %s as text and refuses the secret in it', async (_name, endian, bom) => {
    const bytes = utf16(`[database]\r\npassword = ${password}\r\n`, endian, bom)
    expect(await errorOf(await put('db.ini', { content_base64: base64(bytes) }))).toEqual(refused)
    expect(await status('db.ini')).toBe(404)
    expect((await put('db.ini', { content_base64: base64(bytes), allow_secrets: true })).status).toBe(201)
    const raw = await t.call('GET', `${S}/raw/db.ini`, { token: reader })
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(bytes)
  })

  it('checks only the lines added to a UTF-16 file', async () => {
    const before = `[database]\r\npassword = ${password}\r\n`
    const first = await json<{ sha: string }>(
      await put('db.ini', { content_base64: base64(utf16(before, 'le', true)), allow_secrets: true }),
    )
    const after = `${before}timeout = 30\r\n`
    const edited = await put('db.ini', {
      content_base64: base64(utf16(after, 'le', true)),
      base_sha: first.sha,
    })
    expect(edited.status).toBe(200)
  })
})

describe('commit messages are checked like content', () => {
  it('refuses a secret in the message of PUT files (422, nothing committed); allow_secrets lets it through', async () => {
    const message = `Add the runbook (token ${personalToken})`
    expect(await errorOf(await put('ops.md', { content: '# Ops\n', message }))).toEqual(refused)
    expect(await status('ops.md')).toBe(404)
    expect((await put('ops.md', { content: '# Ops\n', message, allow_secrets: true })).status).toBe(201)
    const history = await json<{ subject: string }[]>(
      await t.call('GET', `${S}/history/ops.md`, { token: reader }),
    )
    expect(history[0]?.subject).toBe(message)
  })

  it('names the finding in the 422 body: its rules, its line and whether the content or the message holds it', async () => {
    await put('ops.md', { content: '# Ops\n\nSteps.\n' })
    const sha = (await json<{ sha: string }>(await t.call('GET', `${S}/files/ops.md`, { token: reader }))).sha
    const inContent = await put('ops.md', {
      content: `# Ops\n\nSteps.\n\n${pemKey()}\n`,
      base_sha: sha,
    })
    expect(inContent.status).toBe(422)
    const body = await json<Record<string, unknown>>(inContent)
    expect(body).toMatchObject({ error: 'secret_detected', line: 5, field: 'content' })
    expect(body.rules).toEqual(expect.any(String))
    expect(JSON.stringify(body)).not.toContain(pemKey().split('\n')[1])
    const inMessage = await put('new.md', { content: '# New\n', message: `token ${personalToken}` })
    expect(await json(inMessage)).toMatchObject({ error: 'secret_detected', line: 1, field: 'message' })
  })

  it('refuses a secret in the message of a move (422, nothing moved)', async () => {
    await put('a.md', { content: '# A\n' })
    const response = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'a.md', to: 'b.md', message: `Move it; password = ${password}` },
    })
    expect(await errorOf(response)).toEqual(refused)
    expect(await status('a.md')).toBe(200)
    expect(await status('b.md')).toBe(404)
  })
})

describe('inbox notes: source and text attachments are checked like content', () => {
  const drop = (body: Record<string, unknown>) => t.call('POST', `${S}/inbox`, { token: writer, body })
  const total = async () =>
    Number((await t.call('GET', `${S}/inbox`, { token: reader })).headers.get('x-total-count'))

  it('refuses a secret in the source of a drop (422, nothing stored); allow_secrets lets it through', async () => {
    const source = `https://admin:${word}@intranet:8443/wiki/page`
    expect(await errorOf(await drop({ content: 'Backups run at 02:00.', source }))).toEqual(refused)
    expect(await total()).toBe(0)
    const allowed = await drop({ content: 'Backups run at 02:00.', source, allow_secrets: true })
    expect(allowed.status).toBe(201)
    expect((await json<Item>(allowed)).origin).toBe(source)
  })

  it.each([
    ['a UTF-8 text attachment', base64(`host: db-01\npassword: ${password}\n`)],
    ['a UTF-16 text attachment', base64(utf16(`Authorization: Bearer ${personalToken}\r\n`, 'le', true))],
  ])('refuses a secret in %s (422, nothing stored); allow_secrets lets it through', async (_name, data) => {
    const attachments = [{ name: 'notes.txt', content_base64: data }]
    expect(await errorOf(await drop({ content: 'See the attached notes.', attachments }))).toEqual(refused)
    expect(await total()).toBe(0)
    const allowed = await drop({ content: 'See the attached notes.', attachments, allow_secrets: true })
    expect(allowed.status).toBe(201)
  })

  it('leaves binary attachments unchecked', async () => {
    const png = new Uint8Array([
      137,
      80,
      78,
      71,
      13,
      10,
      26,
      10,
      0,
      0,
      0,
      13,
      ...Buffer.from(`password = ${password}`),
    ])
    const response = await drop({
      content: 'Screenshot',
      attachments: [{ name: 'shot.png', content_base64: base64(png) }],
    })
    expect(response.status).toBe(201)
  })

  it('refuses a secret added to the source by a correction; allow_secrets lets it through', async () => {
    const item = await json<Item>(await drop({ content: 'Backups run at 02:00.', source: 'Standup' }))
    const patch = (body: Record<string, unknown>) =>
      t.call('PATCH', `${S}/inbox/${item.name}`, { token: writer, body })
    const source = `curl -u admin:${word} https://intranet.example.org/report`
    expect(await errorOf(await patch({ source }))).toEqual(refused)
    const stored = await json<Item>(await t.call('GET', `${S}/inbox/${item.name}`, { token: reader }))
    expect(stored.origin).toBe('Standup')
    const allowed = await patch({ source, allow_secrets: true })
    expect(allowed.status).toBe(200)
    expect((await json<Item>(allowed)).origin).toBe(source)
    // Once there, the source does not stop other corrections.
    expect((await patch({ title: 'Backup window' })).status).toBe(200)
  })
})
