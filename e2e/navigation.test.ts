import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  SPACE,
  screenshot,
  seedTeam,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

const HOME = `/s/${ORG}/${SPACE}`
/** A second space, which only the reader and the org admin read. */
const FINANCE = 'finance'
/** A page long enough for a table of contents, two folders down. */
const LONG = 'guides/onboarding/first-week.md'
const SECTIONS = [
  'Before you arrive',
  'Your first day',
  'Meeting the team',
  'Tools and accounts',
  'After a week',
]

/** Words of the screens, in each language the tests walk. */
const WORDS = {
  en: {
    switcher: 'Go to a page',
    input: 'Page title or path',
    shortcuts: 'Keyboard shortcuts',
    breadcrumb: 'Breadcrumb',
    toc: 'On this page',
    linkedFrom: 'Linked from',
    noBacklinks: 'No page links here yet.',
    favourite: 'Favourite',
    favourites: 'Favourites',
    noFavourites: 'No favourite yet.',
    recent: 'Recently viewed',
  },
  fr: {
    switcher: 'Aller à une page',
    input: 'Titre ou chemin de la page',
    shortcuts: 'Raccourcis clavier',
    breadcrumb: 'Fil d’Ariane',
    toc: 'Sur cette page',
    linkedFrom: 'Pages qui citent celle-ci',
    favourite: 'Favori',
    favourites: 'Favoris',
    noBacklinks: 'Aucune page ne mène ici pour l’instant.',
    noFavourites: 'Aucun favori pour l’instant.',
    recent: 'Consultées récemment',
  },
}

const paragraph = 'A paragraph long enough to take some room on the screen. '.repeat(12)

/** The seeded team, a long page in a nested folder, and a second space with a payroll page. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  const body = SECTIONS.map((title) => `## ${title}\n\n${paragraph}\n\n${paragraph}\n`).join('\n')
  await writePage(server, LONG, `# First week\n\n${body}`)
  await writePage(
    server,
    'guides/checklist.md',
    '# Arrival checklist\n\nRead [the first week](onboarding/first-week.md) before you come.\n',
  )
  await writePage(server, 'guides/glossary.md', '# Glossary\n\nWords we use.\n')
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, { slug: FINANCE, name: 'Finance' })
  const members = `/organizations/${ORG}/spaces/${FINANCE}/members`
  await callApi(server, 'PUT', `${members}/${PEOPLE.reader.username}`, { role: 'reader' })
  await writePage(server, 'payroll/runs.md', '# Payroll runs\n\nOn the 25th.\n', FINANCE)
  await writePage(server, 'budget.md', '# Budget\n\nThe year’s figures.\n', FINANCE)
}

const switcher = (page: Page, words = WORDS.en) => page.getByRole('dialog', { name: words.switcher })

/** The element holding the focus, looking into shadow roots (the editor's), by its accessible label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    return element?.getAttribute('aria-label') ?? element?.textContent ?? ''
  })

/** Opens a page of the seeded space and waits for its title. */
async function openPage(page: Page, path: string, title: string) {
  await page.goto(`${HOME}/page/${path}`)
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
}

/**
 * Follows the table of contents' link to a section out of view: its heading comes into view, and the
 * contents mark it as the one being read.
 */
async function goThroughContents(page: Page, toc: Locator, section: string) {
  const heading = page.getByRole('heading', { level: 2, name: section })
  const inView = () =>
    heading.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })
  expect(await inView()).toBe(false)
  await toc.getByRole('link', { name: section }).click()
  await expect.poll(inView).toBe(true)
  await expect
    .poll(() => toc.getByRole('link', { name: section }).getAttribute('aria-current'))
    .toBe('location')
}

