import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppHarness,
  callApi,
  ORG,
  rawText,
  SPACE,
  seedTeam,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

const run = promisify(execFile)
const S = `/organizations/${ORG}/spaces/${SPACE}`

/** Two people who may write in the space. */
const WRITERS = {
  ada: {
    username: 'ada',
    password: 'ada-password-0123',
    display_name: 'Ada Lovelace',
    email: 'ada@example.com',
  },
  grace: {
    username: 'grace',
    password: 'grace-password-0123',
    display_name: 'Grace Hopper',
    email: 'grace@example.com',
  },
} as const

async function seedWriters(server: RunningServer): Promise<void> {
  await seedTeam(server)
  for (const person of Object.values(WRITERS)) {
    await callApi(server, 'POST', '/users', person)
    await callApi(server, 'PUT', `/organizations/${ORG}/members/${person.username}`, { role: 'member' })
    await callApi(server, 'PUT', `${S}/members/${person.username}`, { role: 'contributor' })
  }
}

/** The messages of the commits of the space's repository, newest first. */
async function commitMessages(app: AppHarness): Promise<string> {
  const repos = join(app.server.dataDir, 'repos')
  const [repo] = (await readdir(repos)).filter((name) => name.endsWith('.git'))
  const { stdout } = await run('git', ['--git-dir', join(repos, repo as string), 'log', '--format=%B'])
  return stdout
}

/** Signs a person in, in a browser of their own, and opens a page in the editor. */
async function openEditor(app: AppHarness, person: { username: string; password: string }, path: string) {
  const page = await (await app.newContext()).newPage()
  await signIn(page, person)
  await page.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
  await page.getByRole('textbox', { name: 'Page text' }).waitFor()
  return page
}

/** The editor's text as shown, without the others' carets and names drawn in it. */
async function editorText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...(document.querySelector('.editor-text')?.shadowRoot?.querySelectorAll('.cm-line') ?? [])]
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement
        for (const caret of copy.querySelectorAll('.cm-live-caret')) caret.remove()
        return copy.textContent
      })
      .join('\n'),
  )
}

/** Puts the cursor at the end of a line (1-based) and types there, as a person does. */
async function typeAtEndOfLine(page: Page, line: number, text: string) {
  await page.getByRole('textbox', { name: 'Page text' }).click()
  await page.keyboard.press('Control+Home')
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.type(text)
}

const WEEK = '# Plan\n\nMonday:\nTuesday:\nWednesday:\n'

describe('the live editor, as a team uses it', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seedWriters)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('says at once that a person gone offline is reconnecting, keeps her typing, and says live again once back', async () => {
    const path = 'team/offline.md'
    await writePage(app.server, path, WEEK)
    const ada = await openEditor(app, WRITERS.ada, path)
    const grace = await openEditor(app, WRITERS.grace, path)
    const people = ada.getByRole('list', { name: 'People in this page' }).getByRole('listitem')
    await expect.poll(() => people.count()).toBe(2)

    await ada.context().setOffline(true)
    // The browser says so at once: no waiting for the socket to notice, which takes minutes.
    await ada
      .getByRole('status')
      .filter({ hasText: 'Connection lost: reconnecting… What you type is kept and sent once back.' })
      .waitFor({ timeout: 5_000 })
    await typeAtEndOfLine(ada, 3, ' typed offline')
    const expected = WEEK.replace('Monday:', 'Monday: typed offline')
    await expect.poll(() => editorText(ada)).toBe(expected)
    expect(await editorText(grace)).toBe(WEEK)
    // The others are known again from the server once back, not shown as if still there.
    expect(await people.count()).toBe(1)

    await ada.context().setOffline(false)
    await ada.getByRole('status').filter({ hasText: /^Live/ }).waitFor({ timeout: 10_000 })
    await expect.poll(() => editorText(grace), { timeout: 15_000 }).toBe(expected)
    await expect.poll(() => people.count()).toBe(2)
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    for (const page of [ada, grace]) await page.context().close()
  })

  it('continues a list on Enter, and ends it on Enter in an empty item', async () => {
    const path = 'team/owners.md'
    await writePage(app.server, path, '# Owners\n\n- Ada: design\n- Bob: production\n')
    const page = await openEditor(app, WRITERS.ada, path)
    await typeAtEndOfLine(page, 4, '')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Carol: support')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Ask them first.')
    const expected = '# Owners\n\n- Ada: design\n- Bob: production\n- Carol: support\n\nAsk them first.\n'
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)

    // The page shows Carol as an item of her own, and the sentence after the list as a paragraph.
    await page.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    const items = page.locator('.markdown').getByRole('listitem')
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['Ada: design', 'Bob: production', 'Carol: support'])
    await page.locator('.markdown').getByRole('paragraph').filter({ hasText: 'Ask them first.' }).waitFor()
    await page.context().close()
  })

  it('says everything was already saved when Save finds nothing left to commit, and keeps the message typed', async () => {
    const path = 'team/dashboards.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.grace, path)
    await typeAtEndOfLine(page, 5, ' dashboards')
    const expected = WEEK.replace('Wednesday:', 'Wednesday: dashboards')
    // The session commits by itself once typing pauses.
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    await page.getByRole('status').filter({ hasText: 'Live · saved' }).waitFor()

    await page.getByLabel('Commit message').fill('Add dashboards step')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const note = page.getByRole('status').filter({ hasText: 'Everything was already saved' })
    await note.waitFor()
    expect(await note.textContent()).toBe(
      `Everything was already saved, in the commit “Edit ${path}” by Grace Hopper: there was nothing left to commit. Your message was not used; it is kept in the field above.`,
    )
    expect(page.url()).toContain(`/edit/${path}`)
    expect(await page.getByLabel('Commit message').inputValue()).toBe('Add dashboards step')
    expect(await commitMessages(app)).not.toContain('Add dashboards step')

    // With a change of her own, the message kept goes into the commit.
    await typeAtEndOfLine(page, 5, ' and alerts')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    expect(await commitMessages(app)).toContain('Add dashboards step')
    await page.context().close()
  })
})
