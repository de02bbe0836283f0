import type { Page, WebSocketRoute } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { githubToken } from '../shared/testing/fixtures/secrets.ts'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import {
  type AppHarness,
  addRemoteSpace,
  callApi,
  LOOPBACK_REMOTES,
  ORG,
  PEOPLE,
  rawText,
  SPACE,
  screenshot,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import { editorText, openEditor, seedWriters, spaceGit, typeAtEndOfLine, WRITERS } from './helpers/live.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`

/** The commits made since `from`, newest first: author line, then the whole message. */
async function commitsSince(app: AppHarness, from: string): Promise<string[]> {
  const log = await spaceGit(app, 'log', '--format=%an <%ae>%n%B%x00', `${from}..HEAD`)
  return log
    .split('\u0000')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** The names listed above the editor. */
async function peopleIn(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'People in this page' }).getByRole('listitem').allTextContents()
}

/** Each page shows `text`, with everyone's typing in it. */
async function allShow(pages: Page[], text: string) {
  for (const page of pages) await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(text)
}

const WEEK = '# Plan\n\nMonday:\nTuesday:\nWednesday:\nThursday:\nFriday:\n'

describe('live editing in the browser', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seedWriters)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('two people type into one page at once and see each other; one commit names the top typist, the other as co-author', async () => {
    const path = 'team/two.md'
    await writePage(app.server, path, WEEK)
    const before = (await spaceGit(app, 'rev-parse', 'HEAD')).trim()
    const ada = await openEditor(app, WRITERS.ada, path)
    const grace = await openEditor(app, WRITERS.grace, path)
    await expect.poll(() => peopleIn(ada)).toEqual(['Ada Lovelace (you)', 'Grace Hopper'])
    await expect.poll(() => peopleIn(grace)).toEqual(['Grace Hopper (you)', 'Ada Lovelace'])
    // The first text comes from the live document: the page as committed.
    expect(await editorText(ada)).toBe(WEEK)

    await Promise.all([
      typeAtEndOfLine(ada, 3, ' write the plan for the whole week'),
      typeAtEndOfLine(grace, 4, ' review it'),
    ])
    const expected = WEEK.replace('Monday:', 'Monday: write the plan for the whole week').replace(
      'Tuesday:',
      'Tuesday: review it',
    )
    await allShow([ada, grace], expected)
    // Each sees where the other is, by name, in the text.
    const text = (page: Page) => page.getByRole('textbox', { name: 'Page text' })
    await text(ada).getByText('Grace Hopper').waitFor()
    await text(grace).getByText('Ada Lovelace').waitFor()
    await screenshot(ada, 'live-editing')
    for (const page of [ada, grace])
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([])

    // Nobody pressed anything: the server commits by itself.
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    const commits = await commitsSince(app, before)
    expect(commits).toHaveLength(1)
    expect(commits[0]).toContain('Ada Lovelace <ada@example.com>\nEdit team/two.md (2 people)\n')
    expect(commits[0]).toContain(
      'Source: web\nVia: Web · live\nCo-authored-by: Grace Hopper <grace@example.com>',
    )
    expect((await spaceGit(app, 'diff', '--name-only', before, 'HEAD')).trim()).toBe(`content/${path}`)
    await expect.poll(() => ada.getByRole('status').filter({ hasText: 'Live · saved' }).count()).toBe(1)
    // The page's history credits both.
    await grace.goto(`${app.server.url}/s/${ORG}/${SPACE}/history/${path}`)
    await grace
      .getByRole('button', { name: /Edit team\/two\.md \(2 people\)/ })
      .getByText('Ada Lovelace with Grace Hopper, ')
      .waitFor()
    for (const page of [ada, grace]) await page.context().close()
  })

  it('five people type into one page at once; each sees all the others’ text, and the commit names all five', async () => {
    const path = 'team/five.md'
    await writePage(app.server, path, WEEK)
    const before = (await spaceGit(app, 'rev-parse', 'HEAD')).trim()
    const writers = Object.values(WRITERS)
    const pages: Page[] = []
    for (const person of writers) pages.push(await openEditor(app, person, path))
    for (const page of pages) await expect.poll(async () => (await peopleIn(page)).length).toBe(5)

    const typed = ['ada types here', 'grace', 'alan', 'margaret writes the longest line of all', 'kj']
    await Promise.all(pages.map((page, i) => typeAtEndOfLine(page, i + 3, ` ${typed[i]}`)))
    const lines = WEEK.split('\n')
    for (const [i, words] of typed.entries()) lines[i + 2] = `${lines[i + 2]} ${words}`
    const expected = lines.join('\n')
    await allShow(pages, expected)

    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    const commits = await commitsSince(app, before)
    expect(commits).toHaveLength(1)
    const [commit] = commits as [string]
    expect(commit).toContain('Margaret Hamilton <margaret@example.com>\nEdit team/five.md (5 people)\n')
    expect(commit).toContain('Source: web\nVia: Web · live\n')
    for (const person of writers.filter((p) => p !== WRITERS.margaret))
      expect(commit).toContain(`Co-authored-by: ${person.display_name} <${person.email}>`)
    expect((await spaceGit(app, 'diff', '--name-only', before, 'HEAD')).trim()).toBe(`content/${path}`)
    for (const page of pages) await page.context().close()
  })

  it('takes a change written through the API in the middle of typing, losing no keystroke', async () => {
    const path = 'team/rest.md'
    await writePage(app.server, path, WEEK)
    const ada = await openEditor(app, WRITERS.ada, path)
    const grace = await openEditor(app, WRITERS.grace, path)
    const adaWords = ' typed one key at a time'
    const graceWords = ' and so is this'
    const typing = Promise.all([
      typeAtEndOfLine(ada, 4, adaWords, 40),
      typeAtEndOfLine(grace, 6, graceWords, 40),
    ])
    // Halfway through, someone else changes the title through the API.
    await expect.poll(() => editorText(grace)).toContain('Tuesday: typed one')
    const tip = await callApi<{ text: string; sha: string }>(app.server, 'GET', `${S}/files/${path}`)
    await callApi(app.server, 'PUT', `${S}/files/${path}`, {
      content: tip.text.replace('# Plan', '# Plan of the week'),
      base_sha: tip.sha,
    })
    await typing

    const expected = WEEK.replace('# Plan', '# Plan of the week')
      .replace('Tuesday:', `Tuesday:${adaWords}`)
      .replace('Thursday:', `Thursday:${graceWords}`)
    await allShow([ada, grace], expected)
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    for (const page of [ada, grace]) await page.context().close()
  })

  it('joins again after the connection drops, and what was typed meanwhile reaches the others', async () => {
    const path = 'team/drop.md'
    await writePage(app.server, path, WEEK)
    const grace = await openEditor(app, WRITERS.grace, path)
    const context = await app.newContext()
    let isOffline = false
    const routes: WebSocketRoute[] = []
    await context.routeWebSocket(/\/api\/v1\/collab\//, (ws) => {
      if (isOffline) return void ws.close({ code: 1006 })
      ws.connectToServer()
      routes.push(ws)
    })
    const ada = await context.newPage()
    await signIn(ada, WRITERS.ada)
    await ada.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
    await ada.getByRole('textbox', { name: 'Page text' }).waitFor()
    await typeAtEndOfLine(ada, 3, ' before')
    await allShow([ada, grace], WEEK.replace('Monday:', 'Monday: before'))

    // The server restarts, and stays out of reach for a while.
    isOffline = true
    await routes[0]?.close({ code: 1012, reason: 'restart' })
    await ada.getByRole('status').filter({ hasText: 'Connection lost: reconnecting…' }).waitFor()
    await typeAtEndOfLine(ada, 4, ' meanwhile')
    const expected = WEEK.replace('Monday:', 'Monday: before').replace('Tuesday:', 'Tuesday: meanwhile')
    await allShow([ada], expected)
    expect(await editorText(grace)).not.toContain('meanwhile')

    isOffline = false
    await allShow([ada, grace], expected)
    await ada.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    for (const page of [ada, grace]) await page.context().close()
  })

  it('refuses to commit a secret typed in: the editor shows the finding, and nothing is committed', async () => {
    const path = 'ops/keys.md'
    await writePage(app.server, path, '# Keys\n\n')
    const before = (await spaceGit(app, 'rev-parse', 'HEAD')).trim()
    const page = await openEditor(app, PEOPLE.contributor, path)
    await page.getByRole('textbox', { name: 'Page text' }).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.insertText(`token: ${githubToken}\n`)

    const refusal = page.getByRole('alert').filter({ hasText: 'Possible secret' })
    await refusal.waitFor({ timeout: 15_000 })
    expect(await refusal.textContent()).toContain('The text seems to hold a secret: nothing was committed.')
    expect(await refusal.textContent()).toContain('Line 3 of the page')
    expect(await refusal.textContent()).toContain(`token: ${githubToken}`)
    // Save asks for a commit now: refused the same way.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true)
    expect(await refusal.isVisible()).toBe(true)
    expect(page.url()).toContain(`/edit/${path}`)
    expect(await rawText(app.server, path)).toBe('# Keys\n\n')
    expect((await spaceGit(app, 'rev-parse', 'HEAD')).trim()).toBe(before)
    await page.context().close()
  })

  it('commits at once with a message of one’s own when Save is pressed', async () => {
    const path = 'team/saved.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.katherine, path)
    await typeAtEndOfLine(page, 7, ' rest')
    await page.getByLabel('Commit message').fill('Friday is for rest')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    expect(await rawText(app.server, path)).toBe(WEEK.replace('Friday:', 'Friday: rest'))
    const message = await spaceGit(app, 'log', '-1', '--format=%an%n%B', '--', `content/${path}`)
    expect(message).toContain('Katherine Johnson\nFriday is for rest\n\nSource: web\nVia: Web · live\n')
    await page.context().close()
  })

  it('tells a writer whose role was lowered what became of their text, and no more', async () => {
    const path = 'team/lowered.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.katherine, path)
    await typeAtEndOfLine(page, 3, ' standup')
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toContain('Monday: standup')
    await callApi(app.server, 'PUT', `${S}/members/katherine`, { role: 'reader' })
    try {
      await typeAtEndOfLine(page, 4, ' review')
      const stopped = page.getByRole('status').filter({ hasText: 'Your access to this page changed' })
      await stopped.waitFor({ timeout: 15_000 })
      expect(await stopped.textContent()).toBe(
        'Your access to this page changed (removed or lowered, or you were signed out): live editing stopped. What reached the page before is kept; what is typed here now is not.',
      )
      expect(await rawText(app.server, path)).toBe(WEEK.replace('Monday:', 'Monday: standup'))
    } finally {
      await callApi(app.server, 'PUT', `${S}/members/katherine`, { role: 'contributor' })
      await page.context().close()
    }
  })

  it('tells the people in a page that it was deleted, and keeps their unsaved text in the inbox', async () => {
    const path = 'team/doomed.md'
    await writePage(app.server, path, '# Doomed\n')
    const alan = await openEditor(app, WRITERS.alan, path)
    const katherine = await openEditor(app, WRITERS.katherine, path)
    // Typing goes on while the page is deleted, so none of it was committed yet.
    const typing = typeAtEndOfLine(alan, 1, ' but kept in the inbox', 60).catch(() => undefined)
    await expect.poll(() => editorText(katherine)).toContain('# Doomed but')
    await callApi(app.server, 'DELETE', `${S}/files/${path}`)
    for (const page of [alan, katherine]) {
      await page.getByRole('alert').filter({ hasText: 'This page was moved or deleted.' }).waitFor()
      expect(await page.getByRole('textbox', { name: 'Page text' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0)
    }
    await typing
    const inbox = await callApi<{ title: string; deposited_by: string }[]>(app.server, 'GET', `${S}/inbox`)
    expect(inbox).toContainEqual(
      expect.objectContaining({ title: `Unsaved edits of ${path}`, deposited_by: 'alan' }),
    )
    await alan.getByRole('link', { name: 'Open the inbox' }).click()
    await alan.getByText(`Unsaved edits of ${path}`).first().waitFor()
    for (const page of [alan, katherine]) await page.context().close()
  })

  it('takes what was typed to the new place of a page someone else moved, and leads the people there', async () => {
    const path = 'team/moving.md'
    await writePage(app.server, path, '# Moving\n')
    const alan = await openEditor(app, WRITERS.alan, path)
    const katherine = await openEditor(app, WRITERS.katherine, path)
    const typing = typeAtEndOfLine(alan, 1, ' and kept', 60).catch(() => undefined)
    await expect.poll(() => editorText(katherine)).toContain('# Moving and')
    await callApi(app.server, 'POST', `${S}/move`, { from: path, to: 'team/moved.md' })
    for (const page of [alan, katherine])
      await page
        .getByRole('alert')
        .filter({ hasText: 'This page was moved to team/moved.md: what was typed in it went with it.' })
        .waitFor()
    await typing
    const inbox = await callApi<{ title: string }[]>(app.server, 'GET', `${S}/inbox`)
    expect(inbox.map((item) => item.title)).not.toContain(`Unsaved edits of ${path}`)
    await katherine.getByRole('link', { name: 'Go on editing it there' }).click()
    await katherine.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/edit/team/moved.md`)
    await expect.poll(() => editorText(katherine)).toContain('# Moving and')
    // The editor of the new place is a whole one: it can be moved and deleted too.
    await katherine.getByRole('button', { name: 'Move', exact: true }).waitFor()
    expect(await rawText(app.server, 'team/moved.md')).toContain('# Moving and')
    for (const page of [alan, katherine]) await page.context().close()
  })

  it('commits what was typed before moving the page from its editor, so the text moves with it', async () => {
    const path = 'team/old-name.md'
    await writePage(app.server, path, '# Renamed\n')
    const page = await openEditor(app, WRITERS.ada, path)
    await typeAtEndOfLine(page, 1, ' soon')
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Move or rename' })
    await dialog.getByLabel('New path').fill('team/new-name')
    await dialog.getByText('No link needs rewriting.').waitFor()
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/edit/team/new-name.md`)
    await expect.poll(() => editorText(page)).toBe('# Renamed soon\n')
    expect(await rawText(app.server, 'team/new-name.md')).toBe('# Renamed soon\n')
    const inbox = await callApi<{ title: string }[]>(app.server, 'GET', `${S}/inbox`)
    expect(inbox.map((item) => item.title)).not.toContain(`Unsaved edits of ${path}`)
    await page.context().close()
  })

  it('gives a reader no Edit', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `/s/${ORG}/${SPACE}/page/index.md`)
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor()
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0)
    await page.goto(`/s/${ORG}/${SPACE}/edit/index.md`)
    await page.getByText('You can read this space but not change it.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Page text' }).count()).toBe(0)
    await page.context().close()
  })

  it('falls back to saving with Save when no WebSocket gets through', async () => {
    const path = 'team/fallback.md'
    await writePage(app.server, path, WEEK)
    const context = await app.newContext()
    await context.routeWebSocket(/\/api\/v1\/collab\//, (ws) => ws.close())
    const page = await context.newPage()
    await signIn(page, WRITERS.grace)
    await page.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
    await page
      .getByText('Live editing is not available here: your changes are saved when you press Save.')
      .waitFor()
    expect(await page.getByRole('list', { name: 'People in this page' }).count()).toBe(0)
    await typeAtEndOfLine(page, 5, ' plan the release')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    expect(await rawText(app.server, path)).toBe(WEEK.replace('Wednesday:', 'Wednesday: plan the release'))
    const message = await spaceGit(app, 'log', '-1', '--format=%an%n%B', '--', `content/${path}`)
    expect(message).toContain('Grace Hopper\n')
    expect(message).not.toContain('Via: Web · live')
    await context.close()
  })
})