describe('finding one’s way', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('lists the page just opened in the switcher, though its list was read before the visit was recorded', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    // The server answers the switcher's first read of the list before it records the visit of the
    // page opened, and the browser hears of the record first: the order of a busy moment.
    const listRead = Promise.withResolvers<void>()
    const recorded = Promise.withResolvers<void>()
    await page.route('**/api/v1/me/recent', async (route) => {
      if (route.request().method() === 'POST') {
        await listRead.promise
        await route.fulfill({ response: await route.fetch() })
        recorded.resolve()
      } else {
        const response = await route.fetch()
        listRead.resolve()
        await recorded.promise
        // The browser reads the record's answer before this one.
        await new Promise((resolve) => setTimeout(resolve, 200))
        await route.fulfill({ response })
      }
    })
    await page.getByRole('link', { name: 'Setup guide' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await page.keyboard.press('Control+k')
    const options = switcher(page).getByRole('option')
    await expect
      .poll(() => options.allTextContents())
      .toEqual([expect.stringContaining('Setup guide'), expect.stringContaining('Holidays')])
    await page.context().close()
  })

  it('asks for the space and its tree beside the account when a page address opens, not a round trip later', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    // The account's answer is held back: what the app asks for meanwhile goes out beside it.
    const release = Promise.withResolvers<void>()
    await page.route('**/api/v1/me', async (route) => {
      await release.promise
      await route.continue()
    })
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/v1/')) asked.push(`${url.pathname}${url.search}`)
    })
    const opened = page.goto(`${HOME}/page/guides/setup.md`)
    const space = `/api/v1/organizations/${ORG}/spaces/${SPACE}`
    await expect
      .poll(() => [...asked])
      .toEqual(
        expect.arrayContaining([
          '/api/v1/me',
          `${space}/files/guides/setup.md`,
          space,
          `${space}/tree?depth=1`,
          '/api/v1/organizations',
        ]),
      )
    release.resolve()
    await opened
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await page.context().close()
  })

  it('opens the switcher with Ctrl+K: recent pages first, a page of another space by two letters, Enter opens it', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    await openPage(page, 'guides/setup.md', 'Setup guide')
    const history = page.getByRole('link', { name: 'History' })
    await history.focus()

    await page.keyboard.press('Control+k')
    const dialog = switcher(page)
    await dialog.waitFor()
    const input = dialog.getByRole('combobox', { name: WORDS.en.input })
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true)
    // Nothing typed: the pages viewed lately, newest first.
    const options = dialog.getByRole('option')
    await expect
      .poll(() => options.allTextContents())
      .toEqual([expect.stringContaining('Setup guide'), expect.stringContaining('Holidays')])
    expect(await options.first().textContent()).toContain('Handbook · guides/setup.md')
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'))
    await page.keyboard.press('ArrowDown')
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'))
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true')

    // Escape closes it and gives the focus back.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await focusedName(page)).toBe('History')

    // Two letters find the payroll page of the Finance space.
    await page.keyboard.press('Control+k')
    await input.fill('pa')
    const payroll = dialog.getByRole('option', { name: /Payroll runs/ })
    await payroll.waitFor()
    expect(await payroll.textContent()).toContain('Finance · payroll/runs.md')
    await expect.poll(() => options.first().textContent()).toContain('Payroll runs')
    await screenshot(page, 'quick-switcher')
    await page.keyboard.press('Enter')
    await page.waitForURL(`/s/${ORG}/${FINANCE}/page/payroll/runs.md`)
    await page.getByRole('heading', { level: 1, name: 'Payroll runs' }).waitFor()
    expect(await dialog.count()).toBe(0)

    // Viewed pages the typing matches come first, before the server's answer.
    await page.keyboard.press('Control+k')
    await input.fill('u')
    await expect.poll(() => options.first().textContent()).toContain('Payroll runs')
    await expect.poll(async () => (await options.allTextContents()).length).toBeGreaterThan(2)
    await page.keyboard.press('Escape')

    // Ctrl+K in the moment between the browser closing it and telling the page (a busy tab) opens
    // it again, empty; the late close does not close it.
    await page.keyboard.press('Control+k')
    await dialog.waitFor()
    await page.evaluate(
      () =>
        new Promise((closed) => {
          const shown = document.querySelector<HTMLDialogElement>('dialog[open]')
          shown?.addEventListener('close', () => setTimeout(closed))
          shown?.close()
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }))
        }),
    )
    await input.waitFor()
    expect(await input.inputValue()).toBe('')
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    // Enter pressed before the server answered opens its first page once it does.
    await page.keyboard.press('Control+k')
    await input.fill('glossary')
    await input.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Glossary' }).waitFor()

    // Home lists the pages viewed, newest first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    const recent = page.getByRole('region', { name: WORDS.en.recent })
    await expect
      .poll(() => recent.getByRole('link').allTextContents())
      .toEqual(['Glossary', 'Payroll runs', 'Setup guide', 'Holidays'])
    expect(await recent.getByRole('listitem').nth(1).textContent()).toContain('Finance')
  })

  it('opens the switcher with Ctrl+K from inside the editor, and gives the editor the focus back', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    await page.goto(`${HOME}/edit/holidays.md`)
    const editor = page.getByRole('textbox', { name: 'Page text' })
    await editor.click()
    await page.keyboard.press('Control+k')
    await switcher(page).waitFor()
    await switcher(page).getByRole('combobox').fill('setup')
    await switcher(page)
      .getByRole('option', { name: /Setup guide/ })
      .waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => switcher(page).count()).toBe(0)
    expect(await focusedName(page)).toBe('Page text')
    // The editor kept its text: Ctrl+K was the switcher's, not the editor's.
    expect(await editor.textContent()).toContain('Twenty-five days a year.')
  })

  it('lists the keyboard shortcuts on ?, but lets ? be typed in a field', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader)
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('why')
    await search.press('?')
    expect(await search.inputValue()).toBe('why?')
    expect(await page.getByRole('dialog', { name: WORDS.en.shortcuts }).count()).toBe(0)

    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: WORDS.en.shortcuts })
    await dialog.waitFor()
    for (const action of ['Go to a page', 'Search', 'Save the page', 'Undo'])
      await dialog.getByRole('row', { name: new RegExp(action) }).waitFor()
    expect(await dialog.getByRole('row', { name: /Go to a page/ }).textContent()).toContain('K')
    // A shortcut and its counterpart: indent and outdent, up and down.
    expect(
      await dialog
        .getByRole('row', { name: /Indent or outdent/ })
        .locator('kbd')
        .allTextContents(),
    ).toEqual([expect.any(String), ']', expect.any(String), '['])
    expect(
      await dialog
        .getByRole('row', { name: /Move the line/ })
        .locator('kbd')
        .allTextContents(),
    ).toEqual(['Alt', '↑', 'Alt', '↓'])
    expect(
      await dialog
        .getByRole('row', { name: /Next or previous table cell/ })
        .locator('kbd')
        .allTextContents(),
    ).toEqual(['Tab', 'Shift', 'Tab'])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
  })

  it('leads through breadcrumbs to the folder and the space, with a table of contents and backlinks', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `${HOME}/page/${LONG}`)
    await page.getByRole('heading', { level: 1, name: 'First week' }).waitFor()
    const crumbs = page.getByRole('navigation', { name: WORDS.en.breadcrumb })
    // The organization is named once the list of organizations is read, beside the page.
    await expect
      .poll(() => crumbs.getByRole('link').allTextContents())
      .toEqual(['Acme', 'Handbook', 'guides', 'onboarding'])
    // The organization's admin is led to its settings.
    expect(await crumbs.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(`/org/${ORG}`)
    const current = crumbs.locator('[aria-current="page"]')
    expect(await current.textContent()).toBe('First week')
    expect(await page.getByText(`File: ${LONG}`).isVisible()).toBe(true)

    // The table of contents lists the sections; a link brings its heading into view.
    const toc = page.getByRole('navigation', { name: WORDS.en.toc })
    expect(await toc.getByRole('link').allTextContents()).toEqual(SECTIONS)
    expect(await page.getByRole('heading', { level: 2, name: 'After a week' }).isVisible()).toBe(true)
    await goThroughContents(page, toc, 'After a week')
    // The checklist links to this page.
    const linkedFrom = page.getByRole('complementary', { name: WORDS.en.linkedFrom })
    await linkedFrom.getByRole('link', { name: 'Arrival checklist' }).waitFor()
    await page.getByRole('complementary', { name: 'Related pages' }).getByRole('link').first().waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.mouse.move(0, 0)
    await screenshot(page, 'space-page')

    // The folder's crumb lists its sub-folders and pages, under its own breadcrumbs.
    await crumbs.getByRole('link', { name: 'guides' }).click()
    await page.waitForURL(/\/s\/acme\/handbook\?folder=guides$/)
    await page.getByRole('heading', { level: 1, name: 'guides' }).waitFor()
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('guides')
    await page.getByRole('region', { name: 'Folders' }).getByRole('link', { name: 'onboarding' }).waitFor()
    const pages = page.getByRole('region', { name: 'Pages' })
    expect(await pages.getByRole('link').allTextContents()).toEqual([
      'Arrival checklist',
      'Glossary',
      'Setup guide',
    ])
    // A new page written from here starts in this folder.
    expect(await page.getByRole('link', { name: 'New page' }).getAttribute('href')).toBe(
      '/s/acme/handbook/new?folder=guides',
    )
    await pages.getByRole('link', { name: 'Setup guide' }).click()
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    // A short page has no table of contents; the home page links here.
    expect(await page.getByRole('navigation', { name: WORDS.en.toc }).count()).toBe(0)
    await linkedFrom.getByRole('link', { name: 'Welcome' }).waitFor()
    // A page nobody links to says so.
    await openPage(page, 'guides/glossary.md', 'Glossary')
    await linkedFrom.getByText(WORDS.en.noBacklinks).waitFor()

    // The space's crumb leads to its home.
    await crumbs.getByRole('link', { name: 'Handbook' }).click()
    await page.waitForURL(new RegExp(`${HOME}$`))
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  })

  it('shows a long page’s start at once and the rest after: its contents, its last section, a link to it', async () => {
    // 120 sections of about twenty lines: 2,400 lines, each section with a "Checks" of its own.
    const titles = Array.from({ length: 120 }, (_, n) => `Step ${n + 1}`)
    const body = titles.map((title) => `## ${title}\n\n${`${paragraph}\n\n`.repeat(8)}### Checks\n\nDone.\n`)
    await writePage(app.server, 'guides/handbook.md', `# Handbook\n\n${body.join('\n')}`)
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `${HOME}/page/guides/handbook.md`)
    await page.getByRole('heading', { level: 1, name: 'Handbook' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Step 120' }).waitFor({ state: 'attached' })
    const toc = page.getByRole('navigation', { name: WORDS.en.toc })
    await expect.poll(() => toc.getByRole('link', { name: /^Step/ }).count()).toBe(120)
    // Scrolled into a section in the middle (parts far from the window are not laid out), the
    // contents mark it, also once its heading went up out of the window.
    const middle = page.getByRole('heading', { level: 2, name: 'Step 57' })
    const reading = () => toc.locator('[aria-current="location"]').textContent()
    for (const below of [-50, 400]) {
      await middle.evaluate(
        (h, by) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY + by),
        below,
      )
      await expect.poll(reading).toBe('Step 57')
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    // Repeated headings are numbered over the whole page, as GitHub does.
    expect(await page.getByRole('heading', { name: 'Checks' }).last().getAttribute('id')).toBe(
      'user-content-checks-119',
    )
    await goThroughContents(page, toc, 'Step 120')
    // A link to a section far down opens the page there.
    await page.goto(`${HOME}/page/guides/handbook.md#user-content-step-119`)
    const before = page.getByRole('heading', { level: 2, name: 'Step 119' })
    await before.waitFor()
    await expect
      .poll(() => before.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(200)
  })

  it('keeps a favourite on the home screen until it is removed', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin)
    const favourites = page.getByRole('region', { name: WORDS.en.favourites })
    await favourites.getByText(WORDS.en.noFavourites).waitFor()

    await openPage(page, 'holidays.md', 'Holidays')
    const toggle = page.getByRole('button', { name: WORDS.en.favourite, exact: true })
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    await favourites.getByRole('link', { name: 'Holidays' }).waitFor()
    expect(await favourites.getByRole('listitem').first().textContent()).toContain('Handbook')
    // Kept by the server, not only on this screen.
    await page.reload()
    await favourites.getByRole('link', { name: 'Holidays' }).waitFor()

    await favourites.getByRole('link', { name: 'Holidays' }).click()
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    await favourites.getByText(WORDS.en.noFavourites).waitFor()
    await page.reload()
    await favourites.getByText(WORDS.en.noFavourites).waitFor()
  })

  it('speaks French: switcher, shortcuts, breadcrumbs, contents, backlinks, favourites and recent pages', async () => {
    const words = WORDS.fr
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/page/${LONG}`)
    await page.getByRole('heading', { level: 1, name: 'First week' }).waitFor()
    await page
      .getByRole('navigation', { name: words.breadcrumb })
      .getByRole('link', { name: 'Acme' })
      .waitFor()
    // A contributor is not the organization's admin: its crumb leads home.
    expect(
      await page
        .getByRole('navigation', { name: words.breadcrumb })
        .getByRole('link', { name: 'Acme' })
        .getAttribute('href'),
    ).toBe('/')
    await page.getByRole('navigation', { name: words.toc }).getByRole('link', { name: SECTIONS[1] }).waitFor()
    await page
      .getByRole('complementary', { name: words.linkedFrom })
      .getByRole('link', { name: 'Arrival checklist' })
      .waitFor()
    await page.getByRole('button', { name: words.favourite, exact: true }).click()
    await openPage(page, 'guides/glossary.md', 'Glossary')
    await page.getByRole('complementary', { name: words.linkedFrom }).getByText(words.noBacklinks).waitFor()

    await page.keyboard.press('Control+k')
    const dialog = switcher(page, words)
    await dialog.getByRole('combobox', { name: words.input }).fill('holi')
    await dialog.getByRole('option', { name: /Holidays/ }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('?')
    const shortcuts = page.getByRole('dialog', { name: words.shortcuts })
    await shortcuts.getByRole('row', { name: /Aller à une page/ }).waitFor()
    await shortcuts.getByRole('row', { name: /Enregistrer la page/ }).waitFor()
    // Keys named as French keyboards label them.
    expect(
      await shortcuts.getByRole('row', { name: /Fermer une boîte de dialogue/ }).textContent(),
    ).toContain('Échap')
    expect(await shortcuts.locator('kbd', { hasText: /^(Esc|Shift)$/ }).count()).toBe(0)
    expect(await shortcuts.locator('kbd', { hasText: /^Maj$/ }).count()).toBeGreaterThan(0)
    await page.keyboard.press('Escape')

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Accueil' }).click()
    await page.getByRole('region', { name: words.recent }).getByRole('link', { name: 'First week' }).waitFor()
    await page
      .getByRole('region', { name: words.favourites })
      .getByRole('link', { name: 'First week' })
      .waitFor()
  })

  it('fits a phone: at 375 px nothing is cut off, the side panels come under the page', async () => {
    const page = await (await app.newContext()).newPage()
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, PEOPLE.reader, `${HOME}/page/${LONG}`)
    await page.getByRole('heading', { level: 1, name: 'First week' }).waitFor()
    await page.getByRole('navigation', { name: WORDS.en.toc }).waitFor()
    await page.getByRole('complementary', { name: 'Related pages' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    for (const control of [
      page.getByRole('navigation', { name: WORDS.en.breadcrumb }).getByRole('link', { name: 'guides' }),
      page.getByRole('button', { name: WORDS.en.favourite, exact: true }),
      page.getByRole('button', { name: WORDS.en.switcher }),
    ])
      expect(await control.isVisible()).toBe(true)
    // The contents come after the page's text, not squeezed beside it.
    const text = await page.getByRole('heading', { level: 2, name: 'After a week' }).boundingBox()
    const toc = await page.getByRole('navigation', { name: WORDS.en.toc }).boundingBox()
    expect(toc!.y).toBeGreaterThan(text!.y)

    // The switcher, opened by its button, fits too.
    await page.getByRole('button', { name: WORDS.en.switcher }).click()
    await switcher(page).getByRole('combobox').fill('setup')
    await switcher(page)
      .getByRole('option', { name: /Setup guide/ })
      .waitFor()
    const box = await switcher(page).boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    await switcher(page)
      .getByRole('option', { name: /Setup guide/ })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it('wraps a name of one long word (an organization’s, a space’s) instead of widening the page', async () => {
    await callApi(app.server, 'POST', '/organizations', {
      slug: 'words',
      name: 'Wörterbuch'.repeat(20),
      join: true,
    })
    await callApi(app.server, 'POST', '/organizations/words/spaces', { slug: 'long', name: 'É'.repeat(200) })
    const page = await (await app.newContext()).newPage()
    await signIn(page, ADMIN)
    for (const path of ['/', '/org/words', '/s/words/long']) {
      await page.goto(path)
      await page.getByText('ÉÉÉÉÉÉÉÉÉÉ').first().waitFor()
      const width = await page.evaluate(() => window.innerWidth)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width)
    }
  })

  it('lists twenty of the pages linking to a page, and all of them when asked (French too)', async () => {
    await writePage(app.server, 'guides/team.md', '# Team\n\nWho we are.\n')
    for (let week = 1; week <= 22; week++)
      await writePage(
        app.server,
        `minutes/week-${String(week).padStart(2, '0')}.md`,
        `# Minutes of week ${week}\n\nSee [the team](../guides/team.md).\n`,
      )
    const backlinks = `/organizations/${ORG}/spaces/${SPACE}/backlinks/guides/team.md`
    await expect
      .poll(async () => (await callApi<unknown[]>(app.server, 'GET', backlinks)).length, { timeout: 30_000 })
      .toBe(22)

    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/guides/team.md`)
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor()
    const linkedFrom = page.getByRole('complementary', { name: WORDS.en.linkedFrom })
    const all = linkedFrom.getByRole('button', { name: 'Show all 22 pages' })
    await all.waitFor()
    expect(await linkedFrom.getByRole('link').count()).toBe(20)
    await all.click()
    await expect.poll(() => linkedFrom.getByRole('link').count()).toBe(22)
    expect(await all.count()).toBe(0)
    await linkedFrom.getByRole('link', { name: 'Minutes of week 9' }).click()
    await page.getByRole('heading', { level: 1, name: 'Minutes of week 9' }).waitFor()

    const french = await (await app.newContext('fr-FR')).newPage()
    await signIn(french, PEOPLE.reader, `${HOME}/page/guides/team.md`)
    const cited = french.getByRole('complementary', { name: WORDS.fr.linkedFrom })
    await cited.getByRole('button', { name: 'Afficher les 22 pages' }).waitFor()
    expect(await cited.getByRole('link').count()).toBe(20)
  })
})
