import type { Page } from 'playwright'
import { ensureWebApp } from '../server/web-build.ts'
import { startGitRemote } from '../shared/testing/git-remote.ts'
import { type BenchServer, startBenchServer, syncedSpaceOf } from './setup.ts'
import { report, time } from './stats.ts'
import { launchChromium, printLoad, quiet, reportAgainst, signedInPage } from './web-app.ts'

/** How soon the switcher must list the pages matching what was typed, after each key. */
const SWITCHER_TARGET = 50
/** How many pages the switcher asks the server for, as the web app does. */
const ANSWERS = 20
/** What people type into the switcher, letter by letter: words of titles, of paths, a fuzzy one. */
const QUERIES = ['billing', 'incident rev', 'runbook back', 'notes 2019', 'sign on', 'webhooks']
/** Server requests timed, after untimed ones. */
const REQUESTS = 200
/** The spaces the pages are spread over, and what their pages are. */
const SPACES = [
  { slug: 'engineering', name: 'Engineering' },
  { slug: 'operations', name: 'Operations' },
  { slug: 'handbook', name: 'Handbook' },
  { slug: 'product', name: 'Product' },
]
const KINDS = [
  'Runbook',
  'Incident review',
  'Design note',
  'Meeting notes',
  'How to',
  'Policy',
  'Onboarding',
  'Release notes',
  'Postmortem',
  'Checklist',
]
const SUBJECTS = [
  'billing',
  'search',
  'payments',
  'single sign-on',
  'backups',
  'network',
  'mobile app',
  'database',
  'deploys',
  'alerts',
  'email',
  'storage',
  'invoices',
  'API gateway',
  'reports',
  'exports',
  'webhooks',
  'audit log',
  'permissions',
  'onboarding flow',
]

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/**
 * `count` pages of a space, titled as a team titles them (`Meeting notes: billing 2019-04`), in a
 * folder per kind of page: the file map of its repository.
 */
function spacePages(count: number, space: number): Record<string, string> {
  const files: Record<string, string> = {}
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length] as string
    const subject = SUBJECTS[(Math.floor(i / KINDS.length) + space) % SUBJECTS.length] as string
    const round = Math.floor(i / (KINDS.length * SUBJECTS.length))
    const when = round === 0 ? '' : ` ${2012 + (round % 12)}-${String((i % 12) + 1).padStart(2, '0')}`
    const title = `${kind}: ${subject}${when}`
    files[`content/${slug(kind)}/${slug(subject)}-${i}.md`] =
      `# ${title}\n\nWhat the ${subject} team decided, and who does what next.\n`
  }
  return files
}

/** A page the server lists for a query, as the switcher shows it: its title, then where it is. */
type Found = { title: string; path: string }

/** What the server answers the switcher for `query`. */
async function answerFor(server: BenchServer, query: string): Promise<Found[]> {
  const response = await server.api(
    'GET',
    `/pages?${new URLSearchParams({ q: query, limit: String(ANSWERS) })}`,
  )
  if (response.status !== 200) throw new Error(`GET /pages answered ${response.status}`)
  return (await response.json()) as Found[]
}

/** What the init script below leaves in each page, for the bench to drive. */
type SwitcherProbe = {
  /** Waits for the next key, then for the switcher's list to be `pages`, in this order. */
  expect(pages: Found[]): void
  /** Milliseconds from that key to the frame showing those pages rendered. */
  shown: Promise<number>
}

declare global {
  interface Window {
    switcherProbe: SwitcherProbe
  }
}

/**
 * The probe, run in the page before the app (Playwright serializes it: it uses nothing from
 * outside). After the key, each frame's list is compared with the answer expected: the first frame
 * that shows it is the one the person sees; the time is taken once that frame is rendered.
 */
