/** What the browser tests of live editing share: the writers of the space, its Git, its editor as seen. */
import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright'
import { type AppHarness, callApi, ORG, SPACE, seedTeam, signIn } from './app.ts'
import { recordCspViolations } from './browser.ts'
import type { RunningServer } from './server.ts'

const run = promisify(execFile)

/** Five people who may write in the space, each with a name and an address for commits. */
export const WRITERS = {
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
  alan: {
    username: 'alan',
    password: 'alan-password-0123',
    display_name: 'Alan Turing',
    email: 'alan@example.com',
  },
  margaret: {
    username: 'margaret',
    password: 'margaret-password-0123',
    display_name: 'Margaret Hamilton',
    email: 'margaret@example.com',
  },
  katherine: {
    username: 'katherine',
    password: 'katherine-password-0123',
    display_name: 'Katherine Johnson',
    email: 'katherine@example.com',
  },
} as const

/** The team of the other browser tests, and the five writers as contributors of the space. */
export async function seedWriters(server: RunningServer): Promise<void> {
  await seedTeam(server)
  for (const person of Object.values(WRITERS)) {
    await callApi(server, 'POST', '/users', person)
    await callApi(server, 'PUT', `/organizations/${ORG}/members/${person.username}`, { role: 'member' })
    await callApi(server, 'PUT', `/organizations/${ORG}/spaces/${SPACE}/members/${person.username}`, {
      role: 'contributor',
    })
  }
}

/** Git on the space's repository, in the server's data folder. */
export async function spaceGit(app: AppHarness, ...args: string[]): Promise<string> {
  const repos = join(app.server.dataDir, 'repos')
  const [repo] = (await readdir(repos)).filter((name) => name.endsWith('.git'))
  const { stdout } = await run('git', ['--git-dir', join(repos, repo as string), ...args])
  return stdout
}

/**
 * Signs a person in, in a browser of their own, and opens a page in the editor. The page records the
 * content-security-policy violations it meets (`window.cspViolations`): the others' cursors are drawn
 * without inline styles, which the app's policy refuses.
 */
export async function openEditor(
  app: AppHarness,
  person: { username: string; password: string },
  path: string,
) {
  const context = await app.newContext()
  await recordCspViolations(context)
  const page = await context.newPage()
  await signIn(page, person)
  await page.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
  await page.getByRole('textbox', { name: 'Page text' }).waitFor()
  return page
}

/** The editor's text as shown, without the others' carets and names drawn in it. */
export async function editorText(page: Page): Promise<string> {
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
export async function typeAtEndOfLine(page: Page, line: number, text: string, delay = 0) {
  await page.getByRole('textbox', { name: 'Page text' }).click()
  await page.keyboard.press('Control+Home')
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.type(text, { delay })
}
