import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Moved = {
  from: string
  to: string
  commit: string | null
  folder: boolean
  moved: number
  rewritten: string[]
}

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
const text = async (path: string) =>
  (await json<{ text: string }>(await t.call('GET', `${S}/files/${path}`, { token: reader }))).text
const status = async (path: string) => (await t.call('GET', `${S}/files/${path}`, { token: reader })).status
const move = (body: Record<string, unknown>, token = writer) => t.call('POST', `${S}/move`, { token, body })
const tree = async () =>
  (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: reader }))).map((f) => f.path)

/** A folder `guides` of two pages and an image, linked from outside and linking out and to each other. */
async function guides() {
  await put('guides/setup.md', {
    content: '# Setup\n\nBack [home](../index.md), then [install](install.md). ![diagram](img/flow.png)\n',
  })
  await put('guides/install.md', {
    content: '# Install\n\nAfter [[setup]], see [the API](/reference/api.md).\n',
  })
  await put('guides/img/flow.png', {
    content_base64: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'),
  })
  await put('index.md', {
    content: '# Home\n\n[Setup](guides/setup.md), [[guides/install]], ![](guides/img/flow.png)\n',
  })
  await put('reference/api.md', { content: '# API\n\nInstall first: [install](../guides/install.md).\n' })
}

describe('moving a folder', () => {
  it('moves every file in it in one commit, rewriting links into it and out of it', async () => {
    await guides()
    const response = await move({ from: 'guides', to: 'handbook/start' })
    expect(response.status).toBe(200)
    const moved = await json<Moved>(response)
    expect(moved).toMatchObject({ from: 'guides', to: 'handbook/start', folder: true, moved: 3 })
    expect(moved.rewritten).toEqual(['handbook/start/setup.md', 'index.md', 'reference/api.md'])
    expect((await tree()).sort()).toEqual([
      'handbook/start/img/flow.png',
      'handbook/start/install.md',
      'handbook/start/setup.md',
      'index.md',
      'reference/api.md',
    ])
    expect(await text('index.md')).toBe(
      '# Home\n\n[Setup](handbook/start/setup.md), [[handbook/start/install]], ![](handbook/start/img/flow.png)\n',
    )
    expect(await text('reference/api.md')).toBe(
      '# API\n\nInstall first: [install](../handbook/start/install.md).\n',
    )
    // Links between the folder's own files still hold as written; those leaving it climb one more.
    expect(await text('handbook/start/setup.md')).toBe(
      '# Setup\n\nBack [home](../../index.md), then [install](install.md). ![diagram](img/flow.png)\n',
    )
    expect(await text('handbook/start/install.md')).toBe(
      '# Install\n\nAfter [[setup]], see [the API](/reference/api.md).\n',
    )
    const raw = await t.call('GET', `${S}/raw/handbook/start/img/flow.png`, { token: reader })
    expect([...new Uint8Array(await raw.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47])
    const history = await json<{ commit: string; subject: string }[]>(
      await t.call('GET', `${S}/history/index.md`, { token: reader }),
    )
    expect(history[0]).toMatchObject({ commit: moved.commit, subject: 'Move guides to handbook/start' })
  })

  it('a dry run says how many files would move and which pages change, writing nothing', async () => {
    await guides()
    const before = await tree()
    const response = await move({ from: 'guides', to: 'start', dry_run: true })
    expect(response.status).toBe(200)
    expect(await json<Moved>(response)).toMatchObject({
      commit: null,
      moved: 3,
      rewritten: ['index.md', 'reference/api.md'],
    })
    expect(await tree()).toEqual(before)
  })

  it('renames a folder by case only', async () => {
    await guides()
    expect((await move({ from: 'guides', to: 'Guides' })).status).toBe(200)
    expect(await status('Guides/setup.md')).toBe(200)
    expect(await status('guides/setup.md')).toBe(404)
    expect(await text('index.md')).toContain('[Setup](Guides/setup.md)')
  })

  it('refuses a folder moved inside itself (400), onto a folder or a file (409), for a reader (403)', async () => {
    await guides()
    const into = await move({ from: 'guides', to: 'guides/old' })
    expect(into.status).toBe(400)
    expect(await json(into)).toMatchObject({
      error: 'invalid',
      message: expect.stringContaining('inside itself'),
    })
    const onto = await move({ from: 'guides', to: 'reference' })
    expect(onto.status).toBe(409)
    expect(await json(onto)).toMatchObject({ error: 'conflict', message: expect.stringContaining('folder') })
    const inFrench = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'guides', to: 'reference' },
      headers: { 'accept-language': 'fr' },
    })
    expect((await json<{ message: string }>(inFrench)).message).toBe(
      'Un dossier existe déjà à «\u202freference\u202f»\u202f: un dossier ne prend pas la place d’un autre. Choisissez un autre chemin.',
    )
    expect((await move({ from: 'guides', to: 'index.md' })).status).toBe(409)
    expect((await move({ from: 'guides', to: 'elsewhere' }, reader)).status).toBe(403)
    expect((await move({ from: 'nowhere', to: 'elsewhere' })).status).toBe(404)
    expect(await status('guides/setup.md')).toBe(200)
    expect(await text('index.md')).toContain('[Setup](guides/setup.md)')
  })

  it('favourites and recent pages inside the folder follow it', async () => {
    await guides()
    const favourite = `/me/favourites/acme/wiki/guides/setup.md`
    expect((await t.call('PUT', favourite, { token: writer })).status).toBeLessThan(300)
    await move({ from: 'guides', to: 'start' })
    await t.deps.indexQueue.idle()
    const favourites = await json<{ path: string }[]>(
      await t.call('GET', '/me/favourites', { token: writer }),
    )
    expect(favourites.map((f) => f.path)).toEqual(['start/setup.md'])
  })
})
