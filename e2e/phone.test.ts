import type { BrowserContext, Page } from 'playwright'
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
/** A phone's width, in CSS pixels. */
const PHONE = 375

/** A page wider than any phone: a table of many columns and a long line of code. */
const WIDE_PAGE = [
  '# Wide things',
  '',
  `| ${Array.from({ length: 9 }, (_, i) => `Column number ${i + 1}`).join(' | ')} |`,
  `|${' --- |'.repeat(9)}`,
  `| ${Array.from({ length: 9 }, (_, i) => `value-without-spaces-${i + 1}`).join(' | ')} |`,
  '',
  '```',
  `const line = "${'x'.repeat(240)}"`,
  '```',
  '',
].join('\n')

/**
 * The seeded team, a wide page, a personal token and a single sign-on provider with long addresses:
 * every admin table and list has rows.
 */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await writePage(server, 'wide.md', WIDE_PAGE)
  await callApi(server, 'POST', '/me/tokens', {
    name: 'Phone check token with a long name',
    days: 30,
    read_only: true,
  })
  await callApi(server, 'PUT', '/sso-providers/company-identity-provider', {
    kind: 'oidc',
    name: 'Company identity provider',
    client_id: 'quire-web-client-with-a-rather-long-identifier',
    client_secret: 'a-client-secret',
    issuer: 'https://identity.example.com/realms/a-rather-long-realm-name-for-the-phone',
    allowed_domains: ['example.com'],
  })
}

/** Every screen named by the issue, with something that shows it has drawn. */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'space', path: HOME, ready: (p) => p.getByRole('heading', { name: 'Welcome' }).waitFor() },
  { name: 'page', path: `${HOME}/page/wide.md`, ready: (p) => p.getByRole('table').waitFor() },
  {
    name: 'edit',
    path: `${HOME}/edit/wide.md`,
    ready: (p) => p.getByRole('textbox', { name: 'Page text' }).waitFor(),
  },
  { name: 'history', path: `${HOME}/history/wide.md`, ready: (p) => p.locator('pre.diff').waitFor() },
  { name: 'inbox', path: `${HOME}/inbox`, ready: (p) => p.getByRole('heading', { name: 'Inbox' }).waitFor() },
  {
    name: 'tidy',
    path: `${HOME}/tidy`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Tidy-up runs' }).waitFor(),
  },
  {
    name: 'routines',
    path: `${HOME}/routines`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Routines' }).waitFor(),
  },
  { name: 'health', path: `${HOME}/health`, ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  {
    name: 'trash',
    path: `${HOME}/trash`,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Trash' }).waitFor(),
  },
  {
    name: 'settings',
    path: `${HOME}/settings`,
    ready: (p) => p.getByRole('table').first().waitFor(),
  },
  {
    name: 'search',
    path: '/search?q=holidays',
    ready: (p) => p.getByRole('link', { name: 'Holidays' }).first().waitFor(),
  },
  { name: 'account', path: '/account', ready: (p) => p.getByRole('table').first().waitFor() },
  { name: 'admin', path: '/admin', ready: (p) => p.getByRole('table').first().waitFor() },
  { name: 'organization', path: `/org/${ORG}`, ready: (p) => p.getByRole('table').first().waitFor() },
]

/**
 * How far the document scrolls sideways, and the outermost elements that reach past the screen's
 * right edge without a box of their own that scrolls them.
 */
