import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Listed = { org: string; space: string; space_name: string; path: string; title: string }
type Recent = Listed & { viewed_at: string }
type Favourite = Listed & { added_at: string }

let t: TestApp
let world: World
let rita: string
const WIKI = '/organizations/acme/spaces/wiki'

beforeEach(async () => {
  t = await testApp()
  world = await seedWorld(t.deps, {
    spaces: {
      wiki: { name: 'Team wiki', members: { walt: 'contributor', rita: 'reader' } },
      docs: { members: { rita: 'reader' } },
      secret: { members: { walt: 'reader' } },
    },
  })
  rita = world.token('rita')
  await world.write('ada', 'wiki', {
    'setup.md': '# Setup\n\nInstall it.\n',
    'guides/deploy.md': '# Deploy\n\nShip it.\n',
    'about.md': '# About us\n',
  })
  await world.write('ada', 'docs', { 'api.md': '# API\n' })
  await world.write('ada', 'secret', { 'plans.md': '# Plans\n' })
  await t.deps.indexQueue.idle()
})
afterEach(() => t.close())

/** Records a visit a minute after the last one, so each has a moment of its own. */
const view = async (space: string, path: string, token = rita) => {
  t.clock.advance(60_000)
  return t.call('POST', '/me/recent', { token, body: { org: 'acme', space, path } })
}
const recent = async (token = rita, query = '') =>
  json<Recent[]>(await t.call('GET', `/me/recent${query}`, { token }))
const favourite = (method: 'PUT' | 'DELETE', space: string, path: string, token = rita) =>
  t.call(method, `/me/favourites/acme/${space}/${path}`, { token })
const favourites = async (token = rita) => json<Favourite[]>(await t.call('GET', '/me/favourites', { token }))
/** Each listed page as `<space>/<path>`. */
const where = (pages: Listed[]) => pages.map((p) => `${p.space}/${p.path}`)

describe('recently viewed pages', () => {
  it('lists the pages viewed, newest first, with their space, title and when; a page viewed again comes first', async () => {
    expect((await view('wiki', 'setup.md')).status).toBe(204)
    expect((await view('docs', 'api.md')).status).toBe(204)
    expect((await view('wiki', 'guides/deploy.md')).status).toBe(204)
    await view('wiki', 'setup.md')
    const listed = await recent()
    expect(where(listed)).toEqual(['wiki/setup.md', 'wiki/guides/deploy.md', 'docs/api.md'])
    expect(listed[0]).toEqual({
      org: 'acme',
      space: 'wiki',
      space_name: 'Team wiki',
      path: 'setup.md',
      title: 'Setup',
      viewed_at: new Date(t.clock.now()).toISOString(),
    })
    // Each person keeps their own.
    expect(await recent(world.token('walt'))).toEqual([])
  })

  it('keeps the 50 most recent visits, lists 20 unless asked, and 1 to 50 when asked', async () => {
    const pages = Object.fromEntries(Array.from({ length: 52 }, (_, i) => [`p${i}.md`, `# Page ${i}\n`]))
    await world.write('ada', 'docs', pages)
    await t.deps.indexQueue.idle()
    for (let i = 0; i < 52; i++) await view('docs', `p${i}.md`)
    const newest = Array.from({ length: 50 }, (_, i) => `docs/p${51 - i}.md`)
    expect(where(await recent(rita, '?limit=50'))).toEqual(newest)
    expect(where(await recent())).toEqual(newest.slice(0, 20))
    expect(where(await recent(rita, '?limit=1'))).toEqual(['docs/p51.md'])
    // The two oldest were forgotten, not merely left out of the list.
    const kept = await t.deps.store.personalPages.visits(await t.idOf('account', 'rita'))
    expect(kept.map((v) => `docs/${v.path}`)).toEqual(newest)
  })

  it('answers 422 for a limit out of 1 to 50 or not a number', async () => {
    for (const limit of ['0', '51', 'many', '2.5']) {
      const response = await t.call('GET', `/me/recent?limit=${limit}`, { token: rita })
      expect(response.status).toBe(422)
      expect((await json<{ detail: unknown[] }>(response)).detail.length).toBeGreaterThan(0)
    }
  })

  it('normalises the path as the content routes do, and refuses one leaving content/', async () => {
    expect((await view('wiki', 'guides/deploy.md')).status).toBe(204)
    const escaping = await view('wiki', '../.git/config')
    expect(escaping.status).toBe(400)
    expect((await json(escaping)).error).toBe('invalid')
    expect((await view('wiki', '/setup.md')).status).toBe(400)
    expect(where(await recent())).toEqual(['wiki/guides/deploy.md'])
  })

  it('answers 404 for a page the space does not hold, and writes nothing', async () => {
    const response = await view('wiki', 'nowhere.md')
    expect(response.status).toBe(404)
    expect((await json(response)).error).toBe('not_found')
    expect(await t.deps.store.personalPages.visits(await t.idOf('account', 'rita'))).toEqual([])
  })

  it('answers 422 for a malformed body', async () => {
    for (const body of [{ org: 'acme', space: 'wiki' }, { org: 'acme', space: 'wiki', path: 7 }, [], 'x']) {
      const response = await t.call('POST', '/me/recent', { token: rita, body })
      expect(response.status).toBe(422)
    }
    const invalidJson = await t.call('POST', '/me/recent', {
      token: rita,
      body: '{"org":',
      headers: { 'content-type': 'application/json' },
    })
    expect(invalidJson.status).toBe(422)
  })

  it('needs credentials (401)', async () => {
    expect((await t.call('GET', '/me/recent')).status).toBe(401)
    expect(
      (await t.call('POST', '/me/recent', { body: { org: 'acme', space: 'wiki', path: 'a.md' } })).status,
    ).toBe(401)
  })
})

