import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OidcTestProvider, startOidcProvider } from '../shared/testing/oidc-provider.ts'
import { ADMIN, type AppHarness, callApi, screenshot, startApp } from './helpers/app.ts'

/** Someone with an account at the provider and none here yet. */
const NINA = {
  subject: 'nina-1',
  email: 'nina@example.com',
  emailVerified: true,
  preferredUsername: 'nina',
  name: 'Nina Provider',
}

/** How this instance is registered at the provider. */
const CLIENT = { clientId: 'quire-e2e', clientSecret: 'quire-e2e-client-secret-0123' }

/** Collects the page's uncaught errors, to check none happened. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Signs in with a password (the sign-in screen also offers `Sign in with <provider>` buttons). */
async function signInWithPassword(page: Page, person: { username: string; password: string }, path: string) {
  await page.goto(path)
  await page.getByLabel('Username').fill(person.username)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'))
}

describe('single sign-on through an OpenID Connect provider', () => {
  let app: AppHarness
  let idp: OidcTestProvider
  let admin: Page

  /** The instance screen's part about providers, and one provider in it. */
  const section = () => admin.getByRole('region', { name: 'Single sign-on', exact: true })
  const provider = (name: string) => section().getByRole('listitem').filter({ hasText: name })

  beforeAll(async () => {
    idp = await startOidcProvider({ accounts: [NINA] })
    app = await startApp(async () => undefined)
    admin = await (await app.newContext()).newPage()
  })

  afterAll(async () => {
    await app?.close()
    await idp?.close()
  })

  it('adds a provider on the instance screen, then lets a person sign in through it', async () => {
    const errors = pageErrors(admin)
    await signInWithPassword(admin, ADMIN, '/admin')
    await expect
      .poll(() => section().getByText('No provider: everyone signs in with a password.').isVisible())
      .toBe(true)
    const form = admin.getByRole('form', { name: 'Add a provider' })
    await form.getByLabel('Kind').selectOption('oidc')
    await form.getByLabel('Name', { exact: true }).fill('Acme ID')
    expect(await form.getByLabel(/^Slug/).inputValue()).toBe('acme-id')
    await form.getByLabel(/^Issuer/).fill(idp.issuer)
    await form.getByLabel(/^Client ID/).fill(CLIENT.clientId)
    await form.getByLabel(/^Client secret/).fill(CLIENT.clientSecret)
    await form.getByLabel('Create accounts automatically').check()
    expect(await form.getByLabel('Link by verified address').isChecked()).toBe(false)
    await form.getByRole('button', { name: 'Add a provider' }).click()

    const acme = provider('Acme ID')
    const callback = acme.getByRole('textbox', { name: 'Callback URL' })
    await expect.poll(() => callback.inputValue()).toBe(`${app.server.url}/api/v1/sso/acme-id/callback`)
    expect(await acme.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true)
    // Only Google and Microsoft let in anyone at all.
    expect(await acme.getByText('can create an account here').count()).toBe(0)
    await idp.addClient({ ...CLIENT, redirectUris: [await callback.inputValue()] })

    // A change with the secret left empty keeps it: the sign-in below still works.
    await acme.getByRole('button', { name: 'Edit' }).click()
    const edit = admin.getByRole('dialog', { name: 'Edit Acme ID' })
    await edit.getByLabel(/^Allowed domains/).fill('example.com')
    // Another issuer would forget whom the provider signed in: said before saving, and gone once put back.
    const forgets = edit.getByRole('alert').filter({ hasText: 'forgets whom it signed in' })
    expect(await forgets.count()).toBe(0)
    await edit.getByLabel(/^Issuer/).fill(`${idp.issuer}/other`)
    await forgets.waitFor()
    await edit.getByLabel(/^Issuer/).fill(idp.issuer)
    await expect.poll(() => forgets.count()).toBe(0)
    await screenshot(admin, 'instance-sso-edit')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => edit.isVisible()).toBe(false)
    await expect.poll(() => acme.textContent()).toContain('only example.com')
    expect(await callApi(app.server, 'GET', '/sso-providers')).toMatchObject([
      { slug: 'acme-id', issuer: idp.issuer, allowed_domains: ['example.com'], auto_create: true },
    ])
    await section().evaluate((element) => element.scrollIntoView())
    await screenshot(admin, 'instance-sso')

    const page = await (await app.newContext()).newPage()
    const personErrors = pageErrors(page)
    idp.signInAs(NINA.subject)
    await page.goto('/account')
    await page.waitForURL(/\/sign-in\?next=/)
    const signInWithAcme = page.getByRole('button', { name: 'Sign in with Acme ID' })
    await signInWithAcme.waitFor()
    await screenshot(page, 'sign-in-sso')
    await signInWithAcme.click()
    await page.waitForURL((url) => url.origin === app.server.url && url.pathname === '/account')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Account')
    // Made through the provider, with no password: not asked for a current one it never had.
    await page
      .getByText('You sign in through single sign-on: this account has no password.', { exact: false })
      .waitFor()
    expect(await page.getByLabel('Current password').count()).toBe(0)
    expect(await callApi(app.server, 'GET', '/users')).toContainEqual(
      expect.objectContaining({ email: NINA.email, email_verified: true, display_name: NINA.name }),
    )
    expect(personErrors).toEqual([])
    expect(errors).toEqual([])
  })

  it('explains a sign-in the provider declined, in French', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    const errors = pageErrors(page)
    idp.signInAs(null)
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Se connecter avec Acme ID' }).click()
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.has('sso_error'))
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'La connexion chez le fournisseur n’a pas abouti, ou sa réponse n’a pas pu être vérifiée : recommencez.',
      )
    await screenshot(page, 'sign-in-sso-error-fr')
    expect(errors).toEqual([])
  })

  it('warns of a provider open to anyone, and deletes providers: their buttons leave the sign-in screen', async () => {
    const errors = pageErrors(admin)
    await admin.goto('/admin')
    const form = admin.getByRole('form', { name: 'Add a provider' })
    await form.getByLabel('Kind').selectOption('google')
    // Google has one issuer: there is nothing to fill in, and it vouches for addresses.
    expect(await form.getByLabel(/^Issuer/).count()).toBe(0)
    expect(await form.getByLabel('Link by verified address').isChecked()).toBe(true)
    await form.getByLabel('Name', { exact: true }).fill('Google')
    await form.getByLabel(/^Client ID/).fill('google-client-id')
    await form.getByLabel(/^Client secret/).fill('google-client-secret')
    await form.getByLabel('Create accounts automatically').check()
    await form.getByRole('button', { name: 'Add a provider' }).click()
    await expect
      .poll(() => provider('Google').getByRole('note').textContent())
      .toBe('Anyone with a Google account can create an account here.')

    for (const name of ['Google', 'Acme ID']) {
      await provider(name).getByRole('button', { name: 'Delete' }).click()
      const confirm = admin.getByRole('dialog', { name: 'Delete a provider' })
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await expect.poll(() => provider(name).count()).toBe(0)
    }
    expect(await callApi(app.server, 'GET', '/sso-providers')).toEqual([])

    const page = await (await app.newContext()).newPage()
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: /Sign in with/ }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})