describe('live editing of a space synced from a Git remote', () => {
  const SYNCED = 'synced'
  const R = `/organizations/${ORG}/spaces/${SYNCED}`
  let app: AppHarness
  let remote: GitRemote

  beforeAll(async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/synced.git', { files: { 'content/plan.md': WEEK } })
    app = await startApp(async (server) => {
      await seedWriters(server)
      await addRemoteSpace(
        server,
        {
          slug: SYNCED,
          name: 'Synced',
          url: remote.url('acme/synced.git'),
          token: `${remote.username}:${remote.password}`,
        },
        async (path) => {
          await callApi(server, 'PUT', `${path}/members/${WRITERS.ada.username}`, { role: 'contributor' })
        },
      )
    }, LOOPBACK_REMOTES)
  })

  afterAll(async () => {
    await app?.close()
    await remote?.stop()
  })

  it('takes a commit arriving by a sync in the middle of typing, losing no keystroke, and pushes the result', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, WRITERS.ada)
    await page.goto(`/s/${ORG}/${SYNCED}/edit/plan.md`)
    await page.getByRole('textbox', { name: 'Page text' }).waitFor()
    await expect.poll(() => editorText(page)).toBe(WEEK)
    const words = ' typed while the remote moved'
    const typing = typeAtEndOfLine(page, 4, words, 40)
    await expect.poll(() => editorText(page)).toContain('Tuesday: typed')
    // Someone pushes to the remote meanwhile; the space syncs while Ada types.
    const clone = await remote.clone('acme/synced.git')
    await clone.write('content/plan.md', WEEK.replace('Friday:', 'Friday: release'))
    await clone.commitAll('Their edit')
    await clone.push()
    await callApi(app.server, 'POST', `${R}/git/sync`)
    await typing

    const expected = WEEK.replace('Tuesday:', `Tuesday:${words}`).replace('Friday:', 'Friday: release')
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(expected)
    await expect
      .poll(async () => (await callApi<{ text: string }>(app.server, 'GET', `${R}/files/plan.md`)).text, {
        timeout: 15_000,
      })
      .toBe(expected)
    // The live commit went to the remote too.
    await expect
      .poll(async () => (await remote.clone('acme/synced.git')).read('content/plan.md'), { timeout: 15_000 })
      .toBe(expected)
    await context.close()
  })
})
