import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPETING_NOTE, SMALL_OPS_PAGES } from '../shared/testing/fixtures/small-ops-space.ts'
import {
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

const HANDBOOK = `/organizations/${ORG}/spaces/${SPACE}`
const OPS = `/organizations/${ORG}/spaces/ops`

type Item = { name: string; title: string; type: string; path?: string; body?: string }
type Run = { id: string; status: string; commit: string | null; reverted_at: string | null }

/** The team, and a second space (`ops`) where Carl writes and Rita reads. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, { slug: 'ops', name: 'Ops' })
  await callApi(server, 'PUT', `${OPS}/members/${PEOPLE.contributor.username}`, { role: 'contributor' })
  await callApi(server, 'PUT', `${OPS}/members/${PEOPLE.reader.username}`, { role: 'reader' })
  await writePage(server, 'runbooks/deploy.md', '# Deploy\n\nDeploys go through the pipeline.\n', 'ops')
}

/** expect.poll with room for a loaded machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: options.timeout ?? 10_000, interval: 100 })

/** Types a search in the header's box, reached with `/` as a person would. */
async function search(page: Page, words: string, label = 'Search'): Promise<void> {
  await page.locator('main').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('/')
  const box = page.getByRole('searchbox', { name: label })
  await poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true)
  await box.fill(words)
  await box.press('Enter')
  await page.waitForURL((url) => url.pathname === '/search')
}

/** Whether a locator shows up (waits for it a little), for expect.poll. */
const shows = (locator: ReturnType<Page['getByRole']>) =>
  locator
    .first()
    .waitFor({ timeout: 2000 })
    .then(() => true)
    .catch(() => false)

