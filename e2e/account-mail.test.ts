import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from '../shared/testing/smtp-server.ts'
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
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

/** A person with an address, who proves it is theirs, then forgets her password. */
const VERA = {
  username: 'vera',
  password: 'vera-password-0123',
  display_name: 'Vera Mailer',
  email: 'vera@example.com',
}

/** Collects the page's uncaught errors, to check none happened. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The part of a screen under a heading (each section is a region named by its heading). */
function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true })
}

describe('mailed links: verifying an address, resetting a password, a password set by the super admin', () => {
  let app: AppHarness
  let smtp: TestSmtpServer

  /**
   * The link of the `nth` message (from 1) mailed to `to` whose link leads to `path`, once it
   * arrived: the server sends mail from its job queue, a moment after the request.
   */
  async function mailedLink(to: string, path: string, nth = 1): Promise<string> {
    const pattern = new RegExp(`${app.server.url}/${path}/\\S+`)
    const links = () =>
      smtp.messages
        .filter((message) => message.recipients.includes(to))
        .map((message) => pattern.exec(message.text ?? '')?.[0])
        .filter((link): link is string => link !== undefined)
    await expect.poll(() => links().length).toBeGreaterThanOrEqual(nth)
    return links()[nth - 1]!
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    app = await startApp(
      async (server: RunningServer) => {
        await seedTeam(server)
        await callApi(server, 'POST', '/users', VERA)
      },
      { SERVICE_SMTP_URL: smtp.url },
    )
  })

  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  it('confirms an address from the account page, then resets a forgotten password by mail', async () => {
    const page = await (await app.newContext()).newPage()
    const errors = pageErrors(page)
    // Creating the account mailed a first link; asking again voids it.
    const first = await mailedLink(VERA.email, 'verify-email')
    await signIn(page, VERA, '/account')
    const address = region(page, 'E-mail address')
    await expect.poll(() => address.getByText('Not verified').isVisible()).toBe(true)
    await address.getByRole('button', { name: 'Send a verification link' }).click()
    await expect
      .poll(() => address.getByRole('status').textContent())
      .toBe(`A link was sent to ${VERA.email}.`)
    await screenshot(page, 'account-verify-address')

    await page.goto(first)
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This link has expired or was already used.')

    // A link does nothing on opening (mail scanners open links): only the button confirms.
    await page.goto(await mailedLink(VERA.email, 'verify-email', 2))
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Confirm your address')
    expect(await callApi(app.server, 'GET', '/users')).toContainEqual(
      expect.objectContaining({ username: VERA.username, email_verified: false }),
    )
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Your address is verified.')
    await page.getByRole('link', { name: 'Open the app' }).click()
    await page.goto('/account')
    await expect.poll(() => address.getByText('Verified', { exact: true }).isVisible()).toBe(true)
    expect(await address.getByRole('button', { name: 'Send a verification link' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/sign-in/)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.waitForURL((url) => url.pathname === '/forgot-password')
    await page.getByLabel('Username or e-mail address').fill(VERA.email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('If an account matches, a link is on its way to its verified address; it works for an hour.')
    await screenshot(page, 'forgot-password')

    const reset = await mailedLink(VERA.email, 'reset-password')
    await page.goto(reset)
    const newPassword = 'vera-chose-this-one-42'
    await page.getByLabel(/^New password/).fill(newPassword)
    await page.getByLabel('Repeat the new password').fill('vera-chose-another')
    await page.getByRole('button', { name: 'Set the password' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The two passwords differ.')
    await screenshot(page, 'reset-password')
    await page.getByLabel('Repeat the new password').fill(newPassword)
    await page.getByRole('button', { name: 'Set the password' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password is set')
    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL(/\/sign-in/)
    await signIn(page, { username: VERA.username, password: newPassword })
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome, Vera Mailer')

    // The link worked once.
    await page.goto(reset)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This link has expired or was already used.')
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    expect(errors).toEqual([])
  })

  it('has a person choose their own password after the super admin set one, then goes on', async () => {
    const admin = await (await app.newContext()).newPage()
    await signIn(admin, ADMIN, '/admin')
    const rita = admin.getByRole('row').filter({ hasText: PEOPLE.reader.username })
    await rita.getByRole('button', { name: 'Set a new password' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Set a new password' })
    await dialog.getByRole('button', { name: 'Set a new password' }).click()
    const shown = dialog.getByRole('textbox', { name: 'New password' })
    await expect.poll(() => shown.inputValue()).not.toBe('')
    const given = await shown.inputValue()
    expect(await dialog.getByText('must change it at the next sign-in').isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true)
    await screenshot(admin, 'instance-new-password')
    await dialog.getByRole('button', { name: 'I have copied it' }).click()
    await expect.poll(() => rita.getByText('Must change password').isVisible()).toBe(true)

    const page = await (await app.newContext()).newPage()
    const errors = pageErrors(page)
    await page.goto(`/s/${ORG}/${SPACE}`)
    await page.getByLabel('Username').fill(PEOPLE.reader.username)
    await page.getByLabel('Password', { exact: true }).fill(given)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/change-password')
    await expect
      .poll(() => page.getByText('An administrator set your password').textContent())
      .toBe('An administrator set your password: choose a new one to continue.')
    // Every other screen leads back here until it is done.
    await page.goto('/account')
    await page.waitForURL((url) => url.pathname === '/change-password')
    const chosen = 'rita-own-password-777'
    await page.getByLabel('Password you were given').fill(given)
    await page.getByLabel(/^New password/).fill(chosen)
    await page.getByLabel('Repeat the new password').fill(chosen)
    await screenshot(page, 'forced-password-change')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Account')
    expect(await callApi(app.server, 'GET', '/users')).toContainEqual(
      expect.objectContaining({ username: PEOPLE.reader.username, must_change_password: false }),
    )
    await page.goto(`/s/${ORG}/${SPACE}`)
    await page.getByRole('heading', { level: 1, name: 'Handbook' }).waitFor()
    expect(errors).toEqual([])
  })

  it('speaks French on the forgot-password page, and says the same whether an account matches or not', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    const errors = pageErrors(page)
    await page.goto('/sign-in')
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
    await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill('nobody-here')
    await page.getByRole('button', { name: 'Envoyer le lien' }).click()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(
        'Si un compte correspond, un lien part vers son adresse vérifiée ; il fonctionne pendant une heure.',
      )
    await screenshot(page, 'forgot-password-fr')
    expect(errors).toEqual([])
  })
})
