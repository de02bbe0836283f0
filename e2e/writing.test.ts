import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppHarness,
  ORG,
  PEOPLE,
  rawBytes,
  SPACE,
  screenshot,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import { recordCspViolations } from './helpers/browser.ts'
import { ROOT } from './helpers/server.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`

/**
 * Twenty real Markdown files: the READMEs of packages the project installs, read where npm put them.
 * Between them: tables, fenced and indented code, images and badges, raw HTML, reference links,
 * and CRLF line endings (`long`, `@types/node`).
 */
const READMES = [
  'hono',
  'zod',
  'playwright',
  'better-sqlite3',
  'yaml',
  'openid-client',
  '@codemirror/lang-markdown',
  '@biomejs/biome',
  'i18next',
  'tesseract.js',
  'long',
  '@types/node',
  '@hono/node-server',
  'pino',
  're2js',
  'electron-vite',
  'croner',
  'fflate',
  'ws',
  'yjs',
]

/** Opens a page in the editor and waits for its text. */
async function openEditor(page: Page, path: string, name = 'Page text') {
  await page.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
  const editor = page.getByRole('textbox', { name })
  await editor.waitFor()
  return editor
}

/**
 * Saves with Ctrl+S and goes to the page's view: the live editor commits and stays open, saying so
 * (the address stays), and is left with Done; the editor of a page not edited live leaves by itself.
 */
async function saveAndLeave(page: Page, path: string, french = false) {
  const view = (url: URL) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`
  await page.keyboard.press('Control+s')
  const saved = page
    .getByRole('status')
    .filter({ hasText: french ? 'Enregistré. Terminé ferme l’éditeur.' : 'Saved. Done closes the editor.' })
  const left = page.waitForURL(view)
  await Promise.race([saved.waitFor(), left]).catch(() => undefined)
  if (!view(new URL(page.url()))) {
    expect(await saved.isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/s/${ORG}/${SPACE}/edit/${path}`)
    await page.getByRole('button', { name: french ? 'Terminé' : 'Done', exact: true }).click()
  }
  await left
}

/**
 * A line from the middle of a file on which a word can be typed at the end: plain words only (no
 * Markdown marks, so it shows as typed), outside code, found once in the file.
 */
