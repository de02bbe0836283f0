import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Purpose = {
  path: string
  text: string
  sha: string
  pending: boolean
  history: { commit: string; author: string; subject: string }[]
}
type Written = { commit: string | null; pending: boolean; path: string }

let t: TestApp
let admin: string
let reader: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, { spaces: { wiki: { members: { rita: 'reader' } } } })
  admin = world.token('ada')
  reader = world.token('rita')
})
afterEach(() => t.close())

const get = async (kind: string, token = admin) =>
  json<Purpose>(await t.call('GET', `${S}/${kind}`, { token }))
const put = (kind: string, body: Record<string, unknown>, token = admin) =>
  t.call('PUT', `${S}/${kind}`, { token, body })

describe('vocation', () => {
  it('reads as empty before it exists, and is written with base_sha ""', async () => {
    expect(await get('vocation', reader)).toEqual({
      path: '.service/vocation.md',
      text: '',
      sha: '',
      pending: false,
      history: [],
    })
    const written = await json<Written>(
      await put('vocation', { text: '# Purpose\n\nOur runbooks.\n', base_sha: '' }),
    )
    expect(written).toMatchObject({ pending: false, path: '.service/vocation.md' })
    expect(written.commit).toMatch(/^[0-9a-f]{40}$/)
    const read = await get('vocation', reader)
    expect(read).toMatchObject({ text: '# Purpose\n\nOur runbooks.\n', pending: false })
    expect(read.history).toEqual([
      expect.objectContaining({ commit: written.commit, author: 'Ada', subject: 'Update the vocation' }),
    ])
  })

  it('409 when it changed meanwhile or exists while base_sha is ""; commit null when nothing changed', async () => {
    await put('vocation', { text: 'one\n', base_sha: '' })
    const { sha } = await get('vocation')
    expect((await put('vocation', { text: 'two\n', base_sha: '' })).status).toBe(409)
    expect((await put('vocation', { text: 'two\n', base_sha: sha })).status).toBe(200)
    expect((await put('vocation', { text: 'three\n', base_sha: sha })).status).toBe(409)
    // Without base_sha: told to send one, and offered no `force`, which this route has not.
    const unsent = await put('vocation', { text: 'three\n' })
    expect(unsent.status).toBe(409)
    const refusal = await json<{ error: string; message: string }>(unsent)
    expect(refusal.error).toBe('conflict')
    expect(refusal.message).toContain('base_sha')
    expect(refusal.message).not.toContain('force')
    const current = await get('vocation')
    expect(await json(await put('vocation', { text: 'two\n', base_sha: current.sha }))).toMatchObject({
      commit: null,
    })
  })

  it('keeps the last 5 changes as history, and an empty text removes the file', async () => {
    for (let i = 1; i <= 7; i++) {
      const { sha } = await get('vocation')
      await put('vocation', { text: `version ${i}\n`, base_sha: sha })
    }
    const read = await get('vocation')
    expect(read.history).toHaveLength(5)
    const removed = await json<Written>(await put('vocation', { text: '', base_sha: read.sha }))
    expect(removed.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(await get('vocation')).toMatchObject({ text: '', sha: '' })
  })

  it('refuses more than 20,000 characters, likely secrets (422), and non-admins (403)', async () => {
    expect((await put('vocation', { text: 'x'.repeat(20_001), base_sha: '' })).status).toBe(422)
    expect((await put('vocation', { text: 'x'.repeat(20_000), base_sha: '' })).status).toBe(200)
    const { sha } = await get('vocation')
    const secret = await put('vocation', { text: `x\napi_key = ${'Q7w'.repeat(6)}\n`, base_sha: sha })
    expect(secret.status).toBe(422)
    expect((await json(secret)).error).toBe('secret_detected')
    expect((await put('vocation', { text: 'mine', base_sha: sha }, reader)).status).toBe(403)
  })
})

describe('tidy rules', () => {
  it('are read and written by admins only', async () => {
    expect((await t.call('GET', `${S}/tidy-rules`, { token: reader })).status).toBe(403)
    await put('tidy-rules', { text: 'File meeting notes under meetings/.\n', base_sha: '' })
    expect(await get('tidy-rules')).toMatchObject({
      path: '.service/prompts/tidy.md',
      text: 'File meeting notes under meetings/.\n',
    })
  })

  it('read the older prompts/rangement.md when it is the only one, and keep writing there', async () => {
    const repo = t.deps.repos.open(1, 'main')
    await repo.commit({
      parent: await repo.head(),
      changes: [
        { path: '.service/prompts/rangement.md', content: new TextEncoder().encode('Ranger par projet.\n') },
      ],
      author: { name: 'Old', email: 'old@example.com' },
      message: 'Old rules',
    })
    const read = await get('tidy-rules')
    expect(read).toMatchObject({ path: '.service/prompts/rangement.md', text: 'Ranger par projet.\n' })
    const written = await json<Written>(
      await put('tidy-rules', { text: 'Ranger par client.\n', base_sha: read.sha }),
    )
    expect(written.path).toBe('.service/prompts/rangement.md')
  })
})
