import { PDFDocument, StandardFonts } from 'pdf-lib'
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
  SPACE,
  screenshot,
  seedTeam,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`
const HOME = `/s/${ORG}/${SPACE}`
/** A second space, synced from a Git remote on loopback: one folder of 10,000 pages. */
const BIG = 'big'
const BIG_HOME = `/s/${ORG}/${BIG}`
const BIG_PAGES = 10_000
const bulkName = (i: number) => `Bulk page ${String(i).padStart(5, '0')}`
const bulkPath = (i: number) => `bulk/bulk-page-${String(i).padStart(5, '0')}.md`

async function pdfSaying(text: string): Promise<string> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([400, 200]).drawText(text, { x: 30, y: 120, size: 14, font })
  return Buffer.from(await doc.save()).toString('base64')
}

/** The seeded team, a verified page, a page edited twice, a PDF, an SVG and a folder of many pages. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', `${S}/verify/guides/setup.md`, { verify: true, owner: 'olivia' })
  const holidays = await callApi<{ sha: string }>(server, 'GET', `${S}/files/holidays.md`)
  await callApi(server, 'PUT', `${S}/files/holidays.md`, {
    content: '# Holidays\n\nThirty days a year.\n\nAsk your manager first.\n',
    message: 'More holidays',
    base_sha: holidays.sha,
  })
  // A page written, edited, then moved to another folder: its history goes back past the move.
  await writePage(server, 'deploy-guide.md', '# Deploy guide\n\nRun the script.\n')
  const guide = await callApi<{ sha: string }>(server, 'GET', `${S}/files/deploy-guide.md`)
  await callApi(server, 'PUT', `${S}/files/deploy-guide.md`, {
    content: '# Deploy guide\n\nRun the script, then check the logs.\n',
    message: 'Check the logs',
    base_sha: guide.sha,
  })
  await callApi(server, 'POST', `${S}/move`, { from: 'deploy-guide.md', to: 'ops/deployment.md' })
  await callApi(server, 'PUT', `${S}/files/files/report.pdf`, {
    content_base64: await pdfSaying('Quarterly figures are up'),
    message: 'Add the report',
  })
  await writePage(
    server,
    'files/logo.svg',
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  )
  await seedBigSpace(server)
}

/** The `big` space: 10,000 pages in one folder, pushed to a loopback remote and synced once. */
async function seedBigSpace(server: RunningServer): Promise<void> {
  const files: Record<string, string> = {}
  for (let i = 0; i < BIG_PAGES; i++)
    files[`content/${bulkPath(i)}`] = `# ${bulkName(i)}\n\nOne page among many.\n`
  await remote.createRepo('acme/big.git', { files })
  const big = { slug: BIG, name: 'Big', url: remote.url('acme/big.git') }
  await addRemoteSpace(server, { ...big, token: `${remote.username}:${remote.password}` }, async (B) => {
    // Words are enough here: embedding 10,000 pages would keep both cores busy for the whole file.
    await callApi(server, 'PUT', `${B}/semantic`, { enabled: false })
    await callApi(server, 'PUT', `${B}/members/${PEOPLE.reader.username}`, { role: 'reader' })
  })
}

const tree = (page: Page, french = false) =>
  page.getByRole('navigation', { name: french ? 'Arborescence des pages' : 'Page tree' })

let remote: GitRemote

