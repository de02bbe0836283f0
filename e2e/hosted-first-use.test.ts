import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type AppHarness, callApi, ORG, PEOPLE, SPACE, signIn, startApp } from './helpers/app.ts'

const HANDBOOK = `/organizations/${ORG}/spaces/${SPACE}`

type Item = { name: string; title: string; type: string; status: string }
type Run = { id: string; status: string; items_done: number; items_left: number }

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 })

/** What a page said in the console, and the requests the server answered 404, from now on. */
function watch(page: Page) {
  const seen = { consoleErrors: [] as string[], notFound: [] as string[] }
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => seen.consoleErrors.push(error.message))
  page.on('response', (response) => {
    if (response.status() === 404) seen.notFound.push(response.url())
  })
  return seen
}

/** The titles of the notes the inbox lists. */
const listedNotes = (page: Page) =>
  page
    .getByRole('list', { name: 'Inbox items' })
    .getByRole('link')
    .allTextContents()
    .catch(() => [] as string[])

describe('the hosted web app on first use', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('loads signed out and signed in without asking for an address the server does not have', async () => {
    const page = await (await app.newContext()).newPage()
    const seen = watch(page)
    const logged = app.server.logs.length
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await signIn(page, PEOPLE.contributor)
    await page.getByRole('heading', { name: `Welcome, ${PEOPLE.contributor.display_name}` }).waitFor()
    await page.reload()
    await page.getByRole('link', { name: 'Handbook' }).first().waitFor()
    await page.goto(`/s/${ORG}/${SPACE}`)
    await page.getByRole('link', { name: 'Inbox' }).first().waitFor()

    expect(seen.notFound).toEqual([])
    expect(seen.consoleErrors.filter((text) => /404|not found/i.test(text))).toEqual([])
    const missing = app.server.logs
      .slice(logged)
      .filter((line) => line.msg === 'request' && line.status === 404)
    expect(missing).toEqual([])
    expect(app.server.logs.some((line) => line.path === '/api/v1/desktop')).toBe(false)
  })

  it('tells an organization admin with no AI provider what still runs without one', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    const ai = page.getByRole('region', { name: 'AI', exact: true })
    await poll(() => ai.getByText(/No AI provider is set/).textContent()).toBe(
      'No AI provider is set. The tidy-up still files notes with the built-in filer, and the coherence check and weekly digest routines still run without a model; a routine written from scratch waits for a provider.',
    )
    expect(await page.getByText('the tidy-up and routines are off').count()).toBe(0)
  })

  it('makes the new organization’s slug from its name until the super admin writes one, and joins them by default', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, ADMIN, '/admin')
    const form = page.getByRole('form', { name: 'New organization' })
    const join = form.getByRole('checkbox', { name: 'Join as admin' })
    expect(await join.isChecked()).toBe(true)
    const name = form.getByLabel('Name', { exact: true })
    const slug = form.getByLabel('Slug')
    await name.fill('Équipe Données & IA')
    expect(await slug.inputValue()).toBe('equipe-donnees-ia')
    await name.fill('Équipe Données')
    expect(await slug.inputValue()).toBe('equipe-donnees')
    // Once the person writes the slug, the name no longer changes it.
    await slug.fill('data')
    await name.fill('Data team')
    expect(await slug.inputValue()).toBe('data')
    await form.getByRole('button', { name: 'Create organization' }).click()
    await page.getByText('Organization Data team created.').waitFor()
    const members = await callApi<{ username: string; role: string }[]>(
      app.server,
      'GET',
      '/organizations/data/members',
    )
    expect(members).toEqual([expect.objectContaining({ username: ADMIN.username, role: 'admin' })])
    // The form starts again as new: joining ticked, the slug following the next name.
    expect(await join.isChecked()).toBe(true)
    await name.fill('Sales')
    expect(await slug.inputValue()).toBe('sales')

    // Once its first space exists, the offer to create it gives way to a link to it.
    const created = page.locator('.created').filter({ hasText: 'Organization Data team created.' })
    await created.getByRole('button', { name: 'Create its first space' }).click()
    const dialog = page.getByRole('dialog', { name: 'New space in Data team' })
    await dialog.getByLabel('Name', { exact: true }).fill('Data wiki')
    await dialog.getByRole('button', { name: 'Create space' }).click()
    await created.getByRole('link', { name: 'Open Data wiki' }).waitFor()
    expect(await created.getByRole('button', { name: 'Create its first space' }).count()).toBe(0)
    expect(await created.getByRole('link', { name: 'Open Data wiki' }).getAttribute('href')).toBe(
      '/s/data/data-wiki',
    )
  })

  it('refreshes the inbox by itself after `Tidy up now`, and sums the run up in the same words everywhere', async () => {
    for (const note of [
      { title: 'Parking rules', content: 'Visitors park on level two, row C.', hint: 'guides/parking.md' },
      { title: 'Lunch', content: 'The canteen opens at noon on weekdays.', hint: 'guides/lunch.md' },
    ])
      await callApi(app.server, 'POST', `${HANDBOOK}/inbox`, note)
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/inbox?kind=note`)
    await page.getByRole('button', { name: 'Drop a note' }).click()
    const drop = page.getByRole('dialog', { name: 'Drop a note' })
    await drop.getByLabel('Title').fill('Ping')
    await drop.getByLabel('Text').fill('Ok.')
    await drop.getByRole('button', { name: 'Drop' }).click()
    const dropped = page.getByRole('status').filter({ hasText: '“Ping” is in the inbox' })
    await poll(() => dropped.textContent()).toBe('“Ping” is in the inbox; the tidy-up will file it.')
    await poll(() => listedNotes(page)).toEqual(expect.arrayContaining(['Parking rules', 'Lunch', 'Ping']))

    const dropAt = await page.getByRole('button', { name: 'Drop a note' }).boundingBox()
    await page.getByRole('button', { name: 'Tidy up now' }).click()
    await poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: /^The tidy-up/ })
        .textContent(),
    ).toBe('The tidy-up is done. Filed 2 notes, left 1. See the runs')
    // The tidy-up left the dropped note: it no longer says the tidy-up will file it.
    expect(await dropped.count()).toBe(0)
    // The run's status comes beside the button: the buttons around it keep their places.
    expect(await page.getByRole('button', { name: 'Drop a note' }).boundingBox()).toEqual(dropAt)
    // No reload: the list reads the inbox again once the run is over, before it is said to be
    // done; the note left waits apart.
    expect(await listedNotes(page)).toEqual([])
    await page.getByText('No note waits to be filed.').waitFor()
    const [run] = await callApi<Run[]>(app.server, 'GET', `${HANDBOOK}/tidy/runs`)
    expect(run).toMatchObject({ status: 'done', items_left: 1 })
    const left = await callApi<Item[]>(app.server, 'GET', `${HANDBOOK}/inbox?kind=left`)
    expect(left.map((item) => item.title)).toEqual(['Ping'])
    await page.getByRole('link', { name: 'Left by the tidy-up' }).click()
    await poll(() => listedNotes(page)).toEqual(['Ping'])
    await page.getByRole('link', { name: 'See the runs' }).click()
    await page.waitForURL(/\/tidy$/)
    const card = page.getByRole('listitem').filter({ hasText: 'Started by hand' }).first()
    await card.getByText('Filed 2 notes, left 1', { exact: true }).waitFor()
    // One summary: no other count of the same run beside it.
    expect(await card.getByText(/\d+ done|\d+ operations?|Filed \d+ notes?, left \d+\./).count()).toBe(0)
    await card.getByText('What it did').waitFor()

    const french = await (await app.newContext('fr-FR')).newPage()
    await signIn(french, PEOPLE.contributor, `/s/${ORG}/${SPACE}/tidy`)
    const carte = french.getByRole('listitem').filter({ hasText: 'Lancé à la main' }).first()
    await carte.getByText('2 notes rangées, 1 laissée de côté', { exact: true }).waitFor()
  })
})