function overflowOf(page: Page) {
  return page.evaluate((width) => {
    const scrolls = (element: Element) =>
      ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX)
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (scrolls(up)) return true
      return false
    }
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} → ${Math.round(element.getBoundingClientRect().right)}`,
      )
    return { scrollWidth: document.documentElement.scrollWidth, wide }
  }, PHONE)
}

describe('on a phone', () => {
  let app: AppHarness
  const contexts: BrowserContext[] = []

  /** A new page in a phone's browser (its own cookies), in the given language. */
  async function phonePage(locale: 'en-US' | 'fr-FR' = 'en-US'): Promise<Page> {
    const context = await app.browser.newContext({
      baseURL: app.server.url,
      locale,
      viewport: { width: PHONE, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    contexts.push(context)
    return context.newPage()
  }

  beforeAll(async () => {
    app = await startApp(seed)
  }, 120_000)

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await app?.close()
  })

  it('cuts nothing off at 375 px on any screen', async () => {
    const page = await phonePage()
    await signIn(page, ADMIN)
    const cut: string[] = []
    for (const screen of SCREENS) {
      await page.goto(screen.path)
      await screen.ready(page)
      const { scrollWidth, wide } = await overflowOf(page)
      if (scrollWidth > PHONE) cut.push(`${screen.name}: ${scrollWidth}px (${wide.join(', ')})`)
    }
    expect(cut).toEqual([])
  })

  it('starts the text to edit on the first screen, the tabs on one line', async () => {
    const page = await phonePage()
    await signIn(page, ADMIN, `${HOME}/edit/wide.md`)
    const text = page.getByRole('textbox', { name: 'Page text' })
    await text.waitFor()
    // Higher than the 575 px it began at under two lines of tabs and a desktop-sized heading.
    expect((await text.boundingBox())?.y).toBeLessThan(540)
    // The app's header takes two rows (the search with the switcher's sign, then the links), not four.
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThan(100)
    await page.getByRole('button', { name: 'Go to a page' }).click()
    await page.getByRole('dialog', { name: 'Go to a page' }).waitFor()
    await page.keyboard.press('Escape')
    const tabs = page.getByRole('navigation', { name: 'Space sections' }).getByRole('link')
    const tops = new Set(await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top)))
    expect(tops.size).toBe(1)

    // The end hiding more sections fades, so the row reads as one that scrolls.
    const nav = page.getByRole('navigation', { name: 'Space sections' })
    expect(await nav.getAttribute('data-more')).toBe('right')
    // The last section, past the screen's edge, is brought into view when it is the open one.
    await page.goto(`${HOME}/settings`)
    const settings = tabs.filter({ hasText: 'Settings' })
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect.poll(async () => (await settings.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0)
    const box = await settings.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? PHONE)).toBeLessThanOrEqual(PHONE)
    await expect.poll(() => nav.getAttribute('data-more')).toMatch(/^(left|both)$/)
  })

  it('puts the cursor where the text is first tapped, and writes there', async () => {
    await writePage(app.server, 'tapped.md', '# Team\n\nSubmit receipts by Friday.\n\nAsk Dana first.\n')
    const page = await phonePage()
    await signIn(page, ADMIN, `${HOME}/edit/tapped.md`)
    const text = page.getByRole('textbox', { name: 'Page text' })
    await text.getByText('Ask Dana first.').waitFor()
    await text.getByText('Ask Dana first.').tap()
    await page.keyboard.type('[T]')
    // On the tapped line (where exactly in it is the finger's), not at the top of the page.
    await expect.poll(() => text.innerText()).toMatch(/Ask Dana.*\[T\]|\[T\].*Ask Dana/)
    expect(await text.innerText()).not.toMatch(/\[T\]\s*#?\s*Team/)
  })

  it('scrolls a wide table and a long code line within the page, never the page itself', async () => {
    const page = await phonePage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/wide.md`)
    const table = page.getByRole('table')
    await table.waitFor()
    await screenshot(page, 'phone')
    const scrolls = (selector: string) =>
      page.evaluate((css) => {
        const element = document.querySelector(`.markdown ${css}`) as HTMLElement
        return {
          scrolls: element.scrollWidth > element.clientWidth,
          fits: element.getBoundingClientRect().right <= 375,
        }
      }, selector)
    expect(await scrolls('table')).toEqual({ scrolls: true, fits: true })
    expect(await scrolls('pre')).toEqual({ scrolls: true, fits: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE)
  })

  it('folds the page tree into a drawer that opens, closes and leads to a page', async () => {
    const page = await phonePage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    const button = page.getByRole('button', { name: 'Pages', exact: true })
    const tree = page.getByRole('navigation', { name: 'Page tree' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await tree.isVisible()).toBe(false)

    // Escape closes it, back on its button.
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => tree.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => tree.isVisible()).toBe(false)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

    // Its own Close button closes it, back on the Pages button.
    await button.click()
    await expect.poll(() => tree.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => tree.isVisible()).toBe(false)
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

    // A tap beside it closes it, and reaches nothing under the shade.
    await button.click()
    await expect.poll(() => tree.isVisible()).toBe(true)
    await page.mouse.click(PHONE - 10, 400)
    await expect.poll(() => tree.isVisible()).toBe(false)
    expect(new URL(page.url()).pathname).toBe(`${HOME}/page/holidays.md`)

    // Choosing a page opens it and closes the drawer.
    await button.click()
    await tree.getByRole('link', { name: 'Setup guide' }).click()
    await page.waitForURL(`${HOME}/page/guides/setup.md`)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await expect.poll(() => tree.isVisible()).toBe(false)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
  })

  it('says Pages in French too, and the trash fits', async () => {
    const page = await phonePage('fr-FR')
    await signIn(page, PEOPLE.contributor, `${HOME}/trash`)
    await page.getByRole('heading', { level: 1, name: 'Corbeille' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE)
    await page.getByRole('button', { name: 'Pages', exact: true }).click()
    await page
      .getByRole('navigation', { name: 'Arborescence des pages' })
      .getByRole('link', { name: 'Holidays' })
      .click()
    await page.waitForURL(`${HOME}/page/holidays.md`)
  })
})
