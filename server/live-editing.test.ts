import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addPerson } from '#shared/testing/builders/person.ts'
import { githubToken } from '#shared/testing/fixtures/secrets.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'
import { type LiveTeam, PAGE, startLiveTeam } from './testing/live-team.ts'

const run = promisify(execFile)
const TOKEN = 'live-editing-admin-token-0123456789abc'
const BASE = '# Setup\n\nInstall the tool.\n\nThen run it.\n'

let team: LiveTeam
let dataDir: string
let quire: InProcessServer
let people: LiveTeam['people']

beforeEach(async () => {
  team = await startLiveTeam(TOKEN, BASE)
  ;({ dataDir, quire, people } = team)
})

afterEach(() => team.close())

const enter = (token: string, name: string, page = PAGE) => team.enter(token, name, page)

/** The names a person's editor lists as being in the page. */
const present = (client: LiveClient) =>
  [...client.awareness.getStates().values()].map((state) => state.user?.name as string | undefined)

async function git(...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['--git-dir', `${dataDir}/repos/1.git`, ...args])
  return stdout
}
const gitShow = git

async function fileText(path = PAGE.path): Promise<string> {
  const response = await quire.api('GET', `/organizations/acme/spaces/docs/files/${path}`)
  return ((await response.json()) as { text: string }).text
}

describe('two people in one page', () => {
  it('each sees the other’s typing, and one commit names the top typist and the other as co-author', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const grace = enter(people.grace as string, 'Grace')
    await Promise.all([ada.synced, grace.synced])
    expect(ada.text.toString()).toBe(BASE)
    ada.type('Ada wrote a long line about installing.\n')
    grace.type('Grace adds.\n', 0)
    const expected = `Grace adds.\n${BASE}Ada wrote a long line about installing.\n`
    await Promise.all([
      ada.until(() => ada.text.toString() === expected),
      grace.until(() => grace.text.toString() === expected),
    ])
    // Each knows who else is there, by the name the server vouches for.
    await ada.until(() => present(ada).includes('Grace'))

    await quire.server.live.idle()
    expect(await fileText()).toBe(expected)
    const message = await git('log', '-1', '--format=%an <%ae>%n%B')
    expect(message).toContain('Ada <ada@example.com>')
    expect(message).toContain(`Edit ${PAGE.path} (2 people)`)
    expect(message).toContain('Source: api\nVia: API · test\nCo-authored-by: Grace <grace@example.com>')
    // The page's history names both.
    const history = await quire.api('GET', `/organizations/acme/spaces/docs/history/${PAGE.path}`)
    expect((await history.json())[0]).toMatchObject({ author: 'Ada', coauthors: ['Grace'] })
    const changed = await gitShow('show', '--format=', '--numstat', 'HEAD')
    expect(changed.trim()).toBe(`2\t0\tcontent/${PAGE.path}`)
  })

  it('commits by itself once the typing stops, and tells the people in the page', async () => {
    const ada = enter(people.ada as string, 'Ada')
    await ada.synced
    ada.type('Typed and left alone.\n')
    // Nobody saves, leaves or stops the server: the commit comes by itself.
    await ada.until(() => ada.statuses.some((s) => s.type === 'saved'), 15_000)
    expect(ada.statuses.find((s) => s.type === 'saved')).toMatchObject({
      author: 'Ada',
      coauthors: [],
      message: `Edit ${PAGE.path}`,
    })
    expect(await fileText()).toBe(`${BASE}Typed and left alone.\n`)
  })

  it('lets a reader listen but not write', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const linus = enter(people.linus as string, 'Linus')
    await Promise.all([ada.synced, linus.synced])
    linus.type('Reader tries.\n')
    await linus.until(() => linus.statuses.some((s) => s.type === 'read_only'))
    ada.type('Writer writes.\n')
    await linus.until(() => linus.text.toString().includes('Writer writes.'))
    // Told once, for what they typed: joining the page is no attempt to write.
    expect(linus.statuses.filter((s) => s.type === 'read_only')).toHaveLength(1)
    expect(ada.text.toString()).toBe(`${BASE}Writer writes.\n`)
    await quire.server.live.idle()
    expect(await fileText()).toBe(`${BASE}Writer writes.\n`)
  })

  it('refuses a secret typed in: the session is told and nothing is committed', async () => {
    const ada = enter(people.ada as string, 'Ada')
    await ada.synced
    const head = await git('rev-parse', 'HEAD')
    ada.type(`token: ${githubToken}\n`)
    await quire.server.live.idle().catch(() => {})
    await ada.until(() => ada.statuses.some((s) => s.type === 'refused'))
    expect(ada.statuses.find((s) => s.type === 'refused')).toMatchObject({ error: 'secret_detected' })
    expect(await git('rev-parse', 'HEAD')).toBe(head)
    expect(await fileText()).toBe(BASE)
  })

  it('refuses a page of another site (Origin) and one the caller cannot see', async () => {
    const foreign = liveClient(quire.server.url, PAGE, {
      cookie: 'quire_session=x',
      origin: 'https://evil.example',
    })
    expect(await foreign.closed).toBe(401)
    const stranger = (await addPerson(quire.server.deps, 'mallory')).token
    const hidden = enter(stranger, 'Mallory')
    expect(await hidden.closed).toBe(404)
  })
})

