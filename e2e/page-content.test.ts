import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  rawText,
  SPACE,
  seedTeam,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`

/** A 1×1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** The seeded team, with pages that once broke the app and an uploaded image. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await writePage(server, 'plan.md', '# Plan\n\nRead [the plan](wiki:%E0) before [[Holidays]].\n')
  // Nested this deep, quotes overflow the renderer's stack: the page cannot be drawn.
  await writePage(server, 'deep.md', `# Deep\n\n${'>'.repeat(10_000)} too deep\n`)
  await writePage(server, 'release.md', '# Release\n\nFollow [the deploy steps](deplyo.md).\n')
  await writePage(
    server,
    'team/links.md',
    '# Links\n\nRead [the setup guide](../guides/setup.md), then [the runbook](runbook.md#start).\n',
  )
  // Links by title: to a page the app named from its title, and to one nobody wrote yet.
  await writePage(server, 'team/getting-started.md', '# Getting Started\n\nWelcome.\n')
  await writePage(
    server,
    'team/onboarding.md',
    '# Onboarding\n\nRead [[Getting Started]], then [[Deploy Guide]].\n',
  )
  await callApi(server, 'PUT', `${S}/files/img/pixel.png`, {
    content_base64: PIXEL,
    message: 'Add a picture',
  })
}

/** Whether the header's search box has the keyboard focus. */
const searchHasFocus = (page: Page) =>
  page.getByRole('searchbox', { name: 'Search' }).evaluate((box) => box === document.activeElement)

