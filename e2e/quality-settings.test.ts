import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const S = `/organizations/${ORG}/spaces/${SPACE}`
const HEALTH = `/s/${ORG}/${SPACE}/health`
const SETTINGS = `/s/${ORG}/${SPACE}/settings`
const DUE = (owner: string) => `---\nverified: 2020-01-15\nreview_every: 90d\nowner: ${owner}\n---\n`
const NEWCOMER = { username: 'mona', password: 'mona-password-012345', display_name: 'Mona Newcomer' }

type Freshness = { verified: boolean; owner: string | null; review_every: string }
type Member = { username: string; role: string }

/** The team, plus pages the health report has something to say about, and someone to add. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', '/users', NEWCOMER)
  // A link to `holiday.md` while `holidays.md` exists: broken, with a suggestion.
  await writePage(server, 'team.md', '# Team\n\nRead the [holiday policy](holiday.md) first.\n')
  await writePage(server, 'blank.md', '# Blank\n')
  await writePage(server, 'review.md', `${DUE('carl')}# Review\n\nFacts from long ago.\n`)
  await writePage(server, 'routine.md', `${DUE('carl')}# Routine\n\nThe weekly routine.\n`)
  await writePage(server, 'policy.md', `${DUE('olivia')}# Policy\n\nThe travel policy.\n`)
}

/** Waits up to 10 s: the report and the settings bring the index up to date first. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 })

const region = (page: Page, name: string | RegExp) =>
  page.getByRole('region', { name, exact: typeof name === 'string' })
const freshnessOf = async (app: AppHarness, path: string) =>
  (await callApi<{ freshness: Freshness }>(app.server, 'GET', `${S}/files/${path}`)).freshness

/** Opens the Verify dialog of a page listed in the report's "due" section. */
async function openVerify(page: Page, section: string, path: string, button: string, title: string) {
  await region(page, new RegExp(section))
    .getByRole('listitem')
    .filter({ hasText: path })
    .getByRole('button', { name: button })
    .click()
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.waitFor()
  return dialog
}

