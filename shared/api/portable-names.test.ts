import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Failure = { error: string; message: string }

let t: TestApp
let writer: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, { spaces: { wiki: { members: { walt: 'contributor' } } } })
  writer = world.token('walt')
})
afterEach(() => t.close())

const put = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body, headers })
const move = (from: string, to: string) => t.call('POST', `${S}/move`, { token: writer, body: { from, to } })
const paths = async () =>
  (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer })))
    .map((e) => e.path)
    .sort()
const created = async (path: string, content = 'x\n') => {
  const response = await put(path, { content })
  expect(response.status).toBe(201)
  return json<{ sha: string }>(response)
}

/** Commits files straight into the space's repository, as a push from a Linux machine would. */
async function pushed(files: Record<string, string>): Promise<void> {
  const repo = t.deps.repos.open(await t.idOf('space', 'wiki'), 'main')
  await repo.commit({
    parent: await repo.head(),
    changes: Object.entries(files).map(([path, text]) => ({
      path: `content/${path}`,
      content: new TextEncoder().encode(text),
    })),
    author: { name: 'Walt', email: 'walt@example.com' },
    message: 'Pushed from Linux',
  })
  await repo.settle()
}

describe('names a clone on Windows could not hold', () => {
  it.each([
    ['a device name', 'CON.md', 'CON.md'],
    ['a device name in lower case, with another extension', 'aux.txt', 'aux.txt'],
    ['a numbered device name', 'guides/com1.md', 'com1.md'],
    ['a device name as a folder', 'nul/readme.md', 'nul'],
    ['a name ending in a dot', 'notes.md.', 'notes.md.'],
    ['a name ending in a space', 'notes.md%20', 'notes.md '],
    ['a folder ending in a dot', 'drafts./a.md', 'drafts.'],
    ['a colon', 'meeting%3A%20monday.md', 'meeting: monday.md'],
    ['a question mark', 'why%3F.md', 'why?.md'],
    ['a vertical bar', 'a%7Cb.md', 'a|b.md'],
  ])('refuses %s for a new file (400), writing nothing', async (_, path, name) => {
    const response = await put(path, { content: 'x\n' })
    expect(response.status).toBe(400)
    const body = await json<Failure>(response)
    expect(body.error).toBe('invalid')
    expect(body.message).toContain(`"${name}"`)
    expect(body.message).toContain('Windows')
    expect(await paths()).toEqual([])
  })

  it('takes names that only look like them', async () => {
    for (const path of ['console.md', 'icon.md', 'con-call.md', 'aux-notes.md', 'com10.md', 'a.b.md', 'é.md'])
      await created(path)
    expect(await paths()).toHaveLength(7)
  })

  it('says so in French', async () => {
    const response = await put('CON.md', { content: 'x\n' }, { 'accept-language': 'fr' })
    expect((await json<Failure>(response)).message).toMatch(/^Le nom « CON\.md » ne peut pas servir/)
  })

  it('refuses one as the new name of a move, leaving the file where it was', async () => {
    await created('minutes.md')
    const response = await move('minutes.md', 'minutes: march.md')
    expect(response.status).toBe(400)
    expect(await paths()).toEqual(['minutes.md'])
  })

  it('still reads, changes, moves away and deletes a file of such a name that came through Git', async () => {
    await pushed({ 'meeting: monday.md': '# Monday\n', 'aux/notes.md': 'notes\n' })
    const read = await t.call('GET', `${S}/files/meeting%3A%20monday.md`, { token: writer })
    expect(read.status).toBe(200)
    const { sha } = await json<{ sha: string }>(read)
    expect(
      (await put('meeting%3A%20monday.md', { content: '# Monday\n\nMore.\n', base_sha: sha })).status,
    ).toBe(200)
    expect((await move('meeting: monday.md', 'meeting-monday.md')).status).toBe(200)
    expect((await t.call('DELETE', `${S}/files/aux/notes.md`, { token: writer })).status).toBe(204)
    expect(await paths()).toEqual(['meeting-monday.md'])
  })
})

describe('names that differ only by case', () => {
  it('refuses a new file beside one of the same name in another case (409), naming it', async () => {
    await created('Holidays.md', '# Holidays\n')
    const response = await put('holidays.md', { content: '# Other\n' })
    expect(response.status).toBe(409)
    const body = await json<Failure>(response)
    expect(body.error).toBe('conflict')
    expect(body.message).toContain('"Holidays.md" is already in the space')
    expect(await paths()).toEqual(['Holidays.md'])
  })

  it('refuses a new folder that differs from one only by case', async () => {
    await created('guides/setup.md')
    const response = await put('Guides/deploy.md', { content: 'x\n' })
    expect(response.status).toBe(409)
    expect((await json<Failure>(response)).message).toContain('"guides" is already in the space')
    await created('guides/deploy.md')
    expect(await paths()).toEqual(['guides/deploy.md', 'guides/setup.md'])
  })

  it('still changes the file itself, and renames a file or a folder by case alone', async () => {
    const { sha } = await created('readme.md', 'one\n')
    expect((await put('readme.md', { content: 'two\n', base_sha: sha })).status).toBe(200)
    expect((await move('readme.md', 'README.md')).status).toBe(200)
    await created('Guides/only.md')
    expect((await move('Guides/only.md', 'guides/only.md')).status).toBe(200)
    expect(await paths()).toEqual(['README.md', 'guides/only.md'])
  })

  it('refuses a move that would leave a folder beside its twin in another case', async () => {
    await created('Guides/a.md')
    await created('Guides/c.md')
    const response = await move('Guides/a.md', 'guides/b.md')
    expect(response.status).toBe(409)
    expect((await json<Failure>(response)).message).toContain('"Guides" is already in the space')
    expect(await paths()).toEqual(['Guides/a.md', 'Guides/c.md'])
  })

  it.each([
    ['a final sigma', 'σ.md', '%CF%82.md'],
    ['a long s', 's.md', '%C5%BF.md'],
    ['a dotless i', 'i.md', '%C4%B1.md'],
    ['a Kelvin sign', 'k.md', '%E2%84%AA.md'],
  ])('takes %s for the letter it stands for on Windows (409)', async (_, first, second) => {
    await created(first)
    expect((await put(second, { content: 'x\n' })).status).toBe(409)
  })

  it('refuses a move onto a file that differs only by case, leaving both where they were', async () => {
    await created('plan.md')
    await created('draft.md')
    const response = await move('draft.md', 'PLAN.md')
    expect(response.status).toBe(409)
    expect(await paths()).toEqual(['draft.md', 'plan.md'])
  })

  it('does not restore a page from the trash beside one named the same but for case', async () => {
    await created('notes.md', '# Notes\n')
    expect((await t.call('DELETE', `${S}/files/notes.md`, { token: writer })).status).toBe(204)
    await created('NOTES.md', '# Other notes\n')
    const response = await t.call('POST', `${S}/trash/restore`, { token: writer, body: { path: 'notes.md' } })
    expect(response.status).toBe(409)
    expect((await json<Failure>(response)).message).toContain('"NOTES.md" is already in the space')
    expect(await paths()).toEqual(['NOTES.md'])
  })
})
