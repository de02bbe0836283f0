import { renameSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '#shared/testing/test-app.ts'

let t: TestApp
let writer: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { members: { walt: 'contributor' }, pages: { 'home.md': '# Home\n' } } },
  })
  writer = world.token('walt')
})
afterEach(() => t.close())

const put = (path: string, content: string) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content } })
const get = (path: string) => t.call('GET', `${S}/files/${path}`, { token: writer })

describe('a repository folder moved away while the server runs, then put back', () => {
  it('is unavailable meanwhile, for reads too, and comes back with its whole history', async () => {
    expect((await put('first.md', '# First\n')).status).toBe(201)
    const folder = `${t.dir}/repos/${await t.idOf('space', 'wiki')}.git`
    const repo = t.deps.repos.open(await t.idOf('space', 'wiki'), 'main')
    const before = await repo.head()
    renameSync(folder, `${folder}.away`)

    // Neither a write nor a read takes the missing folder for an empty space.
    const written = await put('second.md', '# Second\n')
    expect(written.status).toBe(503)
    expect(written.headers.get('retry-after')).toBe('30')
    expect((await get('first.md')).status).toBe(503)
    expect((await t.call('GET', `${S}/tree`, { token: writer })).status).toBe(503)
    const state = await json<{ status: string; last_error: string }>(
      await t.call('GET', `${S}/git`, { token: writer }),
    )
    expect(state).toMatchObject({ status: 'error', last_error: expect.stringMatching(/folder is missing/) })

    renameSync(`${folder}.away`, folder)
    expect(await json<{ text: string }>(await get('first.md'))).toMatchObject({ text: '# First\n' })
    expect((await put('third.md', '# Third\n')).status).toBe(201)
    // The next commit follows the old ones: nothing of the history was lost.
    const tip = await repo.head()
    expect(await repo.parents(tip!)).toEqual([before])
    expect(
      (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer })))
        .map((f) => f.path)
        .sort(),
    ).toEqual(['first.md', 'home.md', 'third.md'])
  })
})