describe('search, the inbox and the tidy-up', () => {
  let app: AppHarness
  let server: RunningServer

  beforeAll(async () => {
    app = await startApp(seed)
    server = app.server
  })

  afterAll(async () => {
    await app?.close()
  })

  it('lets a contributor drop a note with a file, find it pending, correct it and have it filed', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/inbox`)

    await page.getByRole('button', { name: 'Drop a note' }).click()
    const dialog = page.getByRole('dialog', { name: 'Drop a note' })
    await dialog.getByLabel('Title').fill('Parking rules')
    await dialog
      .getByLabel('Text')
      .fill('Visitors park on **level two**.\n\nThe staging password = Rz8Rz8Rz8Rz8!')
    await dialog.getByLabel('Hint').fill('guides/parking.md')
    await dialog.getByLabel('Attachments').setInputFiles({
      name: 'map.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Level two, row C'),
    })
    await dialog.getByRole('button', { name: 'Drop', exact: true }).click()
    // A likely secret is explained; the person may drop it anyway, nothing typed is lost.
    await poll(() => dialog.getByRole('alert').textContent()).toContain('seems to contain a secret')
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Parking rules')
    await dialog.getByRole('button', { name: 'Drop anyway' }).click()
    await poll(() => shows(page.getByRole('link', { name: 'Parking rules' }))).toBe(true)
    expect(await dialog.isVisible()).toBe(false)
    await screenshot(page, 'inbox')

    // Not filed yet: search counts it among pending notes and leads to it.
    await search(page, 'visitors level')
    const pending = page.getByRole('link', { name: '1 pending note matches' })
    await poll(() => shows(pending)).toBe(true)
    await pending.click()
    await page
      .getByRole('region', { name: 'Pending notes' })
      .getByRole('link', { name: 'Parking rules' })
      .click()
    await page.waitForURL(/\/s\/acme\/handbook\/inbox\/[^/]+$/)
    await poll(() => shows(page.getByRole('heading', { name: 'Parking rules' }))).toBe(true)
    expect(await page.locator('.note-body strong').textContent()).toBe('level two')
    const file = page.getByRole('link', { name: 'map.txt' })
    expect(await file.getAttribute('download')).toBe('map.txt')
    const download = await page.request.get((await file.getAttribute('href')) ?? '')
    expect(await download.text()).toBe('Level two, row C')

    await page.getByRole('button', { name: 'Correct' }).click()
    const correct = page.getByRole('dialog', { name: 'Correct the note' })
    await correct.getByLabel('Text').fill('Visitors park on **level two**. Motorbikes park outside.')
    await correct.getByRole('button', { name: 'Save' }).click()
    await poll(() => page.locator('.note-body').textContent()).toContain('Motorbikes park outside')
    const [note] = await callApi<Item[]>(server, 'GET', `${HANDBOOK}/inbox?kind=note`)
    expect(note?.title).toBe('Parking rules')
    const stored = await callApi<Item>(server, 'GET', `${HANDBOOK}/inbox/${note?.name}`)
    expect(stored.body).toContain('Motorbikes park outside')

    // Tidy up from the inbox, then watch the run on its screen.
    await page.getByRole('link', { name: 'Inbox' }).first().click()
    await page.getByRole('button', { name: 'Tidy up now' }).click()
    await page.getByRole('link', { name: 'See the runs' }).click()
    await page.waitForURL(/\/tidy$/)
    const run = page.getByRole('listitem').filter({ hasText: 'Started by hand' }).first()
    await expect
      .poll(() => run.getByText('Done', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true)
    expect(await run.getByText('New page', { exact: true }).isVisible()).toBe(true)
    expect(await run.getByRole('link', { name: 'guides/parking.md' }).isVisible()).toBe(true)
    const [done] = await callApi<Run[]>(server, 'GET', `${HANDBOOK}/tidy/runs`)
    expect(done?.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(await run.locator('code').textContent()).toBe(done?.commit?.slice(0, 10))
    expect(await page.getByRole('button', { name: 'Revert' }).count()).toBe(0)
    await screenshot(page, 'tidy-runs')
    const filed = await callApi<{ text: string }>(server, 'GET', `${HANDBOOK}/files/guides/parking.md`)
    expect(filed.text).toContain('Motorbikes park outside')

    // Filed: now a page search finds, with its snippet and freshness.
    await search(page, 'motorbikes')
    const result = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Parking rules' }) })
    await expect
      .poll(
        async () => {
          await page.reload()
          return shows(result)
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    expect(await result.locator('mark').first().textContent()).toBe('Motorbikes')
    expect(await result.getByText('Not verified').isVisible()).toBe(true)
    expect(await result.getByText('By words').first().isVisible()).toBe(true)
    expect(
      await result
        .getByText(/^Line \d+$/)
        .first()
        .isVisible(),
    ).toBe(true)
    await screenshot(page, 'search')
    expect(errors).toEqual([])
  })

  it('moves a note to another space and deletes it there, in French', async () => {
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/inbox`)
    await page.getByRole('button', { name: 'Déposer une note' }).click()
    const dialog = page.getByRole('dialog', { name: 'Déposer une note' })
    await dialog.getByLabel('Titre').fill('Gel des déploiements')
    await dialog.getByLabel('Texte').fill('Aucun déploiement le vendredi.')
    await dialog.getByRole('button', { name: 'Déposer', exact: true }).click()
    await page.getByRole('link', { name: 'Gel des déploiements' }).click()

    await page.getByRole('button', { name: 'Déplacer' }).click()
    const move = page.getByRole('dialog', { name: 'Déplacer vers un autre espace' })
    await move.getByLabel('Espace').selectOption('acme/ops')
    await move.getByRole('button', { name: 'Déplacer' }).click()
    await page.waitForURL(/\/s\/acme\/ops\/inbox\/[^/]+$/)
    await poll(() => shows(page.getByRole('heading', { name: 'Gel des déploiements' }))).toBe(true)
    const moved = await callApi<Item[]>(server, 'GET', `${OPS}/inbox?kind=note`)
    expect(moved.map((i) => i.title)).toEqual(['Gel des déploiements'])

    await page.getByRole('button', { name: 'Supprimer' }).click()
    await page
      .getByRole('dialog', { name: 'Supprimer la note' })
      .getByRole('button', { name: 'Supprimer' })
      .click()
    await page.waitForURL((url) => url.pathname === '/s/acme/ops/inbox')
    expect(await callApi<Item[]>(server, 'GET', `${OPS}/inbox?kind=note`)).toEqual([])
  })

  it('files a note the tidy-up left into the page the person picks among those it names', async () => {
    const DB = `/organizations/${ORG}/spaces/db`
    await callApi(server, 'POST', `/organizations/${ORG}/spaces`, { slug: 'db', name: 'Databases' })
    await callApi(server, 'PUT', `${DB}/members/${PEOPLE.contributor.username}`, { role: 'contributor' })
    for (const [path, content] of Object.entries(SMALL_OPS_PAGES))
      await writePage(server, path, content, 'db')
    // Indexed by meaning too, as the filer reads it.
    await poll(async () => (await callApi<{ files: number }>(server, 'GET', `${DB}/semantic`)).files, {
      timeout: 60_000,
    }).toBe(4)
    await callApi(server, 'POST', `${DB}/inbox`, COMPETING_NOTE)
    await callApi(server, 'POST', `${DB}/tidy`)
    await poll(async () => (await callApi<Run[]>(server, 'GET', `${DB}/tidy/runs`))[0]?.status, {
      timeout: 30_000,
    }).toBe('done')

    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/db/inbox`)
    await page.getByRole('link', { name: 'Restore and pooling' }).click()
    const where = page.getByRole('region', { name: 'Where it could go' })
    // Each page by its title, with its path.
    await poll(() =>
      shows(where.getByRole('button', { name: 'File into Backups (runbooks/backups.md)' })),
    ).toBe(true)
    await screenshot(page, 'inbox-candidates')
    await where.getByRole('button', { name: 'File into Postgres (services/postgres.md)' }).click()
    await poll(() => shows(page.getByRole('status'))).toBe(true)
    expect(await page.getByRole('status').textContent()).toBe(
      'It will be filed into Postgres (services/postgres.md) at the next tidy-up.',
    )
    const [note] = await callApi<(Item & { hint: string; status: string })[]>(
      server,
      'GET',
      `${DB}/inbox?kind=note`,
    )
    expect(note).toMatchObject({
      title: 'Restore and pooling',
      hint: 'services/postgres.md',
      status: 'pending',
    })
  })

  it('lets an organization admin revert a run, in French: the filed page goes', async () => {
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/${SPACE}/tidy`)
    const run = page.getByRole('listitem').filter({ hasText: 'Lancé à la main' }).first()
    await run.getByRole('button', { name: 'Défaire le rangement' }).click()
    await page
      .getByRole('dialog', { name: 'Défaire le rangement' })
      .getByRole('button', { name: 'Défaire le rangement' })
      .click()
    await poll(() => run.getByText('Annulé', { exact: true }).isVisible()).toBe(true)
    expect(await run.getByRole('button', { name: 'Défaire le rangement' }).count()).toBe(0)
    await expect(callApi(server, 'GET', `${HANDBOOK}/files/guides/parking.md`)).rejects.toThrow(/404/)
    const [reverted] = await callApi<Run[]>(server, 'GET', `${HANDBOOK}/tidy/runs`)
    expect(reverted?.reverted_at).not.toBeNull()
    const notes = await callApi<Item[]>(server, 'GET', `${HANDBOOK}/inbox?kind=note`)
    expect(notes.map((n) => n.title)).toContain('Parking rules')
  })

  it('shows a reader no write buttons, and lets them search with filters', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `/s/${ORG}/${SPACE}/inbox`)
    await poll(() => shows(page.getByRole('link', { name: 'Parking rules' }))).toBe(true)
    expect(await page.getByRole('button', { name: 'Drop a note' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Tidy up now' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Parking rules' }).click()
    await poll(() => shows(page.getByRole('heading', { name: 'Parking rules' }))).toBe(true)
    expect(await page.getByRole('button', { name: 'Correct' }).count()).toBe(0)
    await page.goto(`/s/${ORG}/${SPACE}/tidy`)
    await poll(() => shows(page.getByText('Started by hand'))).toBe(true)
    expect(await page.getByRole('button', { name: 'Tidy up now' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Revert' }).count()).toBe(0)

    await search(page, 'holidays')
    const holidays = page.getByRole('link', { name: 'Holidays' })
    await poll(() => shows(holidays)).toBe(true)
    // Only the Ops space: the handbook's page is not among the results.
    await page.getByRole('group', { name: 'Spaces' }).getByLabel('Ops').check()
    await poll(() => page.url()).toContain('spaces=')
    await poll(() => shows(page.getByText('No page matches'))).toBe(true)
    await page.getByRole('group', { name: 'Spaces' }).getByLabel('Handbook').check()
    await poll(() => shows(holidays)).toBe(true)
    await page.getByLabel('Mode').selectOption({ label: 'Words only' })
    await poll(() => page.url()).toContain('mode=text')
    await poll(() => shows(holidays)).toBe(true)
    expect(await page.getByText('By words', { exact: true }).first().isVisible()).toBe(true)
  })

  it('shows a changed page with its diff, and marking it seen takes it off the list (French)', async () => {
    await writePage(server, 'holidays.md', '# Holidays\n\nThirty days a year.\n')
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/inbox?kind=change`)
    // The tree beside the inbox names the page too: the item is the one in the inbox's list.
    const items = page.getByRole('list', { name: 'Éléments de la boîte de réception' })
    const item = items.getByRole('link', { name: 'Holidays' })
    await poll(() => shows(item)).toBe(true)
    await item.click()
    await poll(() => shows(page.getByText('+Thirty days a year.'))).toBe(true)
    expect(await page.getByText('-Twenty-five days a year.').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Marquer comme vue' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/inbox`)
    await page.getByRole('link', { name: 'Modifications', exact: true }).click()
    await page.waitForURL(/kind=change/)
    await poll(() => items.getByRole('link', { name: 'Holidays' }).count()).toBe(0)
    const changes = await callApi<Item[]>(server, 'GET', `${HANDBOOK}/inbox?kind=change`)
    expect(changes.filter((c) => c.path === 'holidays.md')).toEqual([])
  })

  it('shows a routine’s findings as found by it, in the reader’s language', async () => {
    const ops = `/organizations/${ORG}/spaces/ops`
    const routine = await callApi<{ id: string }>(server, 'POST', `${ops}/routines`, {
      template: 'coherence',
    })
    await callApi(server, 'POST', `${ops}/routines/${routine.id}/run`)
    await poll(async () => (await callApi<unknown[]>(server, 'GET', `${ops}/inbox?kind=left`)).length, {
      timeout: 20_000,
    }).toBeGreaterThan(0)
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/ops/inbox?kind=left`)
    const items = page.getByRole('list', { name: 'Éléments de la boîte de réception' })
    const finding = items
      .getByRole('listitem')
      .filter({ hasText: 'Trouvée par la routine « Coherence check »' })
    await poll(() => shows(finding.first())).toBe(true)
    expect(await finding.first().textContent()).toContain('Trouvée par une routine')
    expect(await finding.first().textContent()).not.toContain('Laissée')
  })

  it('pages through a long inbox with the total from the server', async () => {
    for (let i = 1; i <= 22; i++)
      await callApi(server, 'POST', `${OPS}/inbox`, { title: `Rota ${i}`, content: `On call, week ${i}.` })
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.reader, `/s/${ORG}/ops/inbox?kind=note`)
    await poll(() => shows(page.getByText('1–20 of 22'))).toBe(true)
    expect(await page.getByRole('list', { name: 'Inbox items' }).getByRole('listitem').count()).toBe(20)
    await page.getByRole('button', { name: 'Next' }).click()
    await poll(() => shows(page.getByText('21–22 of 22'))).toBe(true)
    expect(await page.getByRole('list', { name: 'Inbox items' }).getByRole('listitem').count()).toBe(2)
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
  })
})
