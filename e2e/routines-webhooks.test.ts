import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppHarness,
  callApi,
  LOOPBACK_REMOTES,
  ORG,
  PEOPLE,
  SPACE,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'

const ROUTINES = `/s/${ORG}/${SPACE}/routines`
const API_ROUTINES = `/organizations/${ORG}/spaces/${SPACE}/routines`

type Delivery = { headers: IncomingHttpHeaders; body: { type: string } }
type Receiver = { url: string; deliveries: Delivery[]; close: () => Promise<void> }

/** A webhook receiver on loopback answering every delivery with `status`, keeping what came. */
async function receiver(status: number): Promise<Receiver> {
  const deliveries: Delivery[] = []
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: JSON.parse(text) })
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/${status}`,
    deliveries,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** The part of a screen under a heading (each section is a region named by its heading). */
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
/** The webhook of the list that goes to an address. */
const row = (page: Page, url: string) =>
  region(page, 'Webhooks')
    .getByRole('listitem')
    .filter({ has: page.getByText(url, { exact: true }) })
/** A routine's card, named by its heading. */
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true })

/** Collects the page's uncaught errors, to check none happened. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

describe('outgoing webhooks and routines in the web app', () => {
  let app: AppHarness
  let ok: Receiver
  let failing: Receiver

  beforeAll(async () => {
    ok = await receiver(200)
    failing = await receiver(500)
    // Receivers on loopback; one failed attempt switches a webhook off, and no retry waits.
    app = await startApp(undefined, { ...LOOPBACK_REMOTES, SERVICE_WEBHOOK_DISABLE_AFTER: '1' })
  })

  afterAll(async () => {
    await app?.close()
    await ok?.close()
    await failing?.close()
  })

  it('lets an organization admin add, test, switch back on and delete webhooks', async () => {
    const page = await (await app.newContext()).newPage()
    const errors = pageErrors(page)
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    const hooks = region(page, 'Webhooks')
    await expect.poll(() => hooks.getByText('No webhook yet.').isVisible()).toBe(true)

    // One for page creations only: the secret is shown once, then the list says what it receives.
    await hooks.getByRole('button', { name: 'Add a webhook' }).click()
    let dialog = page.getByRole('dialog', { name: 'Add a webhook' })
    const address = dialog.getByLabel('Address (https://…)')
    await address.fill('ftp://example.com/hook')
    await dialog.getByRole('radio', { name: 'Only these' }).check()
    await dialog.getByRole('checkbox', { name: 'Page created' }).check()
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('http:// or https://')
    // What is wrong now is said, not the answer to the try before.
    await dialog.getByRole('checkbox', { name: 'Page created' }).uncheck()
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Choose at least one event.'])
    await address.fill(ok.url)
    await dialog.getByRole('checkbox', { name: 'Page created' }).check()
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    const secret = dialog.getByRole('textbox', { name: 'Signing secret' })
    await expect.poll(() => secret.inputValue()).toMatch(/^whsec_/)
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
    await expect.poll(() => row(page, ok.url).textContent()).toContain('Page created')
    expect(await row(page, ok.url).textContent()).toContain('None yet')
    const listed = await callApi<{ id: string; url: string; events: string[] }[]>(
      app.server,
      'GET',
      `/organizations/${ORG}/webhooks`,
    )
    expect(listed).toMatchObject([{ url: ok.url, events: ['page.created'], active: true }])

    // A page written reaches it; the list shows how the delivery went.
    await writePage(app.server, 'welcome-pack.md', '# Welcome pack\n\nWhat a newcomer gets.\n')
    await expect
      .poll(() => ok.deliveries.map((d) => d.body.type), { timeout: 10_000 })
      .toEqual(['page.created'])
    await page.reload()
    await expect.poll(() => row(page, ok.url).textContent()).toContain('HTTP 200')

    // One for every event, at an address that fails: its test switches it off, and it comes back.
    await hooks.getByRole('button', { name: 'Add a webhook' }).click()
    dialog = page.getByRole('dialog', { name: 'Add a webhook' })
    await dialog.getByLabel('Address (https://…)').fill(failing.url)
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Signing secret' }).isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
    const bad = row(page, failing.url)
    await expect.poll(() => bad.textContent()).toContain('All events')
    await bad.getByRole('button', { name: 'Send a test' }).click()
    await expect.poll(() => bad.getByRole('status').textContent()).toContain('A ping is on its way')
    await expect.poll(() => failing.deliveries.map((d) => d.body.type), { timeout: 10_000 }).toEqual(['ping'])
    await expect.poll(() => bad.textContent(), { timeout: 10_000 }).toContain('Switched off after 1 failure')
    expect(await bad.textContent()).toContain('HTTP 500')
    await bad.getByText('Recent deliveries').click()
    await expect
      .poll(() => bad.getByRole('listitem').first().textContent())
      .toMatch(/A test \(ping\).*HTTP 500/)
    await bad.getByRole('button', { name: 'Switch back on' }).click()
    await expect.poll(() => bad.getByRole('button', { name: 'Send a test' }).isVisible()).toBe(true)
    expect(
      (
        await callApi<{ url: string; active: boolean }[]>(app.server, 'GET', `/organizations/${ORG}/webhooks`)
      ).find((w) => w.url === failing.url),
    ).toMatchObject({ active: true, failures: 0 })

    await row(page, ok.url).getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete the webhook' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect.poll(() => row(page, ok.url).count()).toBe(0)
    expect(
      (await callApi<{ url: string }[]>(app.server, 'GET', `/organizations/${ORG}/webhooks`)).map(
        (w) => w.url,
      ),
    ).toEqual([failing.url])
    expect(errors).toEqual([])
  })

  it('lets a space admin add, run, change, switch off and delete routines', async () => {
    const page = await (await app.newContext()).newPage()
    const errors = pageErrors(page)
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/${SPACE}`)
    await page
      .getByRole('navigation', { name: 'Space sections' })
      .getByRole('link', { name: 'Routines' })
      .click()
    await page.waitForURL((url) => url.pathname === ROUTINES)
    await expect.poll(() => page.getByText('No routine yet.').isVisible()).toBe(true)

    // The coherence check, on Wednesdays at 09:30.
    await page.getByRole('button', { name: 'Add a routine' }).click()
    let dialog = page.getByRole('dialog', { name: 'Add a routine' })
    expect(await dialog.getByLabel('Start from').inputValue()).toBe('coherence')
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Coherence check')
    expect(await dialog.getByLabel('Report page').inputValue()).toBe('reports/coherence.md')
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Wednesday' })
    await dialog.getByLabel('At', { exact: false }).first().fill('09:30')
    await dialog.getByRole('button', { name: 'Add routine' }).click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
    const coherence = card(page, 'Coherence check')
    await expect.poll(() => coherence.textContent()).toContain('Every Wednesday at 9:30 AM (UTC)')
    expect(await coherence.textContent()).toContain(
      'Writes to reports/coherence.md, drops its findings in the inbox',
    )
    const [stored] = await callApi<{ id: string; template: string; weekday: number; at: string }[]>(
      app.server,
      'GET',
      API_ROUTINES,
    )
    expect(stored).toMatchObject({ template: 'coherence', frequency: 'weekly', weekday: 2, at: '09:30' })

    // Run now: the run shows, ends, and leads to its report page.
    // Its runs are read once the card is drawn.
    await expect.poll(() => coherence.getByText('Not run yet.').isVisible()).toBe(true)
    await coherence.getByRole('button', { name: 'Run now' }).click()
    const runs = coherence.getByRole('region', { name: 'Runs' })
    await expect
      .poll(() => runs.getByRole('listitem').first().textContent(), { timeout: 15_000 })
      .toContain('Done')
    expect(await runs.getByRole('listitem').first().textContent()).toContain('by hand')
    // "Started" goes once the run it started has ended.
    await expect.poll(() => coherence.getByText('Started: its run shows below.').count()).toBe(0)
    await expect.poll(() => coherence.textContent()).toContain('Last run:')
    await runs.getByText('Report', { exact: true }).click()
    // The report, rendered: the coherence check's page title as a heading.
    await expect.poll(() => runs.getByRole('heading', { name: 'Coherence check' }).isVisible()).toBe(true)
    await runs.getByRole('link', { name: 'Report page' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/reports/coherence.md`)
    await page.goBack()

    // Renamed, then switched off.
    await card(page, 'Coherence check').getByRole('button', { name: 'Edit' }).click()
    dialog = page.getByRole('dialog', { name: 'Edit “Coherence check”' })
    await dialog.getByLabel('Name').fill('Weekly check')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const renamed = card(page, 'Weekly check')
    await expect.poll(() => renamed.isVisible()).toBe(true)
    await renamed.getByRole('button', { name: 'Switch off' }).click()
    await expect.poll(() => renamed.getByText('Switched off', { exact: true }).isVisible()).toBe(true)
    expect(await callApi(app.server, 'GET', `${API_ROUTINES}/${stored!.id}`)).toMatchObject({
      name: 'Weekly check',
      enabled: false,
      weekday: 2,
    })

    // A routine of one's own needs instructions, and a model to run: Run now says so.
    await page.getByRole('button', { name: 'Add a routine' }).click()
    dialog = page.getByRole('dialog', { name: 'Add a routine' })
    await dialog.getByLabel('Start from').selectOption('blank')
    expect(await dialog.getByLabel('Name').inputValue()).toBe('')
    await dialog.getByLabel('Name').fill('Open questions')
    await dialog.getByLabel('Instructions').fill('List the questions the pages leave open.')
    await dialog.getByLabel('How often').selectOption('daily')
    await dialog.getByRole('button', { name: 'Add routine' }).click()
    const mine = card(page, 'Open questions')
    await expect.poll(() => mine.textContent()).toContain('Every day at 8:00 AM (UTC)')
    await mine.getByRole('button', { name: 'Run now' }).click()
    await expect
      .poll(() => mine.getByRole('alert').first().textContent())
      .toMatch(/needs the organization’s AI provider/)
    await expect.poll(() => mine.getByText('Not run yet.').isVisible()).toBe(true)

    await mine.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete the routine' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect.poll(() => card(page, 'Open questions').count()).toBe(0)
    expect((await callApi<unknown[]>(app.server, 'GET', API_ROUTINES)).length).toBe(1)
    expect(errors).toEqual([])
  })

  it('shows a contributor the routines, in French, without changing them; a reader not at all', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor, ROUTINES)
    const routine = card(page, 'Weekly check')
    await expect.poll(() => routine.textContent()).toContain('Chaque mercredi à 9:30 (UTC)')
    expect(await routine.textContent()).toContain('Désactivée')
    expect(await page.getByRole('button', { name: 'Ajouter une routine' }).count()).toBe(0)
    expect(await routine.getByRole('button').count()).toBe(0)

    const reader = await (await app.newContext()).newPage()
    await signIn(reader, PEOPLE.reader, `/s/${ORG}/${SPACE}`)
    const sections = reader.getByRole('navigation', { name: 'Space sections' })
    await expect.poll(() => sections.getByRole('link', { name: 'Inbox' }).isVisible()).toBe(true)
    expect(await sections.getByRole('link', { name: 'Routines' }).count()).toBe(0)
    await reader.goto(ROUTINES)
    await expect
      .poll(() => reader.getByText('This page does not exist, or you cannot see it.').isVisible())
      .toBe(true)
  })
})
