import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  SPACE,
  seedTeam,
  signIn,
  startApp,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

/** An account no longer active: its row offers to reactivate it. */
const GONE = { username: 'gone', password: 'gone-password-0123', display_name: 'Gus Gone' }

/** A single sign-on provider, listed with its own buttons. */
const GOOGLE = { kind: 'google', name: 'Google Workspace', client_id: 'client-0123', client_secret: 'secret' }

async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', '/users', GONE)
  await callApi(server, 'PATCH', `/users/${GONE.username}`, { is_active: false })
  await callApi(server, 'PUT', '/sso-providers/google', GOOGLE)
}

/** The row of a table that holds a text. */
function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text })
}

/** The names of buttons as a screen reader lists them (all named by aria-label or text here). */
function namesOf(buttons: Locator): Promise<string[]> {
  return buttons.evaluateAll((all) =>
    all.map((button) => button.getAttribute('aria-label') ?? button.textContent),
  )
}

/** The names of a part of the screen's buttons. */
function buttonNames(part: Locator): Promise<string[]> {
  return namesOf(part.getByRole('button'))
}

/** A short description of the element holding the keyboard's focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return element ? `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 40)}` : ''
  })

/** The text of the elements an element's aria-describedby points at. */
const description = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
      .join(' | '),
  )