describe('favourite pages', () => {
  it('are marked, listed by title then path, marked again harmlessly, and unmarked once or twice', async () => {
    expect((await favourite('PUT', 'wiki', 'setup.md')).status).toBe(204)
    const firstMarked = new Date(t.clock.now()).toISOString()
    t.clock.advance(60_000)
    expect((await favourite('PUT', 'wiki', 'about.md')).status).toBe(204)
    expect((await favourite('PUT', 'docs', 'api.md')).status).toBe(204)
    expect((await favourite('PUT', 'wiki', 'guides/deploy.md')).status).toBe(204)
    t.clock.advance(60_000)
    expect((await favourite('PUT', 'wiki', 'setup.md')).status).toBe(204)
    const listed = await favourites()
    expect(listed.map((p) => p.title)).toEqual(['About us', 'API', 'Deploy', 'Setup'])
    expect(listed[3]).toEqual({
      org: 'acme',
      space: 'wiki',
      space_name: 'Team wiki',
      path: 'setup.md',
      title: 'Setup',
      added_at: firstMarked,
    })
    expect((await favourite('DELETE', 'wiki', 'setup.md')).status).toBe(204)
    expect((await favourite('DELETE', 'wiki', 'setup.md')).status).toBe(204)
    expect(where(await favourites())).toEqual(['wiki/about.md', 'docs/api.md', 'wiki/guides/deploy.md'])
    expect(await favourites(world.token('walt'))).toEqual([])
  })

  it('answers 404 for a page the space does not hold, and 400 for a path leaving content/', async () => {
    expect((await favourite('PUT', 'wiki', 'nowhere.md')).status).toBe(404)
    expect((await favourite('PUT', 'wiki', '..%2Fsecret.md')).status).toBe(400)
    expect(await favourites()).toEqual([])
  })
})