function lineToEdit(text: string): { line: string; end: number } {
  const lines = text.split('\n')
  let isCode = false
  let offset = 0
  const candidates: { line: string; end: number; index: number }[] = []
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '')
    if (/^\s*(```|~~~)/.test(line)) isCode = !isCode
    else if (
      !isCode &&
      /^[A-Za-z][A-Za-z0-9 ,.'’()/:;!?&"-]{10,90}$/.test(line) &&
      lines.filter((l) => l.replace(/\r$/, '') === line).length === 1
    )
      candidates.push({ line, end: offset + line.length, index })
    offset += raw.length + 1
  }
  const middle = lines.length / 2
  const chosen = candidates.find((c) => c.index >= middle) ?? candidates.at(-1)
  if (!chosen) throw new Error('no plain line to edit')
  return chosen
}

/** The editor's scroller, scrolled by `by` pixels (from the top when `from` is 0), once the editor drew it. */
async function scrollEditor(page: Page, by: number, from?: number) {
  await page.evaluate(
    ([by, from]) =>
      new Promise((drawn) => {
        const scroller = document.querySelector('.editor-text')?.shadowRoot?.querySelector('.cm-scroller')
        if (scroller) scroller.scrollTop = (from ?? scroller.scrollTop) + (by ?? 0) * scroller.clientHeight
        requestAnimationFrame(() => requestAnimationFrame(drawn))
      }),
    [by, from],
  )
}

/**
 * Scrolls the editor until the line whose whole text is `text` is drawn, and returns it: first
 * straight to `near` (its offset in the file) through CodeMirror's view, which its DOM carries, then
 * screen by screen from the top should the line not be there.
 */
async function scrollToLine(page: Page, text: string, near: number) {
  // Visible only: the same words may sit in a hidden mark elsewhere (an image's description).
  const line = page
    .getByRole('textbox', { name: 'Page text' })
    .getByText(text, { exact: true })
    .filter({ visible: true })
  await page.evaluate(
    (near) =>
      new Promise((drawn) => {
        type View = { state: { doc: { length: number } }; dispatch(spec: object): void }
        const content = document.querySelector('.editor-text')?.shadowRoot?.querySelector('.cm-content')
        const view = (content as { cmTile?: { root?: { view?: View } } } | null | undefined)?.cmTile?.root
          ?.view
        view?.dispatch({ selection: { anchor: Math.min(near, view.state.doc.length) }, scrollIntoView: true })
        requestAnimationFrame(() => requestAnimationFrame(drawn))
      }),
    near,
  )
  if ((await line.count()) > 0) return line
  await scrollEditor(page, 0, 0)
  for (let step = 0; step < 400 && (await line.count()) === 0; step++) await scrollEditor(page, 0.5)
  return line
}

/** The text of the editor's line holding the cursor, read from CodeMirror's view (its DOM carries it). */
function cursorLine(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    type View = {
      state: { doc: { lineAt(pos: number): { text: string } }; selection: { main: { head: number } } }
    }
    const content = document.querySelector('.editor-text')?.shadowRoot?.querySelector('.cm-content')
    const view = (content as { cmTile?: { root?: { view?: View } } } | null | undefined)?.cmTile?.root?.view
    return view?.state.doc.lineAt(view.state.selection.main.head).text
  })
}

/**
 * Clicks a line of the editor until the cursor is in it, as a person who looks before typing: in the
 * live preview a line that goes back from its source to its rendered form as the cursor leaves it (a
 * rule, a heading) can move the lines below it while the click lands.
 */
async function clickIntoLine(page: Page, line: Locator, text: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await line.click()
    if ((await cursorLine(page)) === text) return
  }
  throw new Error(`the cursor does not stay in the line "${text}"`)
}

let app: AppHarness

beforeAll(async () => {
  app = await startApp()
})

afterAll(async () => {
  await app?.close()
})

describe('the bytes of real Markdown files', () => {
  let page: Page

  beforeAll(async () => {
    page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
  })

  afterAll(async () => {
    await page?.context().close()
  })

  for (const name of READMES) {
    it(`keeps the bytes of ${name}'s README, untouched and through a small edit`, async () => {
      const original = readFileSync(join(ROOT, 'node_modules', name, 'README.md'), 'utf8')
      const path = `readmes/${name.replace(/^@/, '').replace('/', '-')}.md`
      await writePage(app.server, path, original)
      expect(await rawBytes(app.server, path)).toEqual(Buffer.from(original))

      await openEditor(page, path)
      expect(
        await page.getByRole('button', { name: 'Source', exact: true }).getAttribute('aria-pressed'),
      ).toBe('false')
      await saveAndLeave(page, path)
      expect(await rawBytes(app.server, path)).toEqual(Buffer.from(original))

      // Back to the editor as a person would, from the page's view where saving led.
      const { line, end } = lineToEdit(original)
      await page.getByRole('link', { name: 'Edit', exact: true }).click()
      await page.getByRole('textbox', { name: 'Page text' }).waitFor()
      await clickIntoLine(page, await scrollToLine(page, line, end), line)
      await page.keyboard.press('End')
      await page.keyboard.type(' quire')
      await saveAndLeave(page, path)
      expect((await rawBytes(app.server, path)).toString('utf8')).toBe(
        `${original.slice(0, end)} quire${original.slice(end)}`,
      )
    })
  }
})

/** A page with a bit of everything the live preview draws. */
const ONBOARDING = `---
title: Onboarding
tags: [team, people]
owner: Ada Lovelace
---
# Onboarding

Welcome to **Acme**. This page is *the* place to start: read it, then tick the boxes below. See the [setup guide](../guides/setup.md) and [[Holidays]], or run \`acme init\` in a terminal.

## First week

- [x] Get a laptop
- [ ] Meet the team
- [ ] Read the [handbook](https://example.com/handbook)
- Ask for ~~nothing~~ anything

> Ask questions early. Nobody expects you to know everything on day one.

| Day | What | Who |
|:----|:-----|----:|
| Monday | Setup and \`ssh\` keys | IT |
| Tuesday | Product tour | Grace |

\`\`\`js
const team = await acme.team()
console.log(team.size)
\`\`\`

---

![How the parts fit](architecture.svg)
`