describe('accessibility: names, focus and errors', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('names whom or what each row button of the instance screen acts on, in English and French', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, ADMIN, '/admin')
    const carl = row(page, PEOPLE.contributor.username)
    await expect
      .poll(() => buttonNames(carl))
      .toEqual([`Set a new password for ${PEOPLE.contributor.display_name}`, 'Deactivate Carl Contributor'])
    // The visible text stays, first in the name (what a voice command says).
    expect(await carl.getByRole('button', { name: 'Deactivate Carl Contributor' }).textContent()).toBe(
      'Deactivate',
    )
    expect(await buttonNames(row(page, GONE.username))).toEqual([
      `Set a new password for ${GONE.display_name}`,
      `Reactivate ${GONE.display_name}`,
    ])
    expect(await buttonNames(row(page, ORG))).toEqual(['Delete Acme'])
    const google = page.getByRole('listitem').filter({ hasText: GOOGLE.name })
    expect(await google.getByRole('button', { name: /Google Workspace$/ }).allTextContents()).toEqual([
      'Edit',
      'Delete',
    ])
    expect(await namesOf(google.getByRole('button', { name: /Google Workspace$/ }))).toEqual([
      'Edit Google Workspace',
      'Delete Google Workspace',
    ])
    // The button named for the row opens what it says.
    await row(page, ORG).getByRole('button', { name: 'Delete Acme', exact: true }).click()
    await page.getByRole('dialog', { name: 'Delete an organization' }).getByText('Delete Acme?').waitFor()

    const french = await (await app.newContext('fr-FR')).newPage()
    await signIn(french, ADMIN, '/admin')
    await expect
      .poll(() => buttonNames(row(french, PEOPLE.contributor.username)))
      .toEqual([
        `Définir un nouveau mot de passe pour ${PEOPLE.contributor.display_name}`,
        'Désactiver Carl Contributor',
      ])
    expect(await buttonNames(row(french, GONE.username))).toEqual([
      `Définir un nouveau mot de passe pour ${GONE.display_name}`,
      `Réactiver ${GONE.display_name}`,
    ])
    expect(await buttonNames(row(french, ORG))).toEqual(['Supprimer Acme'])
    expect(
      await namesOf(
        french
          .getByRole('listitem')
          .filter({ hasText: GOOGLE.name })
          .getByRole('button', { name: /Google Workspace$/ }),
      ),
    ).toEqual(['Modifier Google Workspace', 'Supprimer Google Workspace'])
  })

  it('moves the focus to the new screen’s level-one heading on navigation, not on the first load', async () => {
    const page = await (await app.newContext()).newPage()
    await page.goto(`/s/${ORG}/${SPACE}/inbox`)
    await page.getByLabel('Username').waitFor()
    // The first screen (here, signing in) leaves the focus where the browser puts it.
    expect(await focused(page)).toMatch(/^body/)
    await page.getByLabel('Username').fill(PEOPLE.orgAdmin.username)
    await page.getByLabel('Password', { exact: true }).fill(PEOPLE.orgAdmin.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    // Signed in, the screen asked for: its heading has the focus.
    await expect.poll(() => focused(page)).toBe('h1 Inbox')
    const sections = page.getByRole('navigation', { name: 'Space sections' })
    for (const [link, heading] of [
      ['Tidy-up runs', 'Tidy-up runs'],
      ['Routines', 'Routines'],
      ['Trash', 'Trash'],
      ['Pages', 'Handbook'],
    ]) {
      await sections.getByRole('link', { name: link, exact: true }).click()
      await expect.poll(() => focused(page)).toBe(`h1 ${heading}`)
    }
    // From the header, by the keyboard: Tab then goes on from the new screen's top.
    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })
    await home.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe(`h1 Welcome, ${PEOPLE.orgAdmin.display_name}`)
    expect(await page.getByRole('heading', { level: 1 }).getAttribute('tabindex')).toBe('-1')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    // The browser's back button too.
    await page.goBack()
    await expect.poll(() => focused(page)).toBe('h1 Handbook')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click()
    await expect.poll(() => focused(page)).toBe('h1 Account')
    // A screen that reads its heading's data first gives the heading the focus once it shows.
    await home.click()
    await page.getByRole('link', { name: 'Manage Acme' }).click()
    await expect.poll(() => focused(page)).toBe('h1 Acme')
    await page.goto(`/org/${ORG}`)
    await page.getByRole('heading', { level: 1, name: 'Acme' }).waitFor()
    expect(await focused(page)).toMatch(/^body/)
  })

  it('marks a field invalid and describes it by its error', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    const members = page.getByRole('region', { name: 'Members', exact: true })
    const username = members.getByLabel('Username')
    await username.fill('nobody')
    expect(await username.getAttribute('aria-invalid')).toBeNull()
    await members.getByRole('button', { name: 'Add member' }).click()
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true')
    expect(await description(username)).toBe(
      'No account is named “nobody”: check the spelling, or invite them by e-mail.',
    )
    // Corrected, it is valid again.
    await username.fill(PEOPLE.reader.username)
    expect(await username.getAttribute('aria-invalid')).toBeNull()
    expect(await username.getAttribute('aria-describedby')).toBeNull()
    await members.getByRole('button', { name: 'Add member' }).click()
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true')
    expect(await description(username)).toBe(
      `${PEOPLE.reader.display_name} is already a member, as Member: change their role in the list above.`,
    )

    // A new password repeated wrong, where an administrator's password must be replaced.
    const { password } = await callApi<{ password: string }>(
      app.server,
      'POST',
      `/users/${PEOPLE.contributor.username}/password`,
      {},
    )
    const carl = await (await app.newContext()).newPage()
    await signIn(carl, { username: PEOPLE.contributor.username, password })
    await carl.waitForURL((url) => url.pathname === '/change-password')
    await carl.getByLabel('Password you were given').fill(password)
    await carl.getByLabel('New password', { exact: true }).fill('carl-new-password-0123')
    const repeat = carl.getByLabel('Repeat the new password')
    await repeat.fill('carl-new-password-0124')
    await carl.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => repeat.getAttribute('aria-invalid')).toBe('true')
    expect(await description(repeat)).toBe('The two passwords differ.')
    expect(await carl.getByRole('alert').textContent()).toBe('The two passwords differ.')
    // The hint of the first field still describes it, and it is not marked.
    const first = carl.getByLabel('New password', { exact: true })
    expect(await description(first)).toContain('characters')
    expect(await first.getAttribute('aria-invalid')).toBeNull()
  })

  it('keeps the focus on a submit button while its request runs, and sends the form once', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, '/account')
    const profile = page.getByRole('region', { name: 'Profile' })
    await profile.getByLabel('Display name').fill('Rita R.')
    // The server answers slowly, once the checks below are done.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let sent = 0
    await page.route(`**/api/v1/users/${PEOPLE.reader.username}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue()
      sent++
      await held
      await route.continue()
    })
    const save = profile.getByRole('button', { name: 'Save' })
    await save.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => sent).toBe(1)
    // Waiting, the button keeps the focus, and says it cannot be used.
    expect(await focused(page)).toBe('button Save')
    expect(await save.getAttribute('aria-disabled')).toBe('true')
    // Drawn disabled all the same.
    expect(await save.evaluate((button) => getComputedStyle(button).opacity)).toBe('0.6')
    // Pressed again while waiting, or Enter in a field, it sends nothing more.
    await page.keyboard.press('Enter')
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true)
    await profile.getByLabel('Display name').press('Enter')
    release()
    await expect.poll(() => save.getAttribute('aria-disabled')).toBeNull()
    expect(sent).toBe(1)
    const rita = (await callApi<{ username: string }[]>(app.server, 'GET', '/users')).find(
      (user) => user.username === PEOPLE.reader.username,
    )
    expect(rita).toMatchObject({ display_name: 'Rita R.' })
  })

  it('puts the focus on the first field of the new form after “Invite someone else”', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    await page.getByRole('button', { name: 'Invite people' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite people' })
    await dialog.getByLabel('E-mail address').fill('first@example.com')
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await dialog.getByRole('button', { name: 'Invite someone else' }).click()
    const email = dialog.getByLabel('E-mail address')
    await email.waitFor()
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true)
    expect(await email.inputValue()).toBe('')
    // Typed at once, a second invitation goes.
    await page.keyboard.type('second@example.com')
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await dialog.getByRole('button', { name: 'Invite someone else' }).waitFor()
    const invitations = await callApi<{ email: string }[]>(
      app.server,
      'GET',
      `/organizations/${ORG}/invitations`,
    )
    expect(invitations.map((invitation) => invitation.email).sort()).toEqual([
      'first@example.com',
      'second@example.com',
    ])
  })
})
