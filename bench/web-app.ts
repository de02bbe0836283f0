import { readdir, readFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from 'playwright'
import { ensureWebApp, WEB_APP_DIR } from '../server/web-build.ts'
import { startGitRemote } from '../shared/testing/git-remote.ts'
import { pagePath, pages } from './git-writes.ts'
import { BENCH_PASSWORD, startBenchServer, syncedBenchSpace } from './setup.ts'
import { report, summarize } from './stats.ts'

/** The budget for the JavaScript a first visit downloads, gzipped. */
const INITIAL_JS_BUDGET = 200 * 1024
/** How soon a page's content must be on screen after the click, in a 10,000-page space. */
const PAGE_OPEN_TARGET = 150
/** How soon a space's first screen (its tree's top, the opened page's folder, the page) must show, at 10,000 pages. */
const FIRST_SCREEN_TARGET = 150
/** How many page openings are timed. */
const OPENINGS = 30
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A logger for the web app's build that says nothing unless it fails. */
export const quiet = {
  info: () => {},
  warn: () => {},
  error: (obj: object, msg?: string) => console.error(msg, obj),
}

/** Gzipped size of a built file. */
async function gzipped(file: string): Promise<number> {
  return gzipSync(await readFile(join(WEB_APP_DIR, file)), { level: 9 }).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Chromium as the web app's benches drive it: headless, no GPU. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
}

/** Signs the bench server's super admin in, in a new page of `browser`, and answers that page. */
export async function signedInPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await browser.newPage({ baseURL })
  await page.goto('/sign-in')
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill(BENCH_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'))
  return page
}

/**
 * One line of a benchmark report, as `report` prints it, followed by the figure it is held to: its
 * p95 (and its longest, with `showMax`) against `targetMs`.
 */
export function reportAgainst(name: string, samples: number[], targetMs: number, showMax = false): void {
  const { median, p95, n } = summarize(samples)
  const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`
  const longest = showMax ? `   max ${ms(Math.max(...samples))}` : ''
  const verdict = p95 <= targetMs ? 'within' : 'OVER'
  console.log(
    `${name.padEnd(58)} median ${ms(median)}   p95 ${ms(p95)}${longest}   (n=${n})   target ${targetMs} ms: p95 ${verdict}`,
  )
}

/** How busy the machine was, printed under the figures it may have slowed. */
export function printLoad(): void {
  console.log(`  (load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`)
}

/**
 * The web app's bundle: what a first visit downloads (the entry script and the modules it preloads,
 * gzipped) against the 200 KB budget, and the largest lazily loaded chunks.
 */
export async function benchBundle(): Promise<void> {
  await ensureWebApp(quiet)
  const html = await readFile(join(WEB_APP_DIR, 'index.html'), 'utf8')
  const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  let total = 0
  for (const file of initial) total += await gzipped(file)
  const css = [...html.matchAll(/href="\.?\/?(assets\/[^"]+\.css)"/g)].map((m) => m[1]!)
  let styles = 0
  for (const file of css) styles += await gzipped(file)
  const verdict = total <= INITIAL_JS_BUDGET ? 'within' : 'OVER'
  console.log(
    `initial JavaScript (gzip): ${kb(total)} in ${initial.length} files, ${verdict} the 200 KB budget`,
  )
  console.log(`initial CSS (gzip): ${kb(styles)}`)
  const lazy: [string, number][] = []
  for (const file of await readdir(join(WEB_APP_DIR, 'assets'))) {
    if (file.endsWith('.js') && !initial.includes(`assets/${file}`))
      lazy.push([file, await gzipped(`assets/${file}`)])
  }
  lazy.sort((a, b) => b[1] - a[1])
  console.log(
    `lazy chunks (gzip), largest first: ${lazy
      .slice(0, 8)
      .map(([f, s]) => `${f.replace(/-[\w-]{8}\.js$/, '')} ${kb(s)}`)
      .join(', ')}`,
  )
}

/**
 * Opening a page of a `count`-page space in Chromium: from the click on a link to the page's
 * title and text on screen, measured in the browser, the tree of the whole space beside it.
 */
export async function benchPageOpen(count: number): Promise<void> {
  await ensureWebApp(quiet)
  const remote = await startGitRemote()
  const server = await startBenchServer()
  const browser = await launchChromium()
  try {
    const files = pages(count)
    // The index links to pages spread over the space, so each opening is a click in the app.
    const targets = Array.from({ length: OPENINGS + 5 }, (_, i) => Math.floor((i * count) / (OPENINGS + 5)))
    files['content/index.md'] =
      `# Index\n\n${targets.map((i) => `- [Page ${i}](${pagePath(i)})`).join('\n')}\n`
    await remote.createRepo('bench/web.git', { files })
    await syncedBenchSpace(server, remote, 'bench/web.git', { meaning: false })

    const page = await signedInPage(browser, server.url)

    const samples: number[] = []
    for (const [n, i] of targets.entries()) {
      await page.goto('/s/bench/wiki/page/index.md')
      const link = page
        .getByRole('main')
        .getByRole('link', { name: `Page ${i}`, exact: true })
        .first()
      await link.waitFor()
      const elapsed = await link.evaluate(
        (anchor, title) =>
          new Promise<number>((done) => {
            const started = performance.now()
            ;(anchor as HTMLAnchorElement).click()
            const check = () => {
              const heading = [...document.querySelectorAll('h1')].some((h) => h.textContent === title)
              const text = document.body.textContent?.includes('dashboard and note the result')
              if (heading && text) done(performance.now() - started)
              else requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
          }),
        `Page ${i}`,
      )
      if (n >= 5) samples.push(elapsed)
    }
    reportAgainst(`open a page, click to content on screen  [${count} pages]`, samples, PAGE_OPEN_TARGET)
    printLoad()
  } finally {
    await browser.close()
    await server.close()
    await remote.stop()
  }
}

/**
 * The first screen of a `count`-page space in Chromium: from the click on the space in the home's
 * list (the app loaded, nothing of the space read yet) to its name and its tree's top folders on
 * screen, measured in the browser. Beside it, when the whole tree arrived, if it was read (a home page
 * with wiki links reads it, after its first screen).
 */
export async function benchFirstScreen(count: number): Promise<void> {
  await ensureWebApp(quiet)
  const remote = await startGitRemote()
  const server = await startBenchServer()
  const browser = await launchChromium()
  try {
    await remote.createRepo('bench/web.git', { files: pages(count) })
    await syncedBenchSpace(server, remote, 'bench/web.git', { meaning: false })
    const page = await signedInPage(browser, server.url)
    const screens: number[] = []
    const wholeTrees: number[] = []
    for (let n = 0; n < OPENINGS + 5; n++) {
      await page.goto('/')
      const link = page.getByRole('main').getByRole('link', { name: 'Wiki', exact: true })
      await link.waitFor()
      const shown = await link.evaluate(
        (anchor) =>
          new Promise<[number, number]>((done) => {
            const started = performance.now()
            ;(anchor as HTMLAnchorElement).click()
            let screen: number | undefined
            const check = () => {
              const tree = document.querySelector('nav[aria-label="Page tree"]')
              const top = tree?.querySelector('button[title="topic-000"]')
              const heading = [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Wiki')
              if (screen === undefined && top && heading) screen = performance.now() - started
              const whole = performance
                .getEntriesByType('resource')
                .find((entry) => {
                  const url = new URL(entry.name)
                  // The whole tree: no folder, no depth (a listing of one folder has them).
                  return entry.startTime >= started && /\/tree$/.test(url.pathname) && url.search === ''
                })
                ?.toJSON().responseEnd as number | undefined
              // The whole tree is read only for a home page with wiki links: not waited for here.
              if (screen !== undefined) done([screen, whole === undefined ? Number.NaN : whole - started])
              else requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
          }),
      )
      if (n < 5) continue
      screens.push(shown[0])
      wholeTrees.push(shown[1])
    }
    reportAgainst(`first screen of a space, its top folders  [${count} pages]`, screens, FIRST_SCREEN_TARGET)
    const read = wholeTrees.filter((ms) => !Number.isNaN(ms))
    if (read.length > 0) {
      const { median, p95 } = summarize(read)
      console.log(
        `  beside it, the whole tree arrived at median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms after the click`,
      )
    } else console.log('  the whole tree was not read (the home page has no wiki links)')
    await pageAddresses(page, count)
    printLoad()
  } finally {
    await browser.close()
    await server.close()
    await remote.stop()
  }
}

/**
 * A page's address opened afresh (a link from elsewhere, a bookmark: the app loads, its code from
 * the browser's cache), in a `count`-page space: from the navigation's start to the page on screen,
 * and to its row in the tree, inside its folder, shown as the current page.
 */
async function pageAddresses(page: Page, count: number): Promise<void> {
  const shown: number[] = []
  const inTree: number[] = []
  for (let n = 0; n < OPENINGS + 5; n++) {
    const i = Math.floor((n * count) / (OPENINGS + 5)) + 1
    await page.goto(`/s/bench/wiki/page/${pagePath(i)}`, { waitUntil: 'commit' })
    const [page_, row] = await page
      .waitForFunction(
        (title) => {
          const w = window as unknown as { shownAt?: number }
          if (
            w.shownAt === undefined &&
            [...document.querySelectorAll('h1')].some((h) => h.textContent === title)
          )
            w.shownAt = performance.now()
          const current = document.querySelector('nav[aria-label="Page tree"] a[aria-current="page"]')
          return w.shownAt !== undefined && current ? [w.shownAt, performance.now()] : false
        },
        `Page ${i}`,
        { polling: 'raf', timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<[number, number]>)
    if (n < 5) continue
    shown.push(page_)
    inTree.push(row)
  }
  report(`open a page's address afresh: the page on screen  [${count} pages]`, shown)
  report(`open a page's address afresh: its row in the tree  [${count} pages]`, inTree)
}
