import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Written = { sha: string; commit: string }
type TreeEntry = { path: string; sha: string; size: number; title: string | null }

let t: TestApp
let writer: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    admin: null,
    spaces: { wiki: { members: { walt: 'contributor', rita: 'reader' } } },
  })
  writer = world.token('walt')
  reader = world.token('rita')
})
afterEach(() => t.close())

const put = async (path: string, body: Record<string, unknown>) =>
  json<Written>(await t.call('PUT', `${S}/files/${path}`, { token: writer, body }))

describe('reading a file at a commit of its history (?ref=)', () => {
  it('gives each version the history names, and the tip without ref', async () => {
    const first = await put('guides/a.md', { content: '# A\n\none\n' })
    const second = await put('guides/a.md', { content: '# A\n\ntwo\n', base_sha: first.sha })
    const at = async (ref: string) =>
      json<{ text: string; sha: string }>(
        await t.call('GET', `${S}/files/guides/a.md?ref=${ref}`, { token: reader }),
      )
    expect(await at(first.commit)).toMatchObject({ text: '# A\n\none\n', sha: first.sha })
    expect(await at(second.commit)).toMatchObject({ text: '# A\n\ntwo\n', sha: second.sha })
    const tip = await json<{ text: string }>(await t.call('GET', `${S}/files/guides/a.md`, { token: reader }))
    expect(tip.text).toBe('# A\n\ntwo\n')
  })

  it('answers 404 for a file absent at that commit and for an unknown commit, and refuses a malformed ref', async () => {
    const first = await put('a.md', { content: 'a\n' })
    await put('b.md', { content: 'b\n' })
    expect((await t.call('GET', `${S}/files/b.md?ref=${first.commit}`, { token: reader })).status).toBe(404)
    const unknown = 'f'.repeat(40)
    expect((await t.call('GET', `${S}/files/a.md?ref=${unknown}`, { token: reader })).status).toBe(404)
    const malformed = await t.call('GET', `${S}/files/a.md?ref=HEAD~1`, { token: reader })
    expect(malformed.status).toBeGreaterThanOrEqual(400)
    expect(malformed.status).toBeLessThan(500)
  })

  it('refuses a person who cannot read the space', async () => {
    const first = await put('a.md', { content: 'a\n' })
    const stranger = await t.user('sam')
    const response = await t.call('GET', `${S}/files/a.md?ref=${first.commit}`, { token: stranger })
    expect(response.status).toBe(404)
  })
})

describe('page titles in the tree', () => {
  it('gives a page the title the index read from the same version, and none to other files', async () => {
    await put('guides/setup.md', { content: '# Setting things up\n\nText.\n' })
    await put('notes.txt', { content: 'plain\n' })
    await t.deps.indexQueue.idle()
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(tree.find((e) => e.path === 'guides/setup.md')?.title).toBe('Setting things up')
    expect(tree.find((e) => e.path === 'notes.txt')?.title).toBeNull()
  })

  it('leaves out a title the index read from another version of the page', async () => {
    const first = await put('a.md', { content: '# Old title\n' })
    await t.deps.indexQueue.idle()
    // The tree is read before the index catches up with the new version: no stale title.
    const second = await put('a.md', { content: '# New title\n', base_sha: first.sha })
    const tree = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    const entry = tree.find((e) => e.path === 'a.md')
    expect(entry?.sha).toBe(second.sha)
    expect(entry?.title).toBe('New title')
    await t.deps.indexQueue.idle()
    const later = await json<TreeEntry[]>(await t.call('GET', `${S}/tree`, { token: reader }))
    expect(later.find((e) => e.path === 'a.md')?.title).toBe('New title')
  })
})