describe('page content', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('types every `/` into the editor, and `/` elsewhere still goes to the search box', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    await page.goto(`/s/${ORG}/${SPACE}/edit/holidays.md`)
    const editor = page.getByRole('textbox', { name: 'Page text' })
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+End')
    const typed = 'See https://example.com/a/b, /etc/hosts, ../x.md and 1/2 of the days.\n'
    await page.keyboard.type(typed)
    expect(await searchHasFocus(page)).toBe(false)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/holidays.md`)
    expect(await rawText(app.server, 'holidays.md')).toBe(`# Holidays\n\nTwenty-five days a year.\n${typed}`)

    // The page's view replaces the editor once the route's data is in: wait for it, then click its title.
    await expect.poll(() => editor.count()).toBe(0)
    await page.getByRole('heading', { level: 1, name: 'Holidays', exact: true }).click()
    await page.keyboard.press('/')
    await expect.poll(() => searchHasFocus(page)).toBe(true)
  })

  it('shows a link that cannot be decoded as broken, and the page around it', async () => {
    const page = await (await app.newContext()).newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page, PEOPLE.reader, `/s/${ORG}/${SPACE}/page/plan.md`)
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor()
    const broken = page.getByRole('link', { name: 'the plan' })
    expect(await broken.getAttribute('class')).toBe('broken')
    await page.getByText('Read the plan before').getByRole('link', { name: 'Holidays' }).click()
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    expect(errors).toEqual([])
  })

  it('names the window after the screen: the page and its space, the editor, the inbox, the home', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/plan.md`)
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor()
    await expect.poll(() => page.title()).toBe('Plan · Handbook · Quire')
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await expect.poll(() => page.title()).toBe('Edit plan.md · Handbook · Quire')
    await page.goto(`/s/${ORG}/${SPACE}/inbox`)
    await expect.poll(() => page.title()).toBe('Inbox · Handbook · Quire')
    await page.goto('/')
    await expect.poll(() => page.title()).toBe('Home · Quire')
  })

  it('keeps a page that cannot be shown to itself: the tree and the header still work', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `/s/${ORG}/${SPACE}/page/deep.md`)
    await page.getByRole('alert').filter({ hasText: 'This page could not be shown.' }).waitFor()
    expect(await page.getByText('Something went wrong.').count()).toBe(0)
    const tree = page.getByRole('navigation', { name: 'Page tree' })
    await tree.getByRole('link', { name: 'Holidays' }).click()
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    expect(await page.getByText('This page could not be shown.').count()).toBe(0)
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(true)
  })

  it('offers to create the page a broken link leads to, to people who can write only', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/release.md`)
    await page.getByRole('link', { name: 'the deploy steps' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/deplyo.md`)
    await page.getByText('This page does not exist yet.').waitFor()
    await page.getByRole('link', { name: 'Create this page' }).click()
    const path = page.getByLabel('Path', { exact: true })
    await path.waitFor()
    expect(await path.inputValue()).toBe('deplyo.md')
    // The title starts from the file name, and the person writes their own.
    const title = page.getByLabel('Title', { exact: true })
    expect(await title.inputValue()).toBe('Deplyo')
    await title.fill('Deploy steps')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/deplyo.md`)
    expect(await rawText(app.server, 'deplyo.md')).toMatch(/^# Deploy steps\n/)

    const french = await (await app.newContext('fr-FR')).newPage()
    await signIn(french, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/team/missing.md`)
    await french.getByRole('link', { name: 'Créer cette page' }).waitFor()

    const reader = await (await app.newContext()).newPage()
    await signIn(reader, PEOPLE.reader, `/s/${ORG}/${SPACE}/page/team/missing.md`)
    await reader.getByText('This page does not exist, or you cannot see it.').waitFor()
    expect(await reader.getByRole('link', { name: 'Create this page' }).count()).toBe(0)
  })

  it('marks a Markdown link to a page nobody wrote as broken, and offers to create it', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/team/links.md`)
    await page.getByRole('heading', { level: 1, name: 'Links' }).waitFor()
    const main = page.getByRole('main')
    const missing = main.getByRole('link', { name: 'the runbook' })
    // Once the space's paths are read: the page is shown before.
    await expect.poll(() => missing.getAttribute('class')).toBe('broken')
    expect(await main.getByRole('link', { name: 'the setup guide' }).getAttribute('class')).toBeNull()
    await missing.click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/team/runbook.md`)
    await page.getByText('This page does not exist yet.').waitFor()
    await page.getByRole('link', { name: 'Create this page' }).click()
    const path = page.getByLabel('Path', { exact: true })
    await path.waitFor()
    expect(await path.inputValue()).toBe('team/runbook.md')
  })

  it('follows a wiki link written with a page’s title, and offers to create the page of one nobody wrote', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/team/onboarding.md`)
    await page.getByRole('heading', { level: 1, name: 'Onboarding' }).waitFor()
    const links = page.getByText('Read Getting Started, then')
    const missing = links.getByRole('link', { name: 'Deploy Guide' })
    // Once the space's paths are read, which resolve wiki links.
    await expect.poll(() => missing.getAttribute('class')).toBe('broken')
    expect(await links.getByRole('link', { name: 'Getting Started' }).getAttribute('class')).toBeNull()
    await missing.click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/team/deploy-guide.md`)
    await page.getByRole('link', { name: 'Create this page' }).click()
    const title = page.getByLabel('Title', { exact: true })
    await title.waitFor()
    expect(await title.inputValue()).toBe('Deploy Guide')
    expect(await page.getByLabel('Path', { exact: true }).inputValue()).toBe('team/deploy-guide.md')

    await page.goBack()
    await page.goBack()
    await links.getByRole('link', { name: 'Getting Started' }).click()
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor()
  })

  it('follows a wiki link clicked before the space’s files are read to the page it names', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader)
    // The whole tree, which resolves wiki links, takes three seconds to come (a large space).
    await page.route(
      (url) => url.pathname.endsWith('/tree') && !url.searchParams.has('depth'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000))
        await route.continue()
      },
    )
    await page.goto(`/s/${ORG}/${SPACE}/page/team/onboarding.md`)
    await page.getByRole('heading', { level: 1, name: 'Onboarding' }).waitFor()
    await page.getByText('Read Getting Started, then').getByRole('link', { name: 'Getting Started' }).click()
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/s/${ORG}/${SPACE}/page/team/getting-started.md`)
  })

  it('lists an uploaded image in the tree as a file, which opens as a file', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, `/s/${ORG}/${SPACE}`)
    const tree = page.getByRole('navigation', { name: 'Page tree' })
    const image = tree.getByRole('link', { name: 'pixel.png Image' })
    // Not among the pages: in its folder's closed group of attachments.
    await tree.getByRole('button', { name: 'Attachments (1)' }).click()
    await image.waitFor()
    // Pages carry no kind: only other files do.
    expect(await tree.getByRole('link', { name: 'Holidays', exact: true }).count()).toBe(1)
    await image.click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/img/pixel.png`)
    await page.getByRole('link', { name: 'Download' }).waitFor()
    expect(await page.getByRole('img', { name: 'pixel.png' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Related pages' }).count()).toBe(0)
    // A picture with no words in it is shown as it is, without an empty "Extracted text".
    expect(await page.getByRole('heading', { name: 'Extracted text' }).count()).toBe(0)
  })
})
