import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { githubToken } from '../testing/fixtures/secrets.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
let writer: string
let admin: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, { spaces: { wiki: { members: { walt: 'contributor' } } } })
  admin = world.token('ada')
  writer = world.token('walt')
  await world.write('walt', 'wiki', { 'setup.md': '# Setup\n' })
})
afterEach(() => t.close())

/** The commits of the space, newest first, as the history of a page shows them. */
const historyOf = async (path: string) =>
  json<unknown[]>(await t.call('GET', `${S}/history/${path}`, { token: writer }))
/** Every path of the space. */
const tree = async () =>
  (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))).map((f) => f.path)

describe('secrets in what a commit records, over REST', () => {
  it('refuses a new page whose path holds a secret, writes nothing, and lets allow_secrets through', async () => {
    const path = `keys/${githubToken}.md`
    const refused = await t.call('PUT', `${S}/files/${path}`, {
      token: writer,
      body: { content: '# Keys\n' },
    })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected', field: 'path' })
    expect(await tree()).not.toContain(path)
    const allowed = await t.call('PUT', `${S}/files/${path}`, {
      token: writer,
      body: { content: '# Keys\n', allow_secrets: true },
    })
    expect(allowed.status).toBe(201)
  })

  it('refuses a move to a path that holds a secret, and leaves the page where it was', async () => {
    const refused = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'setup.md', to: `${githubToken}.md` },
    })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected', field: 'path' })
    expect(await tree()).toEqual(['setup.md'])
  })

  it('refuses a verification whose owner holds a secret, and commits nothing', async () => {
    const before = await historyOf('setup.md')
    const refused = await t.call('POST', `${S}/verify/setup.md`, {
      token: writer,
      body: { owner: githubToken },
    })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected', field: 'owner' })
    expect(await historyOf('setup.md')).toEqual(before)
    const page = await json<{ text: string }>(await t.call('GET', `${S}/files/setup.md`, { token: writer }))
    expect(page.text).toBe('# Setup\n')
  })

  it('refuses a write through a token whose name, kept in the commit’s Via trailer, holds a secret', async () => {
    const created = await t.call('POST', '/me/tokens', { token: writer, body: { name: `ci ${githubToken}` } })
    const { token } = await json<{ token: string }>(created)
    const refused = await t.call('PUT', `${S}/files/notes.md`, { token, body: { content: '# Notes\n' } })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected', field: 'author' })
    expect(await tree()).toEqual(['setup.md'])
  })

  it('refuses a purpose write through a token whose name holds a secret, unless allowed', async () => {
    const created = await t.call('POST', '/me/tokens', { token: admin, body: { name: `ci ${githubToken}` } })
    const { token } = await json<{ token: string }>(created)
    const body = { text: 'Our handbook.', base_sha: '' }
    const refused = await t.call('PUT', `${S}/vocation`, { token, body })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ error: 'secret_detected', field: 'author' })
    expect(await json(await t.call('GET', `${S}/vocation`, { token: admin }))).toMatchObject({ text: '' })
    const allowed = await t.call('PUT', `${S}/vocation`, { token, body: { ...body, allow_secrets: true } })
    expect(allowed.status).toBe(200)
  })

  it('refuses a commit whose author name holds a secret, in the caller’s language', async () => {
    await t.call('PATCH', '/users/walt', { token: writer, body: { display_name: githubToken } })
    const refused = await t.call('DELETE', `${S}/files/setup.md`, {
      token: writer,
      headers: { 'accept-language': 'fr' },
    })
    expect(refused.status).toBe(422)
    const body = await json<{ error: string; message: string; field: string }>(refused)
    expect(body).toMatchObject({ error: 'secret_detected', field: 'author' })
    expect(body.message).toContain('nom affiché')
    expect(await tree()).toEqual(['setup.md'])
  })
})