/** A small drawing for the page above, served by the raw endpoint as the page's own image. */
const ARCHITECTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="150" viewBox="0 0 560 150"><rect width="560" height="150" rx="10" fill="#eef2fb"/><g font-family="sans-serif" font-size="15" text-anchor="middle"><rect x="30" y="45" width="140" height="60" rx="8" fill="#2457c5"/><text x="100" y="80" fill="#fff">Web app</text><rect x="210" y="45" width="140" height="60" rx="8" fill="#2457c5"/><text x="280" y="80" fill="#fff">Server</text><rect x="390" y="45" width="140" height="60" rx="8" fill="#1e7d3a"/><text x="460" y="80" fill="#fff">Git</text></g><g stroke="#5d6470" stroke-width="2"><line x1="170" y1="75" x2="210" y2="75"/><line x1="350" y1="75" x2="390" y2="75"/></g></svg>`

/** The words of the screens, in each language the tests walk. */
const WORDS = {
  en: { pageText: 'Page text', properties: 'Properties', save: 'Save' },
  fr: { pageText: 'Texte de la page', properties: 'Propriétés', save: 'Enregistrer' },
}

/** A browser context in `locale` that records what the app's Content-Security-Policy refused. */
async function watchedContext(locale: 'en-US' | 'fr-FR' = 'en-US') {
  const context = await app.newContext(locale)
  await recordCspViolations(context)
  return context
}

async function cspViolations(page: Page): Promise<string[] | undefined> {
  return page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)
}

/** What a line of the editor shows (hidden marks are not), found by its text as typed or a part of it. */
async function shownLine(page: Page, text: string | RegExp, name = WORDS.en.pageText): Promise<string> {
  return page.getByRole('textbox', { name }).getByText(text).first().innerText()
}

describe('the live preview', () => {
  beforeAll(async () => {
    await writePage(app.server, 'team/onboarding.md', ONBOARDING)
    await writePage(app.server, 'team/architecture.svg', ARCHITECTURE)
  })

  it('shows the page as it reads: headings, tasks, a table, code and images, the marks hidden', async () => {
    const context = await watchedContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'team/onboarding.md')

    // Drawn in the frame after the text: the heading's mark is hidden.
    await expect.poll(() => shownLine(page, /^# Onboarding$/)).toBe('Onboarding')
    expect(await shownLine(page, 'Welcome to')).toContain('Welcome to Acme. This page is the place to start')
    expect(await editor.getByRole('checkbox', { name: 'Get a laptop' }).isChecked()).toBe(true)
    expect(await editor.getByRole('checkbox', { name: 'Meet the team' }).isChecked()).toBe(false)
    await scrollEditor(page, 10)
    expect(await editor.getByRole('cell', { name: 'Product tour' }).isVisible()).toBe(true)
    expect(await editor.getByRole('img', { name: 'How the parts fit' }).getAttribute('src')).toBe(
      `/api/v1${S}/raw/team/architecture.svg`,
    )
    expect(await shownLine(page, 'const team')).toBe('const team = await acme.team()')
    // Nothing on the screen is the side preview: the page is its own preview.
    expect(await page.getByRole('region', { name: 'Preview' }).count()).toBe(0)
    // A taller window for the README's picture, so it shows the page down to its table and code.
    await page.setViewportSize({ width: 1280, height: 1180 })
    await scrollEditor(page, 0, 0)
    await screenshot(page, 'editor')

    // The line being edited shows its source as typed, marks and all.
    await editor.getByText('Welcome to').click()
    expect(await shownLine(page, 'Welcome to')).toContain('Welcome to **Acme**. This page is *the* place')
    expect(await cspViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('ticks a task with one character, and saves nothing else', async () => {
    const text = '# Errands\n\n- [ ] Buy milk\n- [x] Pay rent\n'
    await writePage(app.server, 'notes/errands.md', text)
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'notes/errands.md')
    const milk = editor.getByRole('checkbox', { name: 'Buy milk' })
    await milk.click()
    await expect.poll(() => milk.isChecked()).toBe(true)
    await saveAndLeave(page, 'notes/errands.md')
    expect((await rawBytes(app.server, 'notes/errands.md')).toString('utf8')).toBe(
      text.replace('[ ] Buy', '[x] Buy'),
    )
    await page.context().close()
  })

  it('switches to Source and back keeping the text, the cursor and the undo history, and remembers it', async () => {
    await writePage(app.server, 'notes/source.md', '# Notes\n\nFirst line\n')
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'notes/source.md')
    const source = page.getByRole('button', { name: 'Source', exact: true })
    expect(await source.getAttribute('aria-pressed')).toBe('false')
    await expect.poll(() => shownLine(page, /^# Notes$/)).toBe('Notes')

    await editor.getByText('First line', { exact: true }).click()
    await page.keyboard.press('End')
    await page.keyboard.type(' and more')
    // Typing that follows a pause is undone apart, as CodeMirror and Yjs group what is typed at once.
    await page.waitForTimeout(700)
    await source.click()
    expect(await source.getAttribute('aria-pressed')).toBe('true')
    expect(await shownLine(page, /^# Notes$/)).toBe('# Notes')
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect.poll(() => preview.textContent()).toContain('First line and more')
    // Back in the text from the button, the cursor is where it was.
    await page.keyboard.press('Tab')
    await page.keyboard.type('!')
    await expect.poll(() => shownLine(page, 'First line')).toBe('First line and more!')
    await page.keyboard.press('Control+z')
    await expect.poll(() => shownLine(page, 'First line')).toBe('First line and more')
    // What was typed before the switch is undone too: the history is the same.
    await page.keyboard.press('Control+z')
    await expect.poll(() => shownLine(page, 'First line')).toBe('First line')

    await page.reload()
    await editor.waitFor()
    expect(await page.getByRole('button', { name: 'Source', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(await shownLine(page, /^# Notes$/)).toBe('# Notes')
    // The editor that saves with Save (where no live session is joined) follows the same choice.
    await context.routeWebSocket(/\/api\/v1\/collab\//, (ws) => ws.close())
    await page.reload()
    await page.getByText('Live editing is not available here').waitFor()
    expect(await source.getAttribute('aria-pressed')).toBe('true')
    await source.click()
    await expect.poll(() => shownLine(page, /^# Notes$/)).toBe('Notes')
    await page.reload()
    await editor.waitFor()
    expect(await source.getAttribute('aria-pressed')).toBe('false')
    await context.close()
  })

  it('follows links: pages of the space in the app, outside addresses in a new tab that cannot reach back', async () => {
    const context = await app.newContext()
    await context.route('https://example.com/**', (route) => route.fulfill({ body: 'The handbook' }))
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'team/onboarding.md')
    await expect.poll(() => shownLine(page, /^# Onboarding$/)).toBe('Onboarding')
    await editor.getByText('setup guide').click({ modifiers: ['Control'] })
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/guides/setup.md`)

    await openEditor(page, 'team/onboarding.md')
    await expect.poll(() => shownLine(page, /^# Onboarding$/)).toBe('Onboarding')
    await editor.getByTitle('Open the link (Ctrl+click, or Ctrl+Enter in its text)').nth(1).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/holidays.md`)

    // From the keyboard: Ctrl+Enter with the cursor in a link's text.
    await openEditor(page, 'team/onboarding.md')
    await expect.poll(() => shownLine(page, /^# Onboarding$/)).toBe('Onboarding')
    await editor.getByText('setup guide').click()
    await page.keyboard.press('Control+Enter')
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/guides/setup.md`)

    await openEditor(page, 'team/onboarding.md')
    await expect.poll(() => shownLine(page, /^# Onboarding$/)).toBe('Onboarding')
    const [outside] = await Promise.all([
      context.waitForEvent('page'),
      editor.getByText('handbook', { exact: true }).click({ modifiers: ['Control'] }),
    ])
    await outside.waitForLoadState()
    expect(outside.url()).toBe('https://example.com/handbook')
    expect(await outside.evaluate(() => window.opener)).toBeNull()
    expect(page.url()).toContain('/edit/team/onboarding.md')
    await context.close()
  })

  it('folds front matter into properties that open to their source on a click (French)', async () => {
    const text = '---\ntitle: Plan\ntags: [alpha, beta]\n---\n# Plan\n\nDu texte.\n'
    await writePage(app.server, 'notes/plan.md', text)
    const page = await (await watchedContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'notes/plan.md', WORDS.fr.pageText)
    const properties = editor.getByRole('group', { name: WORDS.fr.properties })
    await properties.waitFor()
    expect(await properties.getByText('title').isVisible()).toBe(true)
    for (const value of ['Plan', 'alpha', 'beta'])
      expect(await properties.getByText(value, { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Source', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    )

    await properties.click()
    await expect.poll(() => properties.count()).toBe(0)
    expect(await shownLine(page, 'title: Plan', WORDS.fr.pageText)).toBe('title: Plan')
    await saveAndLeave(page, 'notes/plan.md', true)
    expect((await rawBytes(app.server, 'notes/plan.md')).toString('utf8')).toBe(text)
    expect(await cspViolations(page)).toEqual([])
    await page.context().close()
  })

  it('fits a phone 375 px wide, tables and code scrolling within the page (French)', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await page.setViewportSize({ width: 375, height: 760 })
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'team/onboarding.md', WORDS.fr.pageText)
    const source = page.getByRole('button', { name: 'Source', exact: true })
    for (const part of [editor, source]) {
      const box = await part.boundingBox()
      expect(box?.x).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375)
    }
    await scrollEditor(page, 10)
    expect(await editor.getByRole('cell', { name: 'Product tour' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await scrollEditor(page, 0, 0)
    await editor.getByText('Meet the team').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' et les voisins')
    await page.getByRole('button', { name: WORDS.fr.save, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/team/onboarding.md`)
    expect((await rawBytes(app.server, 'team/onboarding.md')).toString('utf8')).toBe(
      ONBOARDING.replace('Meet the team', 'Meet the team et les voisins'),
    )
    await page.context().close()
  })
})