describe('health report, verification and space settings', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('shows an org admin what needs care, and verifies a page through the dialog', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, HEALTH)
    const broken = region(page, /Broken links/)
    await poll(() => broken.getByRole('listitem').first().textContent()).toContain('holiday.md')
    const suggestion = broken.getByRole('link', { name: 'holidays.md' })
    expect(await suggestion.getAttribute('href')).toBe(`/s/${ORG}/${SPACE}/page/holidays.md`)
    expect(
      await region(page, /Orphans/)
        .getByRole('link', { name: 'team.md' })
        .isVisible(),
    ).toBe(true)
    expect(await region(page, /Empty/).getByRole('link', { name: 'blank.md' }).isVisible()).toBe(true)
    expect(await region(page, /Untitled/).textContent()).toContain('All clear')
    expect(
      await region(page, /Due for review/)
        .getByRole('heading')
        .textContent(),
    ).toContain('3')
    await screenshot(page, 'health')

    const dialog = await openVerify(page, 'Due for review', 'review.md', 'Verify', 'Verify page')
    expect(await dialog.getByLabel('Owner').inputValue()).toBe('carl')
    await dialog.getByLabel('Owner').fill('olivia')
    await dialog.getByLabel('Review every').selectOption('6m')
    expect(await dialog.getByLabel('Mark as verified now').isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await freshnessOf(app, 'review.md')).toMatchObject({
      verified: true,
      owner: 'olivia',
      review_every: '6m',
    })
    await poll(() =>
      region(page, /Due for review/)
        .getByRole('link', { name: 'review.md' })
        .count(),
    ).toBe(0)

    // The months control asks again; a page changed today is never stale.
    await page.getByLabel('Months').fill('1')
    await poll(() => region(page, /Stale/).textContent()).toContain('All clear')
  })

  it('speaks French: the report, and the dialog that verifies', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.orgAdmin, HEALTH)
    const broken = region(page, /Liens cassés/)
    await broken.getByRole('link', { name: 'holidays.md' }).waitFor()
    expect(await broken.textContent()).toContain('cible suggérée')
    expect(
      await region(page, /Pages orphelines/)
        .getByRole('link', { name: 'team.md' })
        .isVisible(),
    ).toBe(true)
    expect(
      await region(page, /Pages vides/)
        .getByRole('link', { name: 'blank.md' })
        .isVisible(),
    ).toBe(true)

    const dialog = await openVerify(page, 'Relectures à faire', 'routine.md', 'Vérifier', 'Vérifier la page')
    await dialog.getByLabel('Intervalle de relecture').selectOption('1y')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await freshnessOf(app, 'routine.md')).toMatchObject({
      verified: true,
      owner: 'carl',
      review_every: '1y',
    })
  })

  it('lets a reader see the report, without Verify and without settings', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, HEALTH)
    const due = region(page, /Due for review/)
    await due.getByRole('link', { name: 'policy.md' }).waitFor()
    expect(await due.getByRole('button', { name: 'Verify' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0)
    await page.goto(SETTINGS)
    await page.getByText('This page does not exist, or you cannot see it.').waitFor()
    expect(await page.getByRole('heading', { name: 'Space settings' }).count()).toBe(0)
  })

  it('lets a contributor verify, without a Settings tab', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, HEALTH)
    await poll(() =>
      region(page, /Due for review/)
        .getByRole('link', { name: 'policy.md' })
        .isVisible(),
    ).toBe(true)
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0)
    const dialog = await openVerify(page, 'Due for review', 'policy.md', 'Verify', 'Verify page')
    expect(await dialog.getByLabel('Owner').inputValue()).toBe('olivia')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await freshnessOf(app, 'policy.md')).toMatchObject({ verified: true, owner: 'olivia' })
  })

  it('lets an org admin change the space: name, members, vocation, tidy-up, sync, meaning, webhook', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/${SPACE}`)
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL((url) => url.pathname === SETTINGS)

    const general = region(page, 'General')
    await general.getByLabel('Name').fill('Staff handbook')
    await general.getByRole('button', { name: 'Save' }).click()
    await poll(() => page.locator('.space-name').textContent()).toBe('Staff handbook')
    expect((await callApi<{ name: string }>(app.server, 'GET', S)).name).toBe('Staff handbook')

    const members = region(page, 'Members')
    const memberList = () => callApi<Member[]>(app.server, 'GET', `${S}/members`)
    // Someone with no account: said by name, with the way to get them in.
    await members.getByLabel('Username').fill('nobody')
    await members.getByRole('button', { name: 'Add member' }).click()
    await poll(() => members.getByRole('alert').textContent()).toBe(
      'No account is named “nobody”: check the spelling, or invite them by e-mail.',
    )
    await members.getByLabel('Username').fill(NEWCOMER.username)
    await members.getByLabel('Role', { exact: true }).selectOption('contributor')
    await members.getByRole('button', { name: 'Add member' }).click()
    await poll(async () => (await memberList()).find((m) => m.username === 'mona')?.role).toBe('contributor')
    await members.getByLabel('Role of mona').selectOption('reader')
    await members.getByRole('button', { name: /^Apply the role of / }).click()
    await poll(async () => (await memberList()).find((m) => m.username === 'mona')?.role).toBe('reader')
    await members
      .getByRole('row')
      .filter({ hasText: '@mona' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await poll(async () => (await memberList()).some((m) => m.username === 'mona')).toBe(false)

    const templates = await callApi<{ key: string; label: string; text: string }[]>(
      app.server,
      'GET',
      '/vocation-templates',
    )
    const infra = templates.find((x) => x.key === 'infra')!
    const vocation = region(page, 'Vocation')
    await vocation.getByLabel('Start from a template').selectOption({ value: 'infra' })
    expect(await vocation.getByLabel('Vocation', { exact: true }).inputValue()).toBe(infra.text)
    await vocation.getByRole('button', { name: 'Save' }).click()
    await poll(async () => (await callApi<{ text: string }>(app.server, 'GET', `${S}/vocation`)).text).toBe(
      infra.text,
    )

    const tidy = region(page, 'Tidy-up settings')
    await tidy.getByLabel('Enabled').check()
    await tidy.getByLabel('Time', { exact: true }).fill('04:30')
    await tidy.getByLabel('Time zone').fill('Europe/Paris')
    await tidy.getByLabel('Delay (minutes)').fill('15')
    await tidy.getByRole('button', { name: 'Save' }).click()
    await poll(() => callApi(app.server, 'GET', `${S}/tidy-settings`)).toMatchObject({
      enabled: true,
      time: '04:30',
      timezone: 'Europe/Paris',
      delay: 15,
    })

    // A local space has no remote: nothing to sync with, so no Sync now that could only fail.
    const sync = region(page, 'Sync')
    await poll(() => sync.textContent()).toContain('Local (no remote)')
    expect(await sync.getByRole('button', { name: 'Sync now' }).count()).toBe(0)

    const meaning = region(page, 'Meaning index')
    const box = meaning.getByLabel('Search by meaning')
    await poll(() => box.isChecked()).toBe(true)
    await box.uncheck()
    await meaning.getByRole('button', { name: 'Save' }).click()
    await poll(() => meaning.getByText(/chunks indexed/).count()).toBe(0)
    await box.check()
    await meaning.getByRole('button', { name: 'Save' }).click()
    await meaning.getByText(/\d+ files, \d+ chunks indexed/).waitFor()
    expect(await callApi(app.server, 'GET', `${S}/semantic`)).toMatchObject({ enabled: true })

    const webhook = region(page, 'Webhook')
    await webhook.getByRole('button', { name: 'Generate secret' }).click()
    await poll(() => webhook.getByLabel('Secret', { exact: true }).inputValue()).toMatch(/^qwhs_/)
    expect(await webhook.getByRole('button', { name: /Copy/ }).count()).toBe(2)
    await page.reload()
    await poll(() => region(page, 'Webhook').textContent()).toContain('A secret is set.')
    await screenshot(page, 'space-settings')
  })

  it('speaks French in the settings, and saves there too', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.orgAdmin, SETTINGS)
    const general = region(page, 'Général')
    await general.getByLabel('Description').fill('Comment nous travaillons')
    await general.getByLabel('Intervalle de relecture').selectOption('1y')
    await general.getByRole('button', { name: 'Enregistrer' }).click()
    await poll(() => callApi(app.server, 'GET', S)).toMatchObject({
      description: 'Comment nous travaillons',
      review_every: '1y',
    })
    const members = region(page, 'Membres')
    await members.getByLabel('Nom d’utilisateur').fill(NEWCOMER.username)
    await members.getByRole('button', { name: 'Ajouter un membre' }).click()
    await poll(async () =>
      (await callApi<Member[]>(app.server, 'GET', `${S}/members`)).find((m) => m.username === 'mona'),
    ).toMatchObject({ role: 'reader' })
    await poll(() => region(page, 'Synchronisation').textContent()).toContain('Local (sans dépôt distant)')
    expect(await region(page, 'Réglages du rangement').getByLabel('Activé').isChecked()).toBe(true)
  })
})
