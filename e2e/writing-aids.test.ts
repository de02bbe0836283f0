import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneWork, isolatedGitEnv } from '../shared/testing/git-cli.ts'
import {
  ADMIN,
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  rawText,
  SPACE,
  screenshot,
  seedTeam,
  signIn,
  startApp,
} from './helpers/app.ts'
import { recordCspViolations } from './helpers/browser.ts'
import type { RunningServer } from './helpers/server.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`
const HOME = `/s/${ORG}/${SPACE}`

/** Words of the screens, in each language the tests walk. */
const WORDS = {
  en: {
    pageText: 'Page text',
    title: 'Title',
    path: 'Path',
    template: 'Template',
    create: 'Create',
    menu: 'Suggestions',
    table: 'Table',
    task: 'Task',
    pageLink: 'Link to a page',
    file: 'Image or file',
    typeTask: '/tas',
    uploaded: (name: string) => `${name} uploaded.`,
  },
  fr: {
    pageText: 'Texte de la page',
    title: 'Titre',
    path: 'Chemin',
    template: 'Modèle',
    create: 'Créer',
    menu: 'Suggestions',
    table: 'Tableau',
    task: 'Tâche',
    pageLink: 'Lien vers une page',
    file: 'Image ou fichier',
    typeTask: '/tâc',
    uploaded: (name: string) => `${name} envoyé.`,
  },
}

/** The meeting template the space keeps, with front matter and a heading its title replaces. */
const MEETING = '---\ntags: [meeting]\n---\n# Meeting notes\n\n## Attendees\n\n## Decisions\n'

/**
 * The seeded team, and a page template kept in the space (`.service/templates/`), pushed over Git
 * as an admin would: templates are the space's own files, which no page write reaches.
 */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  const home = await mkdtemp(join(tmpdir(), 'quire-writing-aids-'))
  try {
    const url = server.url.replace('//', `//${ADMIN.username}:${ADMIN.token}@`)
    const clone = await cloneWork(`${url}/git/${ORG}/${SPACE}.git`, join(home, 'clone'), isolatedGitEnv(home))
    await clone.write('.service/templates/meeting.md', MEETING)
    await clone.commitAll('Add the meeting template')
    await clone.push()
  } finally {
    await rm(home, { recursive: true, force: true })
  }
}

/** The editor's text, line by line as it shows it (the live preview hides the marks of other lines). */
function editorText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...(document.querySelector('.editor-text')?.shadowRoot?.querySelectorAll('.cm-line') ?? [])]
      .map((line) => line.textContent)
      .join('\n'),
  )
}

/** A PNG of one pixel, as Base64. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** Pastes into the editor as the browser does: a `paste` event carrying the clipboard's data. */
async function paste(editor: Locator, content: { text?: string; pngNamed?: string }): Promise<void> {
  await editor.evaluate(
    (element, { text, pngNamed, pixel }) => {
      const data = new DataTransfer()
      if (text !== undefined) data.setData('text/plain', text)
      if (pngNamed) {
        const bytes = Uint8Array.from(atob(pixel), (c) => c.charCodeAt(0))
        data.items.add(new File([bytes], pngNamed, { type: 'image/png' }))
      }
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    },
    { ...content, pixel: PIXEL },
  )
}

/** Opens the new page screen (in a folder), names the page, and puts the cursor at the end of its text. */
async function newPage(page: Page, words: typeof WORDS.en, title: string, folder?: string) {
  await page.goto(`${HOME}/new${folder ? `?folder=${folder}` : ''}`)
  await page.getByLabel(words.title, { exact: true }).fill(title)
  const editor = page.getByRole('textbox', { name: words.pageText })
  await expect.poll(() => editorText(page)).toContain(title)
  await editor.click()
  await page.keyboard.press('Control+End')
  return editor
}