function switcherProbes(): void {
  let expected: Found[] | undefined
  let show: (ms: number) => void = () => {}
  const isShowing = (pages: Found[]) => {
    const options = [...document.querySelectorAll('dialog [role="option"]')]
    return (
      options.length === pages.length &&
      pages.every((page, i) => {
        const text = options[i]?.textContent ?? ''
        return text.startsWith(page.title) && text.includes(page.path)
      })
    )
  }
  window.addEventListener(
    'keydown',
    (event) => {
      const pages = expected
      if (!pages) return
      expected = undefined
      const keyAt = event.timeStamp
      const frame = () => {
        if (!isShowing(pages)) return void requestAnimationFrame(frame)
        const channel = new MessageChannel()
        channel.port1.onmessage = () => show(performance.now() - keyAt)
        channel.port2.postMessage(null)
      }
      requestAnimationFrame(frame)
    },
    { capture: true },
  )
  const probe: SwitcherProbe = {
    shown: new Promise(() => {}),
    expect(pages) {
      expected = pages
      probe.shown = new Promise((resolve) => {
        show = resolve
      })
    },
  }
  window.switcherProbe = probe
}

/**
 * Opens the switcher with Ctrl+K, empty; false when the app has no switcher. The key is pressed once
 * the app is drawn (its header's `Go to a page`): before that, nothing listens for it.
 */
async function openSwitcher(page: Page): Promise<boolean> {
  const isDrawn = await page
    .getByRole('button', { name: 'Go to a page' })
    .waitFor({ timeout: 30_000 })
    .then(
      () => true,
      () => false,
    )
  if (!isDrawn) return false
  const dialog = page.getByRole('dialog')
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  }
  await page.keyboard.press('Control+k')
  const input = dialog.getByRole('combobox')
  return input.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  )
}

/** Types each query letter by letter into a new switcher: for each letter, the time to its answer shown. */
async function timeSwitcher(page: Page, server: BenchServer): Promise<number[] | undefined> {
  const samples: number[] = []
  for (const query of QUERIES) {
    if (!(await openSwitcher(page))) return undefined
    for (let n = 1; n <= query.length; n++) {
      const letter = query[n - 1] as string
      // A space ends a word but asks nothing new: the list stays as it is.
      if (letter === ' ') {
        await page.keyboard.type(letter)
        continue
      }
      const expected = await answerFor(server, query.slice(0, n))
      await page.evaluate((pages) => window.switcherProbe.expect(pages), expected)
      await page.keyboard.type(letter)
      samples.push(await page.evaluate(() => window.switcherProbe.shown))
    }
  }
  return samples
}

/**
 * The quick switcher in Chromium, over `count` pages spread over `spaces` spaces: from each key typed
 * to the frame listing the server's best pages for what is typed so far (rendered). The switcher
 * narrows the last answer at once while it asks: when that already is the new answer, the person
 * has it then, and so does the figure. Then the server's part alone: `GET /pages?q=` for each of
 * those prefixes, over real HTTP on loopback.
 */
export async function benchSwitcher(count: number, spaces: number): Promise<void> {
  await ensureWebApp(quiet)
  const remote = await startGitRemote()
  const server = await startBenchServer()
  const browser = await launchChromium()
  try {
    await server.api('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    for (const [i, space] of SPACES.slice(0, spaces).entries()) {
      await remote.createRepo(`bench/${space.slug}.git`, { files: spacePages(count / spaces, i) })
      await syncedSpaceOf(server, remote, `bench/${space.slug}.git`, space, { meaning: false })
    }
    const label = `[${count} pages, ${spaces} spaces]`
    const page = await signedInPage(browser, server.url)
    await page.addInitScript(switcherProbes)
    await page.goto('/')
    const samples = await timeSwitcher(page, server)
    if (samples) reportAgainst(`switcher, key to its answer on screen  ${label}`, samples, SWITCHER_TARGET)
    else console.log(`switcher, key to its answer on screen  ${label}: not available yet (no Ctrl+K dialog)`)

    const prefixes = QUERIES.flatMap((query) =>
      Array.from({ length: query.length }, (_, n) => query.slice(0, n + 1)),
    ).filter((prefix) => !prefix.endsWith(' '))
    report(
      `GET /pages?q= (a prefix typed, ${ANSWERS} answers)  ${label}`,
      await time(REQUESTS, (i) => answerFor(server, prefixes[i % prefixes.length] as string)),
    )
    printLoad()
  } finally {
    await browser.close()
    await server.close()
    await remote.stop()
  }
}
