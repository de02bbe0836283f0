import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import {
  type AppHarness,
  addRemoteSpace,
  callApi,
  LOOPBACK_REMOTES,
  ORG,
  PEOPLE,
  seedTeam,
  signIn,
  startApp,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

/** A space too large to be read whole at once: 4 areas of 5 topics of 15 pages, and pages at the top. */
const LARGE = 'library'
const LARGE_HOME = `/s/${ORG}/${LARGE}`
const AREAS = ['Archive', 'Design', 'Operations', 'Sales']
const TOPICS = 5
const PAGES = 15
const pagePath = (area: string, topic: number, i: number) =>
  `${area.toLowerCase()}/topic-${topic}/page-${topic}-${i}.md`
const pageTitle = (area: string, topic: number, i: number) => `${area} note ${topic}.${i}`

let remote: GitRemote

async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  const files: Record<string, string> = {
    'content/index.md': '# Library\n\nWhere everything is.\n',
    'content/readme.md': '# Read me first\n\nThe rules of the library.\n',
  }
  for (const area of AREAS)
    for (let topic = 0; topic < TOPICS; topic++)
      for (let i = 0; i < PAGES; i++)
        files[`content/${pagePath(area, topic, i)}`] = `# ${pageTitle(area, topic, i)}\n\nOne note.\n`
  await remote.createRepo('acme/library.git', { files })
  const library = { slug: LARGE, name: 'Library', url: remote.url('acme/library.git') }
  await addRemoteSpace(
    server,
    { ...library, token: `${remote.username}:${remote.password}` },
    async (path) => {
      await callApi(server, 'PUT', `${path}/semantic`, { enabled: false })
      await callApi(server, 'PUT', `${path}/members/${PEOPLE.reader.username}`, { role: 'reader' })
    },
  )
}

const tree = (page: Page) => page.getByRole('navigation', { name: 'Page tree' })

describe('the page tree of a large space', () => {
  let app: AppHarness

  beforeAll(async () => {
    remote = await startGitRemote()
    app = await startApp(seed, LOOPBACK_REMOTES)
  }, 240_000)

  afterAll(async () => {
    await app?.close()
    await remote?.stop()
  })

  it('shows the top level first, and a folder’s pages once it is opened', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    const listings: string[] = []
    let wholeTrees = 0
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (!url.pathname.endsWith(`/spaces/${LARGE}/tree`)) return
      if (url.search) listings.push(decodeURIComponent(url.search))
      else wholeTrees += 1
    })
    await signIn(page, PEOPLE.reader, LARGE_HOME)
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor()
    // The home counts every file from the top folder's listing (its folders give their counts).
    await page.getByText(`${2 + AREAS.length * TOPICS * PAGES} files in this space.`).waitFor()

    // The top level: its folders, closed, and its pages.
    const design = tree(page).getByRole('button', { name: 'design', exact: true })
    await design.waitFor()
    for (const area of AREAS) {
      const folder = tree(page).getByRole('button', { name: area.toLowerCase(), exact: true })
      expect(await folder.getAttribute('aria-expanded')).toBe('false')
    }
    await tree(page).getByRole('link', { name: 'Read me first' }).waitFor()
    expect(await tree(page).getByRole('button', { name: 'topic-0' }).count()).toBe(0)
    expect(new Set(listings)).toEqual(new Set(['?depth=1']))

    // Opening a folder shows its sub-folders; opening one of those, its pages.
    await design.click()
    const topic = tree(page).getByRole('button', { name: 'topic-3', exact: true })
    await topic.waitFor()
    expect(await design.getAttribute('aria-expanded')).toBe('true')
    expect(
      await tree(page)
        .getByRole('link', { name: pageTitle('Design', 3, 0) })
        .count(),
    ).toBe(0)
    await topic.click()
    const note = tree(page).getByRole('link', { name: pageTitle('Design', 3, 7), exact: true })
    await note.waitFor()
    expect(
      await tree(page)
        .getByRole('link', { name: pageTitle('Sales', 3, 7) })
        .count(),
    ).toBe(0)
    expect(new Set(listings)).toEqual(
      new Set(['?depth=1', '?folder=design&depth=1', '?folder=design/topic-3&depth=1']),
    )

    // A page opened from the tree is the current one.
    await note.click()
    await page.waitForURL(`${LARGE_HOME}/page/${pagePath('Design', 3, 7)}`)
    await page.getByRole('heading', { level: 1, name: pageTitle('Design', 3, 7) }).waitFor()
    expect(await note.getAttribute('aria-current')).toBe('page')
    // Neither the home page nor this page has a wiki link: the whole space's tree was never read.
    expect(wholeTrees).toBe(0)

    // Closing the folder hides its pages again.
    await topic.click()
    await expect.poll(() => note.count()).toBe(0)
    await context.close()
  })

  it('opens at a page with the folders holding it open, and only those read', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `${LARGE_HOME}/page/${pagePath('Sales', 4, 12)}`)
    await page.getByRole('heading', { level: 1, name: pageTitle('Sales', 4, 12) }).waitFor()
    const open = tree(page).getByRole('link', { name: pageTitle('Sales', 4, 12), exact: true })
    await open.waitFor()
    expect(await open.getAttribute('aria-current')).toBe('page')
    expect(
      await tree(page).getByRole('button', { name: 'sales', exact: true }).getAttribute('aria-expanded'),
    ).toBe('true')
    expect(
      await tree(page).getByRole('button', { name: 'topic-4', exact: true }).getAttribute('aria-expanded'),
    ).toBe('true')
    // Another area stays closed, its folders unread.
    expect(
      await tree(page).getByRole('button', { name: 'archive', exact: true }).getAttribute('aria-expanded'),
    ).toBe('false')

    // The filter looks through the whole space, opened folders or not.
    await page.getByLabel('Filter pages').fill('Archive note 2.14')
    await tree(page)
      .getByRole('link', { name: pageTitle('Archive', 2, 14), exact: true })
      .waitFor()
    await page.getByLabel('Filter pages').fill('')
    await expect
      .poll(() =>
        tree(page)
          .getByRole('link', { name: pageTitle('Archive', 2, 14) })
          .count(),
      )
      .toBe(0)
    await context.close()
  })
})