describe('reading a space', () => {
  let app: AppHarness

  beforeAll(async () => {
    remote = await startGitRemote()
    app = await startApp(seed, LOOPBACK_REMOTES)
    // Generous: a hook that times out would leave the server running.
  }, 240_000)

  afterAll(async () => {
    await app?.close()
    await remote?.stop()
  })

  it('keeps a folder of 10,000 pages virtual: opens at the page asked for, scrolls, opens another; titles follow the index', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    const middle = Math.floor(BIG_PAGES * 0.75)
    await signIn(page, PEOPLE.reader, `${BIG_HOME}/page/${bulkPath(middle)}`)
    await page.getByRole('heading', { level: 1, name: bulkName(middle) }).waitFor()
    // The open page's folder opens and its row scrolls into view, marked as the open page. The space
    // was just added (this test runs first): while its index reads its pages, the tree names them by
    // their file names, then by their titles without a reload.
    const open = tree(page).getByRole('link', { name: bulkName(middle) })
    await open.waitFor({ timeout: 90_000 })
    expect(await open.getAttribute('aria-current')).toBe('page')
    expect(await open.isVisible()).toBe(true)
    const rows = await tree(page).getByRole('listitem').count()
    expect(rows).toBeGreaterThan(10)
    expect(rows).toBeLessThan(200)

    // Scrolling to the end brings the last pages in, still with few rows in the page.
    await tree(page)
      .locator('.tree-scroll')
      .evaluate((element) => {
        element.scrollTop = element.scrollHeight
      })
    const last = tree(page).getByRole('link', { name: bulkName(BIG_PAGES - 1) })
    await last.waitFor()
    expect(await tree(page).getByRole('listitem').count()).toBeLessThan(200)

    // Opening another page does not ask for the tree again (how fast: npm run bench).
    const treeRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/tree')) treeRequests.push(request.url())
    })
    const target = tree(page).getByRole('link', { name: bulkName(BIG_PAGES - 2) })
    await target.click()
    await page.getByRole('heading', { level: 1, name: bulkName(BIG_PAGES - 2) }).waitFor()
    await page.getByText('One page among many.').waitFor()
    expect(await target.getAttribute('aria-current')).toBe('page')
    expect(treeRequests).toEqual([])

    // Keyboard: arrows move along the tree.
    await target.focus()
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(bulkName(BIG_PAGES - 1))
    await context.close()
  }, 120_000)

  it('lets a reader open pages through the tree and wiki links, with freshness, related pages and no write links', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, HOME)
    await page.waitForURL(new RegExp(`${HOME}$`))

    // The home shows the space's index page, rendered.
    await page.getByRole('heading', { level: 1, name: 'Handbook' }).waitFor()
    await page.getByText('How we work').waitFor()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    expect(await page.getByRole('link', { name: 'New page' }).count()).toBe(0)

    // A small space opens with its folders open.
    const guides = tree(page).getByRole('button', { name: 'guides' })
    expect(await guides.getAttribute('aria-expanded')).toBe('true')
    await tree(page).getByRole('link', { name: 'Setup guide' }).click()
    await page.waitForURL(`${HOME}/page/guides/setup.md`)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    await page.getByText('Install the tools.').waitFor()
    const freshness = page.locator('.freshness')
    await expect.poll(() => freshness.textContent()).toContain('Verified')
    expect(await freshness.textContent()).toContain('Owner: olivia')
    expect(await tree(page).getByRole('link', { name: 'Setup guide' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
    // The open page's folder can be closed again, and opened.
    await guides.click()
    await expect.poll(() => tree(page).getByRole('link', { name: 'Setup guide' }).count()).toBe(0)
    await guides.click()
    await tree(page).getByRole('link', { name: 'Setup guide' }).waitFor()
    await page.getByRole('link', { name: 'History' }).waitFor()
    // Related pages, each with its reason: the home page cites this one.
    const related = page.getByRole('complementary', { name: 'Related pages' })
    await related.getByRole('link', { name: 'Welcome' }).waitFor({ timeout: 20_000 })
    expect(await related.getByRole('listitem').first().textContent()).toMatch(/^Welcome.+/)

    // The home page's wiki link leads to the page it names.
    await tree(page).getByRole('link', { name: 'Welcome' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor()
    expect(await page.getByText('Not verified').count()).toBe(1)
    await page.locator('.markdown').getByRole('link', { name: 'Holidays' }).click()
    await page.waitForURL(`${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    await page.getByText('Thirty days a year.').waitFor()

    await context.close()
  })

  it('says a page is loading when its text is slow to come, then shows it', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    const loading = page.locator('.space-main').getByRole('status').filter({ hasText: 'Loading' })
    await expect.poll(() => loading.count()).toBe(0)
    // The server takes a second and a half to send the next page's text.
    await page.route(
      (url) => url.pathname.endsWith('/files/guides/setup.md'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        await route.continue()
      },
    )
    await tree(page).getByRole('link', { name: 'Setup guide' }).click()
    await loading.first().waitFor()
    expect(await page.getByRole('heading', { level: 1, name: 'Setup guide' }).count()).toBe(0)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await page.getByText('Install the tools.').waitFor()
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Setup guide'])
    await context.close()
  })

  it('shows what someone else commits to the page being read, without a reload', async () => {
    await writePage(app.server, 'notices.md', '# Notices\n\nThe office is open.\n')
    const context = await app.newContext()
    const page = await context.newPage()
    // The page's own clock, moved on by the test: the 15 s between two reads pass at once.
    await page.clock.install()
    await signIn(page, PEOPLE.reader, `${HOME}/page/notices.md`)
    await page.getByText('The office is open.').waitFor()
    await writePage(app.server, 'notices.md', '# Notices\n\nThe office is closed on Friday.\n')
    const later = async (seconds: number) => {
      await page.clock.fastForward(seconds * 1000)
    }
    await later(10)
    // Not yet: the page is read again every 15 s.
    expect(await page.getByText('The office is open.').isVisible()).toBe(true)
    await later(6)
    await page.getByText('The office is closed on Friday.').waitFor()
    // The server stops answering for a while (a restart): the page stays as it was read.
    let refused = 0
    await page.route('**/files/notices.md', (route) => {
      refused++
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"unavailable","message":"Unavailable."}',
      })
    })
    // The next reads fail, and are tried again a few times after them, a while apart.
    await expect
      .poll(
        async () => {
          await later(5)
          return refused
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(4)
    expect(await page.getByText('The office is closed on Friday.').isVisible()).toBe(true)
    expect(await page.getByRole('alert').count()).toBe(0)
    await context.close()
  })

  it('shows a page’s history: two commits, and the diff of each', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/holidays.md`)
    await page.getByRole('link', { name: 'History' }).click()
    await page.waitForURL(`${HOME}/history/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'History of Holidays' }).waitFor()
    const commits = page.getByRole('region', { name: 'Changes' }).getByRole('button')
    // Behind many later commits, the server takes a moment to find this file's.
    const started = Date.now()
    await commits.first().waitFor({ timeout: 20_000 })
    console.info(`history listed in ${Date.now() - started} ms`)
    expect(await commits.count()).toBe(2)
    expect(await commits.first().textContent()).toContain('More holidays')
    expect(await commits.first().getAttribute('aria-pressed')).toBe('true')
    const diff = page.locator('pre.diff')
    await diff.waitFor()
    expect(await diff.locator('ins').allTextContents()).toEqual([
      '+ Thirty days a year.\n',
      '+ \n',
      '+ Ask your manager first.\n',
    ])
    expect(await diff.locator('del').allTextContents()).toEqual(['- Twenty-five days a year.\n'])
    await screenshot(page, 'space-history')

    // The first commit created the file: every line is added.
    await commits.nth(1).click()
    await page.getByText('This change created the file.').waitFor()
    expect(await diff.locator('del').count()).toBe(0)
    expect(await diff.locator('ins').allTextContents()).toContain('+ Twenty-five days a year.\n')
    await context.close()
  })

  it('lists a long history a hundred changes at a time, older ones on demand', async () => {
    const path = 'minutes.md'
    for (let n = 1; n <= 102; n++)
      await callApi(app.server, 'PUT', `${S}/files/${path}`, {
        content: `# Minutes\n\nMeeting ${n}.\n`,
        message: `Minutes of meeting ${n}`,
        force: true,
      })
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/history/${path}`)
    const commits = page.getByRole('region', { name: 'Changes' }).getByRole('button', { name: /^Minutes of/ })
    await commits.first().waitFor()
    expect(await commits.count()).toBe(100)
    expect(await commits.last().textContent()).toContain('Minutes of meeting 3')
    const older = page.getByRole('button', { name: 'Show older changes' })
    await older.click()
    await expect.poll(() => commits.count()).toBe(102)
    expect(await older.count()).toBe(0)
    // The oldest of all created the file: nothing older is left to compare it with.
    await commits.last().click()
    await page.getByText('This change created the file.').waitFor()

    // Again from the start: the last one listed is compared with the one before it, which is read
    // from the next page.
    await page.reload()
    await commits.first().waitFor()
    expect(await commits.count()).toBe(100)
    await commits.last().click()
    const diff = page.locator('pre.diff')
    await diff.locator('del').first().waitFor()
    expect(await diff.locator('del').allTextContents()).toEqual(['- Meeting 2.\n'])
    expect(await diff.locator('ins').allTextContents()).toEqual(['+ Meeting 3.\n'])
    expect(await commits.count()).toBe(102)
    await context.close()
  })

  it('shows a PDF’s download and extracted text, and never renders an SVG inline', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, HOME)
    // Files that are not pages wait in their folder's closed group of attachments.
    await tree(page).getByRole('button', { name: 'Attachments (2)' }).click()
    await tree(page).getByRole('link', { name: 'report.pdf' }).click()
    await page.getByRole('heading', { level: 1, name: 'report.pdf' }).waitFor()
    const download = page.getByRole('link', { name: 'Download' })
    expect(await download.getAttribute('download')).toBe('report.pdf')
    const href = (await download.getAttribute('href')) ?? ''
    const bytes = await page.evaluate(async (url) => (await fetch(url)).status, href)
    expect(bytes).toBe(200)
    await page.getByRole('heading', { name: 'Extracted text' }).waitFor()
    expect(await page.locator('pre.file-text').textContent()).toContain('Quarterly figures are up')

    await tree(page).getByRole('link', { name: 'logo.svg' }).click()
    await page.getByRole('heading', { level: 1, name: 'logo.svg' }).waitFor()
    await page.getByRole('link', { name: 'Download' }).waitFor()
    expect(await page.locator('.page-view img').count()).toBe(0)
    await context.close()
  })

  it('gives a contributor, in French, the new-page link, the filter and the page with its freshness', async () => {
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor, HOME)
    const newPage = page.getByRole('link', { name: 'Nouvelle page' })
    await newPage.waitFor()
    expect(await newPage.getAttribute('href')).toBe(`${HOME}/new`)
    await page.getByLabel('Filtrer les pages').fill('setup')
    await tree(page, true).getByRole('link', { name: 'Setup guide' }).click()
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await expect.poll(() => page.locator('.freshness').textContent()).toContain('Vérifiée')
    expect(await page.locator('.freshness').textContent()).toContain('Responsable : olivia')
    await page.getByRole('complementary', { name: 'Pages liées' }).waitFor()
    await page.getByLabel('Filtrer les pages').fill('')

    await page.getByRole('link', { name: 'Historique' }).click()
    await page.getByRole('heading', { level: 1, name: 'Historique de Setup guide' }).waitFor()
    await page.getByRole('region', { name: 'Modifications' }).getByRole('button').first().waitFor()
    await context.close()
  })

  it('follows a moved page’s history back to where it was written', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/history/ops/deployment.md`)
    const commits = page.getByRole('region', { name: 'Changes' }).getByRole('button')
    await commits.first().waitFor({ timeout: 20_000 })
    expect(await commits.count()).toBe(3)
    await page.getByText('This change moved the file here from deploy-guide.md.').waitFor()
    await commits.nth(1).click()
    const diff = page.locator('pre.diff')
    await diff.locator('ins').first().waitFor()
    expect(await diff.locator('ins').allTextContents()).toEqual(['+ Run the script, then check the logs.\n'])
    await page.getByText('1 line added, 1 removed.').waitFor()
    await commits.nth(2).click()
    await page.getByText('This change created the file.').waitFor()
    expect(await diff.locator('ins').allTextContents()).toContain('+ Run the script.\n')
    await screenshot(page, 'space-history-moved')
    await context.close()
  })

  it('lets a reader read in French: the page, its freshness, its history, and no write action', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.reader, `${HOME}/page/guides/setup.md`)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    await expect.poll(() => page.locator('.freshness').textContent()).toContain('Vérifiée')
    await page.getByRole('complementary', { name: 'Pages liées' }).waitFor()
    for (const name of ['Modifier', 'Déplacer', 'Supprimer', 'Vérifier'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0)
    for (const name of ['Modifier', 'Nouvelle page'])
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0)
    await page.getByRole('link', { name: 'Historique' }).click()
    await page.getByRole('heading', { level: 1, name: 'Historique de Setup guide' }).waitFor()
  })
})
