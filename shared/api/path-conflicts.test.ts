import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { scriptedModel, useScriptedModel } from '../testing/builders/scripted-model.ts'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type ApiError = { error: string; message: string }
type Item = { name: string; status: string; reason: string; title: string }

let t: TestApp
let world: World
let writer: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  world = await seedWorld(t.deps, { spaces: { wiki: { members: { walt: 'contributor' } } } })
  writer = world.token('walt')
  await world.write('walt', 'wiki', {
    'docs/a.md': '# A\n',
    'docs/b.md': '# B\n',
    'note.md': '# Note\n',
    'x.md': '# X\n',
    'f1/a.md': '# F1\n',
  })
})
afterEach(() => t.close())

const put = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body, headers })
const move = (from: string, to: string, headers: Record<string, string> = {}) =>
  t.call('POST', `${S}/move`, { token: writer, body: { from, to }, headers })
const tree = async () =>
  (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))).map((e) => e.path)
const ALL = ['docs/a.md', 'docs/b.md', 'f1/a.md', 'note.md', 'x.md']

describe('a file never replaces a folder, nor a folder a file', () => {
  it('refuses (409) to create a file where a folder is, naming the path, in English and French', async () => {
    const response = await put('docs', { content: 'oops' })
    expect(response.status).toBe(409)
    const body = await json<ApiError>(response)
    expect(body.error).toBe('conflict')
    expect(body.message).toContain('"docs"')
    expect(body.message).toMatch(/folder/)
    const french = await json<ApiError>(await put('docs', { content: 'oops' }, { 'accept-language': 'fr' }))
    expect(french.message).toContain('« docs »')
    expect(french.message).toMatch(/dossier/)
    expect(await tree()).toEqual(ALL)
  })

  it('refuses (409) even with force: true', async () => {
    expect((await put('docs', { content: 'oops', force: true })).status).toBe(409)
    expect(await tree()).toEqual(ALL)
  })

  it('refuses (409) a file under a path that is a file', async () => {
    const response = await put('note.md/x.md', { content: 'oops' })
    expect(response.status).toBe(409)
    const body = await json<ApiError>(response)
    expect(body.error).toBe('conflict')
    expect(body.message).toContain('"note.md"')
    expect(await tree()).toEqual(ALL)
  })

  it('refuses (409) to move a file onto a folder or under a file, changing nothing', async () => {
    const onto = await move('x.md', 'f1')
    expect(onto.status).toBe(409)
    expect((await json<ApiError>(onto)).message).toContain('"f1"')
    const under = await move('x.md', 'note.md/x.md')
    expect(under.status).toBe(409)
    expect((await json<ApiError>(under)).message).toContain('"note.md"')
    expect(await tree()).toEqual(ALL)
  })

  it('still moves a file to a folder of its own name, or over a folder it empties', async () => {
    expect((await move('x.md', 'x.md/index.md')).status).toBe(200)
    expect((await move('f1/a.md', 'f1')).status).toBe(200)
    expect(await tree()).toEqual(['docs/a.md', 'docs/b.md', 'f1', 'note.md', 'x.md/index.md'])
  })

  it('does not delete a folder named like the file to delete (404)', async () => {
    expect((await t.call('DELETE', `${S}/files/docs`, { token: writer })).status).toBe(404)
    expect(await tree()).toEqual(ALL)
  })
})

describe('the tidy-up never replaces a folder or a file', () => {
  it('leaves a note whose hint asks for a page under a file, with the reason', async () => {
    await t.call('POST', `${S}/inbox`, {
      token: writer,
      body: { title: 'Restore', content: 'The restore drill took 42 minutes.', hint: 'note.md/restore.md' },
    })
    expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
    await drainJobs(t.deps)
    const [run] = await json<{ status: string; operations: { applied: boolean; refusal?: string }[] }[]>(
      await t.call('GET', `${S}/tidy/runs`, { token: writer }),
    )
    expect(run?.status).toBe('done')
    expect(run?.operations[0]).toMatchObject({ applied: false })
    expect(run?.operations[0]?.refusal).toMatch(/note\.md/)
    expect(await tree()).toEqual(ALL)
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.title)).toEqual(['Restore'])
    expect(left[0]?.reason).toMatch(/note\.md/)
  })
})

describe('operations a model proposes', () => {
  const llm = scriptedModel()

  it('are refused when one would write under a page another creates, or over a folder', async () => {
    await useScriptedModel(t.deps, await world.actor('root'), 'acme', llm)
    const drop = async (title: string) =>
      json<Item>(await t.call('POST', `${S}/inbox`, { token: writer, body: { title, content: `${title}.` } }))
    const [a, b, c] = [await drop('Guide'), await drop('More'), await drop('Folder')]
    llm.script([
      {
        toolCalls: [
          { name: 'create_page', args: { note: a.name, path: 'guide.md', text: '# Guide\n' } },
          { name: 'create_page', args: { note: b.name, path: 'guide.md/more.md', text: '# More\n' } },
          { name: 'append_to_page', args: { note: c.name, path: 'x.md/y.md', text: 'Under a file.' } },
        ],
      },
      { text: 'done' },
    ])
    expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
    await drainJobs(t.deps)
    const [run] = await json<{ status: string; operations: { applied: boolean; refusal?: string }[] }[]>(
      await t.call('GET', `${S}/tidy/runs`, { token: writer }),
    )
    expect(run?.status).toBe('done')
    expect(run?.operations.map((o) => o.applied)).toEqual([true, false, false])
    expect(run?.operations[1]?.refusal).toMatch(/"guide\.md" is a file this run writes/)
    expect(run?.operations[2]?.refusal).toMatch(/"x\.md" is a file/)
    expect(await tree()).toEqual([...ALL.slice(0, 3), 'guide.md', 'note.md', 'x.md'])
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.title).sort()).toEqual(['Folder', 'More'])
  })
})

describe('names Git refuses never reach the repository', () => {
  it.each([
    'GIT~1/x.md',
    'a/.git./x.md',
    '.git%20/x.md',
    'a/.Git::$INDEX_ALLOCATION/x.md',
    '.g%E2%80%8Cit/x.md',
  ])('refuses %s (400) and the space stays readable', async (path) => {
    const response = await put(path, { content: 'x' })
    expect(response.status).toBe(400)
    expect((await json<ApiError>(response)).error).toBe('invalid')
    expect(await tree()).toEqual(ALL)
    expect((await put('after.md', { content: 'x' })).status).toBe(201)
  })

  it('refuses an attachment named like .git (400)', async () => {
    const response = await t.call('POST', `${S}/inbox`, {
      token: writer,
      body: { title: 'Note', attachments: [{ name: 'GIT~1', content_base64: 'eA==' }] },
    })
    expect(response.status).toBe(400)
    expect((await t.call('GET', `${S}/inbox`, { token: writer })).status).toBe(200)
  })
})