/** Types a menu's opening, waits for the option, and chooses it with the keyboard. */
async function choose(page: Page, words: typeof WORDS.en, typed: string, option: string): Promise<void> {
  await page.keyboard.type(typed)
  const menu = page.getByRole('listbox', { name: words.menu })
  const wanted = menu.getByRole('option', { name: option })
  await wanted.waitFor()
  for (let i = 0; (await wanted.getAttribute('aria-selected')) !== 'true'; i++) {
    if (i > 20) throw new Error(`${option} could not be reached in the menu`)
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
  await wanted.waitFor({ state: 'detached' })
}

describe('writing aids', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('writes a table from the slash menu; Escape leaves /ta as typed, and a slash in a path stays a slash', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.en
    await newPage(page, words, 'Slash menu', 'notes')

    await page.keyboard.type('/ta')
    const menu = page.getByRole('listbox', { name: words.menu })
    await menu.getByRole('option', { name: words.table }).waitFor()
    expect(await menu.getByRole('option').allTextContents()).toEqual([
      `${words.task}- [ ]`,
      `${words.table}| |`,
    ])
    await screenshot(page, 'slash-menu')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Day')
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')

    await page.keyboard.type('/ta')
    await menu.waitFor()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    await page.keyboard.press('Enter')
    // Slowly enough for a menu to have opened after each key, had the slash asked for one.
    await page.keyboard.type('see a/b and https://example.com/x', { delay: 150 })
    expect(await menu.count()).toBe(0)
    await page.keyboard.press('Enter')
    await page.keyboard.type('done')

    await page.getByRole('button', { name: words.create, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/notes/slash-menu.md`)
    expect(await rawText(app.server, 'notes/slash-menu.md')).toBe(
      '# Slash menu\n\n| Day |  |\n| --- | --- |\n|  |  |\n\n/ta\nsee a/b and https://example.com/x\ndone',
    )
  })

  it('links a page chosen after [[, and the link still leads there once the page is moved', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.en
    await newPage(page, words, 'Reading list', 'notes')

    await page.keyboard.type('Start with ')
    await choose(page, words, '[[set', 'Setup guide')
    await page.keyboard.type(', then ')
    await choose(page, words, '/link', words.pageLink)
    await choose(page, words, 'holi', 'Holidays')
    // A Markdown link typed by hand is finished from the pages too, its target written from here.
    await page.keyboard.type(' and [the guide again](')
    await choose(page, words, '../gui', '../guides/setup.md')
    await page.keyboard.type('.')
    await page.getByRole('button', { name: words.create, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/notes/reading-list.md`)
    expect(await rawText(app.server, 'notes/reading-list.md')).toBe(
      '# Reading list\n\nStart with [Setup guide](../guides/setup.md), then [Holidays](../holidays.md) and [the guide again](../guides/setup.md).',
    )

    await callApi(app.server, 'POST', `${S}/move`, { from: 'guides/setup.md', to: 'how-to/setup.md' })
    expect(await rawText(app.server, 'notes/reading-list.md')).toContain('[Setup guide](../how-to/setup.md)')
    expect(await rawText(app.server, 'notes/reading-list.md')).toContain(
      '[the guide again](../how-to/setup.md)',
    )
    await page.reload()
    const text = page.getByRole('paragraph').filter({ hasText: 'Start with' })
    await text.getByRole('link', { name: 'Setup guide', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/how-to/setup.md`)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
  })

  it('makes a link of a URL pasted on selected words, keeps a URL pasted alone, and uploads a pasted or picked image', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.en
    const editor = await newPage(page, words, 'Pasted', 'photos')

    await page.keyboard.type('Read the handbook')
    for (let i = 0; i < 'handbook'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await paste(editor, { text: 'https://example.com/handbook' })
    await page.keyboard.type(' or ')
    await paste(editor, { text: 'https://example.com' })
    await page.keyboard.press('Enter')
    await paste(editor, { pngNamed: 'pixel.png' })
    await page.getByText(words.uploaded('pixel.png')).waitFor()
    await page.keyboard.press('Enter')
    const chooser = page.waitForEvent('filechooser')
    await choose(page, words, '/ima', words.file)
    await (await chooser).setFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PIXEL, 'base64'),
    })
    await page.getByText(words.uploaded('chart.png')).waitFor()

    await page.getByRole('button', { name: words.create, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/photos/pasted.md`)
    expect(await rawText(app.server, 'photos/pasted.md')).toBe(
      '# Pasted\n\nRead the [handbook](https://example.com/handbook) or https://example.com\n![pixel](pixel.png)\n![chart](chart.png)',
    )
    const image = await fetch(`${app.server.url}/api/v1${S}/raw/photos/pixel.png`, {
      headers: { Authorization: `Bearer ${ADMIN.token}` },
    })
    expect(image.headers.get('content-type')).toContain('image/png')
    await page.getByRole('img', { name: 'pixel' }).waitFor()
  })

  it('takes back the images uploaded for a new page when the page is cancelled', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.en
    const editor = await newPage(page, words, 'Never made', 'drafts')
    await paste(editor, { pngNamed: 'sketch.png' })
    await page.getByText(words.uploaded('sketch.png')).waitFor()
    const raw = () =>
      fetch(`${app.server.url}/api/v1${S}/raw/drafts/sketch.png`, {
        headers: { Authorization: `Bearer ${ADMIN.token}` },
      }).then((response) => response.status)
    expect(await raw()).toBe(200)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await page.waitForURL((url) => url.pathname === HOME)
    await expect.poll(raw).toBe(404)

    // One still being sent: the page waits for it to be saved, and cancelled, it goes too.
    await newPage(page, words, 'Never made either', 'drafts')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/files/drafts/late.png', async (route) => {
      await held
      await route.continue()
    })
    await paste(page.getByRole('textbox', { name: words.pageText }), { pngNamed: 'late.png' })
    await page.getByText('Uploading late.png…').waitFor()
    expect(await page.getByRole('button', { name: words.create, exact: true }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await page.waitForURL((url) => url.pathname === HOME)
    release()
    const late = () =>
      fetch(`${app.server.url}/api/v1${S}/raw/drafts/late.png`, {
        headers: { Authorization: `Bearer ${ADMIN.token}` },
      }).then((response) => response.status)
    // It landed after the screen moved on, then was deleted: two commits in its history.
    const history = () =>
      callApi<unknown[]>(app.server, 'GET', `${S}/history/drafts/late.png`).then((commits) => commits.length)
    await expect.poll(history, { timeout: 10_000 }).toBe(2)
    expect(await late()).toBe(404)
  })

  it('goes from cell to cell of a table with Tab, adding a row at its end, and nests list items', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.en
    await newPage(page, words, 'Tab keys', 'notes')
    await choose(page, words, '/ta', words.table)
    await page.keyboard.type('Day')
    for (const cell of ['Dish', 'Monday', 'Soup', 'Tuesday']) {
      await page.keyboard.press('Tab')
      await page.keyboard.type(cell)
    }
    await page.keyboard.press('Tab')
    await page.keyboard.type('Fish')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.type('Wednesday')
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Ada')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Bob')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.type('Cy')
    // Out of the list, Tab leaves the text for the next control, as keyboard users expect.
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('End.')
    const inEditor = () => page.evaluate(() => document.activeElement?.classList.contains('editor-text'))
    await page.keyboard.press('Tab')
    expect(await inEditor()).toBe(false)
    // In a list item too, Escape then Tab leaves it.
    await page.getByRole('textbox', { name: words.pageText }).getByText('Bob').click()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    expect(await inEditor()).toBe(false)

    await page.getByRole('button', { name: words.create, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/notes/tab-keys.md`)
    expect(await rawText(app.server, 'notes/tab-keys.md')).toBe(
      '# Tab keys\n\n| Day | Dish |\n| --- | --- |\n| Monday | Soup |\n| Wednesday | Fish |\n\n- Ada\n  - Bob\n- Cy\n\nEnd.',
    )
  })

  it('writes with the menus in a page edited live, and nothing breaks the app’s style policy', async () => {
    const context = await app.newContext()
    await recordCspViolations(context)
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/edit/holidays.md`)
    const words = WORDS.en
    const editor = page.getByRole('textbox', { name: words.pageText })
    await editor.click()
    await page.keyboard.press('Control+End')
    await choose(page, words, '/h2', 'Heading 2')
    await page.keyboard.type('Before asking')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Read ')
    await choose(page, words, '[[welc', 'Welcome')
    await page.keyboard.type(' and [[Leave policy]] (to write).')
    await page.keyboard.press('Enter')
    // Off its line, a link to a page nobody wrote is drawn red, as on the rendered page; the others not.
    const links = () =>
      page.evaluate(() =>
        [...(document.querySelector('.editor-text')?.shadowRoot?.querySelectorAll('.cm-lp-link') ?? [])].map(
          (link) => `${link.textContent}: ${link.classList.contains('cm-lp-missing') ? 'missing' : 'there'}`,
        ),
      )
    await expect.poll(links).toEqual(['Welcome: there', 'Leave policy: missing'])
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${HOME}/page/holidays.md`)
    expect(await rawText(app.server, 'holidays.md')).toBe(
      '# Holidays\n\nTwenty-five days a year.\n## Before asking\nRead [Welcome](index.md) and [[Leave policy]] (to write).\n',
    )
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([])
    await context.close()
  })

  it('starts a page from its title and a template, in the folder being looked at (English, then French at 375 px)', async () => {
    for (const [locale, words, title, name] of [
      ['en-US', WORDS.en, 'Board meeting: May 3', 'board-meeting-may-3.md'],
      ['fr-FR', WORDS.fr, 'Réunion du 3 mai', 'reunion-du-3-mai.md'],
    ] as const) {
      const context = await app.newContext(locale)
      const page = await context.newPage()
      if (locale === 'fr-FR') await page.setViewportSize({ width: 375, height: 740 })
      await signIn(page, PEOPLE.contributor, `${HOME}/new?folder=guides`)
      const path = page.getByLabel(words.path, { exact: true })
      await path.waitFor()
      expect(await path.inputValue()).toBe('guides/')
      // Nothing written yet: it is the title that is asked for.
      await page.getByRole('button', { name: words.create, exact: true }).click()
      const asked = locale === 'fr-FR' ? 'Donnez un titre à la page.' : 'Give the page a title.'
      await page.getByRole('alert').filter({ hasText: asked }).waitFor()
      await page.getByLabel(words.title, { exact: true }).fill(title)
      expect(await path.inputValue()).toBe(`guides/${name}`)
      await page.getByLabel(words.template, { exact: true }).selectOption({ label: 'Meeting notes' })
      await expect.poll(() => editorText(page)).toContain('Decisions')
      expect(await editorText(page)).toContain(title)
      if (locale === 'fr-FR') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, 'new-page-phone')
      }

      await page.getByRole('textbox', { name: words.pageText }).click()
      await page.keyboard.press('Control+End')
      await page.keyboard.type('- ')
      await choose(page, words, words.typeTask, words.task)
      await page.keyboard.type('Send the minutes')
      // Once written in, the page keeps what was written; its heading and its path follow the title.
      await page.getByLabel(words.title, { exact: true }).fill(`${title}, final`)
      expect(await path.inputValue()).not.toBe(`guides/${name}`)
      await expect.poll(() => editorText(page)).toContain(`${title}, final`)
      expect(await editorText(page)).toContain('Send the minutes')
      await page.getByLabel(words.title, { exact: true }).fill(title)
      expect(await path.inputValue()).toBe(`guides/${name}`)
      await page.getByRole('button', { name: words.create, exact: true }).click()
      await page.waitForURL((url) => url.pathname === `${HOME}/page/guides/${name}`)
      expect(await rawText(app.server, `guides/${name}`)).toBe(
        MEETING.replace('# Meeting notes', `# ${title}`).replace(/\n$/, '\n- [ ] Send the minutes'),
      )
      await context.close()
    }
  })

  it('brings back a page written and not created with its title, says so, and starts over when asked', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/new`)
    const title = page.getByLabel(WORDS.en.title, { exact: true })
    const path = page.getByLabel(WORDS.en.path, { exact: true })
    await title.fill('Con')
    // A Windows device name gives a name every clone holds.
    expect(await path.inputValue()).toBe('con-file.md')
    // A title alone is nobody's writing yet: nothing is kept of it (drafts are kept 250 ms after a change).
    await page.waitForTimeout(600)
    const kept = () => page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('/new:')))
    expect(await kept()).toBe(false)
    await title.fill('Quarterly plan')
    await page.getByRole('textbox', { name: WORDS.en.pageText }).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type('\nGrow the team.')
    // Kept as a draft for the tab's life; away without creating it, then back.
    await expect.poll(kept).toBe(true)
    await page.goto(HOME)
    await page.goto(`${HOME}/new`)
    const notice = page.getByText('The page you were writing and had not created yet was restored.')
    await notice.waitFor()
    expect(await title.inputValue()).toBe('Quarterly plan')
    expect(await path.inputValue()).toBe('quarterly-plan.md')
    expect(await editorText(page)).toContain('Grow the team.')
    // Its path and its heading still follow its title.
    await title.fill('Yearly plan')
    expect(await path.inputValue()).toBe('yearly-plan.md')
    await expect.poll(() => editorText(page)).toContain('Yearly plan')
    expect(await editorText(page)).not.toContain('Quarterly plan')
    await page.getByRole('button', { name: 'Start over' }).click()
    await expect.poll(() => notice.count()).toBe(0)
    expect(await title.inputValue()).toBe('')
    expect(await editorText(page)).not.toContain('Grow the team.')
  })
})