describe('rights lost while connected', () => {
  const revokeToken = async (token: string) => {
    const listed = await fetch(`${quire.server.url}/api/v1/me/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const [own] = (await listed.json()) as { id: string }[]
    const revoked = await fetch(`${quire.server.url}/api/v1/me/tokens/${own?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(revoked.status).toBe(204)
  }
  const lowerToReader = async () => {
    const put = await quire.api('PUT', '/organizations/acme/spaces/docs/members/grace', { role: 'reader' })
    expect(put.status).toBe(200)
  }

  it.each([
    ['her token is revoked', () => revokeToken(people.grace as string)],
    ['her role in the space is lowered to reader', lowerToReader],
  ])(
    'cuts a contributor off at her next update when %s: nobody sees that update and it is never committed',
    async (_, lose) => {
      const ada = enter(people.ada as string, 'Ada')
      const grace = enter(people.grace as string, 'Grace')
      const linus = enter(people.linus as string, 'Linus')
      await Promise.all([ada.synced, grace.synced, linus.synced])
      await ada.until(() => present(ada).includes('Grace'))
      grace.type('Grace while she may.\n')
      await linus.until(() => linus.text.toString().includes('Grace while she may.'))

      await lose()
      grace.type('Grace after losing her rights.\n')
      expect(await grace.closed).toBe(4403)
      expect(grace.statuses.at(-1)).toMatchObject({
        type: 'closing',
        message: expect.stringContaining(
          'What reached the page before is kept; what is typed here now is not.',
        ),
      })
      // She is no longer shown among the people in the page.
      await ada.until(() => !present(ada).includes('Grace'))
      // The others go on; what they type after her refused update reaches them, hers never does.
      ada.type('Ada goes on.\n')
      await linus.until(() => linus.text.toString().includes('Ada goes on.'))
      const expected = `${BASE}Grace while she may.\nAda goes on.\n`
      expect(linus.text.toString()).toBe(expected)
      await ada.until(() => ada.text.toString() === expected)
      await quire.server.live.idle()
      expect(await fileText()).toBe(expected)
      // What she typed while she could is hers: she changed the most in the commit.
      expect(await git('log', '-1', '--format=%an%n%B')).toBe(
        `Grace\nEdit ${PAGE.path} (2 people)\n\nSource: api\nVia: API · test\nCo-authored-by: Ada <ada@example.com>\n\n`,
      )
    },
  )
})

describe('saving with a message', () => {
  it('commits now, with the message as the subject and the live trailers', async () => {
    const ada = enter(people.ada as string, 'Ada')
    await ada.synced
    ada.type('Saved on purpose.\n')
    ada.save('My message')
    await ada.until(() => ada.statuses.some((s) => s.type === 'saved'))
    expect(ada.statuses.find((s) => s.type === 'saved')).toMatchObject({
      author: 'Ada',
      coauthors: [],
      message: 'My message',
    })
    // Committed already: no flush was waited for.
    expect(await git('log', '-1', '--format=%an <%ae>%n%B')).toBe(
      'Ada <ada@example.com>\nMy message\n\nSource: api\nVia: API · test\n\n',
    )
    expect(await fileText()).toBe(`${BASE}Saved on purpose.\n`)
  })
})

describe('stopping', () => {
  it('commits what was typed before the server stops', async () => {
    const ada = enter(people.ada as string, 'Ada')
    const linus = enter(people.linus as string, 'Linus')
    await Promise.all([ada.synced, linus.synced])
    ada.type('Typed just before the stop.\n')
    // It reached the server: someone else in the page sees it.
    await linus.until(() => linus.text.toString().includes('Typed just before the stop.'))
    await quire.server.close()
    quire = team.quire = await startInProcess(dataDir, TOKEN)
    expect(await fileText()).toBe(`${BASE}Typed just before the stop.\n`)
  })
})