describe('what each person may see and keep', () => {
  it('answers 404 for a space the caller cannot read or that does not exist, and writes nothing', async () => {
    for (const space of ['secret', 'nowhere']) {
      const visited = await view(space, 'plans.md')
      expect(visited.status).toBe(404)
      expect((await json(visited)).error).toBe('not_found')
      expect((await favourite('PUT', space, 'plans.md')).status).toBe(404)
      expect((await favourite('DELETE', space, 'plans.md')).status).toBe(404)
    }
    const ritaId = await t.idOf('account', 'rita')
    expect(await t.deps.store.personalPages.visits(ritaId)).toEqual([])
    expect(await t.deps.store.personalPages.favourites(ritaId)).toEqual([])
  })

  it('a reader removed from a space no longer sees its pages in either list, and sees them again once back', async () => {
    await view('wiki', 'setup.md')
    await view('docs', 'api.md')
    await favourite('PUT', 'wiki', 'setup.md')
    await favourite('PUT', 'docs', 'api.md')
    const ada = world.token('ada')
    expect((await t.call('DELETE', `${WIKI}/members/rita`, { token: ada })).status).toBe(204)
    expect(where(await recent())).toEqual(['docs/api.md'])
    expect(where(await favourites())).toEqual(['docs/api.md'])
    expect(
      (await t.call('PUT', `${WIKI}/members/rita`, { token: ada, body: { role: 'reader' } })).status,
    ).toBe(200)
    expect(where(await recent())).toEqual(['docs/api.md', 'wiki/setup.md'])
  })

  it('a token limited to some spaces lists and keeps pages of those spaces only', async () => {
    await view('wiki', 'setup.md')
    await view('docs', 'api.md')
    await favourite('PUT', 'wiki', 'setup.md')
    const created = await t.call('POST', '/me/tokens', {
      token: rita,
      body: { name: 'docs only', spaces: ['acme/docs'] },
    })
    const limited = (await json<{ token: string }>(created)).token
    expect(where(await recent(limited))).toEqual(['docs/api.md'])
    expect(await favourites(limited)).toEqual([])
    expect((await view('wiki', 'about.md', limited)).status).toBe(404)
    expect((await favourite('PUT', 'docs', 'api.md', limited)).status).toBe(204)
    expect(where(await favourites())).toEqual(['docs/api.md', 'wiki/setup.md'])
  })
})

describe('pages that change', () => {
  it('a page deleted leaves both lists', async () => {
    await view('wiki', 'setup.md')
    await view('wiki', 'about.md')
    await favourite('PUT', 'wiki', 'setup.md')
    await favourite('PUT', 'wiki', 'about.md')
    const deleted = await t.call('DELETE', `${WIKI}/files/setup.md`, { token: world.token('walt') })
    expect(deleted.status).toBe(204)
    await t.deps.indexQueue.idle()
    expect(where(await recent())).toEqual(['wiki/about.md'])
    expect(where(await favourites())).toEqual(['wiki/about.md'])
    // Unmarking a page deleted since is fine.
    expect((await favourite('DELETE', 'wiki', 'setup.md')).status).toBe(204)
  })

  it('a page moved through the API keeps its place in both lists, at its new path', async () => {
    await view('wiki', 'setup.md')
    await view('wiki', 'about.md')
    await favourite('PUT', 'wiki', 'setup.md')
    const moved = await t.call('POST', `${WIKI}/move`, {
      token: world.token('walt'),
      body: { from: 'setup.md', to: 'guides/setup.md' },
    })
    expect(moved.status).toBe(200)
    await t.deps.indexQueue.idle()
    expect(where(await recent())).toEqual(['wiki/about.md', 'wiki/guides/setup.md'])
    expect(await favourites()).toMatchObject([{ path: 'guides/setup.md', title: 'Setup' }])
  })

  it('a dry run of a move leaves both lists as they were', async () => {
    await favourite('PUT', 'wiki', 'setup.md')
    const dry = await t.call('POST', `${WIKI}/move`, {
      token: world.token('walt'),
      body: { from: 'setup.md', to: 'elsewhere.md', dry_run: true },
    })
    expect(dry.status).toBe(200)
    expect(where(await favourites())).toEqual(['wiki/setup.md'])
  })

  it('deleting a space takes its pages out of everyone’s rows', async () => {
    await view('wiki', 'setup.md')
    await view('docs', 'api.md')
    await favourite('PUT', 'wiki', 'setup.md')
    const deleted = await t.call('DELETE', WIKI, { token: world.token('ada') })
    expect(deleted.status).toBe(204)
    const ritaId = await t.idOf('account', 'rita')
    expect((await t.deps.store.personalPages.visits(ritaId)).map((v) => v.path)).toEqual(['api.md'])
    expect(await t.deps.store.personalPages.favourites(ritaId)).toEqual([])
  })
})
