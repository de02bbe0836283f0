import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/** Accounts of this file, beside the seeded team. */
const FRANK = { username: 'frank', password: 'frank-password-0123', display_name: 'Frank Newcomer' }
const DAVE = {
  username: 'dave',
  password: 'dave-password-0123',
  display_name: 'Dave Doe',
  email: 'dave@example.com',
}

/**
 * A second organization holding a space of carl's. Its slug sorts before `acme` but its name after
 * `Acme`: the token form's pre-selection shows which order it follows (the names people read).
 */
const ZETA = { slug: 'aaa-zeta', name: 'Zeta', space: 'notes', spaceName: 'Notes' }

async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', '/users', FRANK)
  await callApi(server, 'POST', '/organizations', { slug: ZETA.slug, name: ZETA.name })
  await callApi(server, 'POST', `/organizations/${ZETA.slug}/spaces`, {
    slug: ZETA.space,
    name: ZETA.spaceName,
  })
  await callApi(server, 'PUT', `/organizations/${ZETA.slug}/members/${PEOPLE.contributor.username}`, {
    role: 'member',
  })
  await callApi(
    server,
    'PUT',
    `/organizations/${ZETA.slug}/spaces/${ZETA.space}/members/${PEOPLE.contributor.username}`,
    { role: 'contributor' },
  )
}

/** The part of a screen under a heading (each section is a region named by its heading). */
function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true })
}

/** Collects the page's uncaught errors, to check none happened. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The row of a table that holds a text. */
function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text })
}

describe('administration: instance, organization and account screens', () => {
  let app: AppHarness

  // The instance starts empty, as a new one does: only the super admin.
  beforeAll(async () => {
    app = await startApp(async () => undefined)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('walks the super admin through the first steps: an account, an organization, its spaces and admin', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    const errors = pageErrors(page)
    await signIn(page, ADMIN)
    await expect.poll(() => page.getByText('from the Instance screen').isVisible()).toBe(true)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Instance')
    const firstSteps = region(page, 'First steps')
    await expect
      .poll(() => firstSteps.getByRole('link', { name: /Create an organization/ }).isVisible())
      .toBe(true)

    const newAccount = page.getByRole('form', { name: 'New account' })
    await newAccount.getByLabel('Username').fill(DAVE.username)
    await newAccount.getByLabel('Display name').fill(DAVE.display_name)
    await newAccount.getByLabel('Email').fill(DAVE.email)
    await newAccount.getByLabel('Password').fill(DAVE.password)
    await newAccount.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => newAccount.getByRole('status').textContent()).toBe('Account dave created.')
    await expect.poll(() => row(page, DAVE.email).isVisible()).toBe(true)
    const daveOf = async () =>
      (
        await callApi<{ username: string; is_superadmin: boolean; is_active: boolean }[]>(
          app.server,
          'GET',
          '/users',
        )
      ).find((user) => user.username === DAVE.username)
    expect(await daveOf()).toMatchObject({ email: DAVE.email, is_superadmin: false, is_active: true })

    const newOrg = page.getByRole('form', { name: 'New organization' })
    await newOrg.getByLabel('Slug').fill('globex')
    await newOrg.getByLabel('Name', { exact: true }).fill('Globex')
    await newOrg.getByLabel('Description').fill('The Globex corporation')
    await newOrg.getByRole('button', { name: 'Create organization' }).click()
    const open = page.getByRole('link', { name: 'Open Globex' })
    await open.waitFor()
    const orgs = await callApi<{ slug: string; name: string }[]>(app.server, 'GET', '/organizations')
    expect(orgs.map((org) => org.slug)).toEqual(['globex'])

    // The first steps go on with the new organization's first space.
    await expect.poll(() => firstSteps.getByText('Organization Globex created.').isVisible()).toBe(true)
    await firstSteps.getByRole('button', { name: 'Create the first space of Globex' }).click()
    const dialog = page.getByRole('dialog', { name: 'New space in Globex' })
    // The slug follows the name.
    await dialog.getByLabel('Name', { exact: true }).fill('Wiki')
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('wiki')
    await dialog.getByLabel('Description').fill('Everything we know')
    await dialog.getByRole('button', { name: 'Create space' }).click()
    await expect.poll(() => firstSteps.getByRole('link', { name: 'Open Wiki' }).isVisible()).toBe(true)
    expect(
      await callApi<{ slug: string; repo_url: string }[]>(app.server, 'GET', '/organizations/globex/spaces'),
    ).toMatchObject([{ slug: 'wiki', repo_url: '', branch: 'main' }])
    await expect.poll(() => row(page, 'globex').getByRole('cell').nth(2).textContent()).toBe('1')
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'instance')

    // The organization's own screen: another space, then its first admin.
    await open.click()
    await page.waitForURL((url) => url.pathname === '/org/globex')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Globex')
    // A name of spaces alone is refused here, in the screen's words, not by the server's validator.
    const general = region(page, 'General')
    const orgName = general.getByLabel('Name', { exact: true })
    await orgName.fill('   ')
    await general.getByRole('button', { name: 'Save', exact: true }).click()
    expect(await orgName.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      'Write a name: spaces alone are not one.',
    )
    expect(await general.getByRole('alert').count()).toBe(0)
    expect(await callApi<{ name: string }>(app.server, 'GET', '/organizations/globex')).toMatchObject({
      name: 'Globex',
    })
    await orgName.fill('Globex')
    const spaces = region(page, 'Spaces')
    await expect.poll(() => spaces.getByRole('link', { name: 'Wiki' }).isVisible()).toBe(true)
    await spaces.getByRole('button', { name: 'New space' }).click()
    await dialog.getByLabel('Slug').fill('archive')
    await dialog.getByLabel('Name', { exact: true }).fill('Archive')
    await dialog.getByLabel('Branch').fill('trunk')
    await dialog.getByRole('button', { name: 'Create space' }).click()
    await expect.poll(() => spaces.getByRole('link', { name: 'Archive' }).isVisible()).toBe(true)
    expect(await dialog.isVisible()).toBe(false)
    const globexSpaces = await callApi<{ slug: string; branch: string }[]>(
      app.server,
      'GET',
      '/organizations/globex/spaces',
    )
    expect(globexSpaces.find((space) => space.slug === 'archive')).toMatchObject({ branch: 'trunk' })

    const members = region(page, 'Members')
    await members.getByLabel('Username').fill(DAVE.username)
    await members.getByLabel('Role', { exact: true }).selectOption('admin')
    await members.getByRole('button', { name: 'Add member' }).click()
    await expect.poll(() => members.getByLabel(`Role of ${DAVE.display_name}`).inputValue()).toBe('admin')
    // The super admin joined it on creation (the form's default), Dave now too.
    expect(await callApi(app.server, 'GET', '/organizations/globex/members')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: ADMIN.username, role: 'admin' }),
        { username: DAVE.username, display_name: DAVE.display_name, role: 'admin' },
      ]),
    )
    // Added again, with the form's default role: said, and his role is not quietly lowered.
    await members.getByLabel('Username').fill(DAVE.username.toUpperCase())
    await members.getByRole('button', { name: 'Add member' }).click()
    await expect
      .poll(() => members.getByRole('alert').textContent())
      .toBe(`${DAVE.display_name} is already a member, as Admin: change their role in the list above.`)
    expect(await members.getByLabel(`Role of ${DAVE.display_name}`).inputValue()).toBe('admin')
    expect(await callApi(app.server, 'GET', '/organizations/globex/members')).toEqual(
      expect.arrayContaining([{ username: DAVE.username, display_name: DAVE.display_name, role: 'admin' }]),
    )
    await spaces.getByRole('link', { name: 'Wiki' }).click()
    await page.waitForURL((url) => url.pathname === '/s/globex/wiki')

    // Back on the instance: an empty organization goes, one with spaces stays (the reason is given).
    await page.getByRole('link', { name: 'Instance' }).click()
    await newOrg.getByLabel('Slug').fill('scratch')
    await newOrg.getByLabel('Name', { exact: true }).fill('Scratch')
    await newOrg.getByRole('button', { name: 'Create organization' }).click()
    await row(page, 'scratch').getByRole('button', { name: 'Delete' }).click()
    const remove = page.getByRole('dialog', { name: 'Delete an organization' })
    await remove.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => row(page, 'scratch').count()).toBe(0)
    expect(
      (await callApi<{ slug: string }[]>(app.server, 'GET', '/organizations')).map((o) => o.slug),
    ).toEqual(['globex'])
    await row(page, 'globex').getByRole('button', { name: 'Delete' }).click()
    await remove.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => remove.getByRole('alert').textContent()).toContain('still has spaces')
    await remove.getByRole('button', { name: 'Cancel' }).click()

    // Super admin rights given and taken back, then the account deactivated.
    const dave = row(page, DAVE.email)
    const superAdmin = dave.getByRole('checkbox', { name: 'Super admin' })
    await superAdmin.click()
    // Asked first: a box ticked by a stray key grants nothing.
    const promote = page.getByRole('dialog', { name: 'Make an account super admin' })
    await promote
      .getByText(`${DAVE.display_name} will administer the whole instance`, { exact: false })
      .waitFor()
    expect(await daveOf()).toMatchObject({ is_superadmin: false })
    await promote.getByRole('button', { name: 'Make super admin' }).click()
    await expect.poll(daveOf).toMatchObject({ is_superadmin: true })
    await expect.poll(() => promote.isVisible()).toBe(false)
    await expect.poll(() => superAdmin.isEnabled()).toBe(true)
    await superAdmin.uncheck()
    await expect.poll(daveOf).toMatchObject({ is_superadmin: false })
    await dave.getByRole('button', { name: 'Deactivate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Deactivate an account' })
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await expect.poll(() => dave.getByRole('button', { name: 'Reactivate' }).isVisible()).toBe(true)
    expect(await daveOf()).toMatchObject({ is_active: false })

    const davePage = await (await app.newContext()).newPage()
    await davePage.goto('/sign-in')
    await davePage.getByLabel('Username').fill(DAVE.username)
    await davePage.getByLabel('Password').fill(DAVE.password)
    await davePage.getByRole('button', { name: 'Sign in' }).click()
    await expect
      .poll(() => davePage.getByRole('alert').textContent())
      .toContain('Wrong username or password.')
    expect(errors).toEqual([])
  })

  describe('with a team', () => {
    beforeAll(async () => {
      await seed(app.server)
    })

    it('keeps the skip link and the organization’s section links on the screen, the focus where they lead', async () => {
      const page = await (await app.newContext()).newPage()
      await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
      await page.waitForURL((url) => url.pathname === `/org/${ORG}`)
      // Loaded afresh, the focus starts at the document's top (signed in, it went to the screen's heading).
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Acme' }).waitFor()
      const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
      // The focus ring stands out from the page around it, 3:1 at least (WCAG 1.4.11).
      await page.keyboard.press('Tab')
      const ringContrast = await page.evaluate(() => {
        const luminance = (color: string) => {
          const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
            const c = Number(v) / 255
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
        }
        const ring = luminance(getComputedStyle(document.activeElement as Element).outlineColor)
        const page = luminance(getComputedStyle(document.documentElement).backgroundColor)
        return (Math.max(ring, page) + 0.05) / (Math.min(ring, page) + 0.05)
      })
      expect(ringContrast).toBeGreaterThanOrEqual(3)
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Enter')
      await expect.poll(focusedId).toBe('main')
      expect(new URL(page.url()).pathname).toBe(`/org/${ORG}`)

      const sections = page.getByRole('navigation', { name: 'Sections' })
      await sections.getByRole('link', { name: 'Webhooks' }).click()
      await expect.poll(focusedId).toBe('org-webhooks')
      expect(new URL(page.url()).pathname).toBe(`/org/${ORG}`)
      await page.getByRole('heading', { level: 1, name: 'Acme' }).waitFor()
    })

    it('lets an organization admin manage members, AI and embeddings, in French', async () => {
      const context = await app.newContext('fr-FR')
      const page = await context.newPage()
      const errors = pageErrors(page)
      await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
      await page.waitForURL((url) => url.pathname === `/org/${ORG}`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Acme')

      const members = region(page, 'Membres')
      await members.getByLabel('Nom d’utilisateur').fill(FRANK.username)
      await members.getByRole('button', { name: 'Ajouter un membre' }).click()
      const role = members.getByLabel(`Rôle de ${FRANK.display_name}`)
      await expect.poll(() => role.inputValue()).toBe('member')
      await role.selectOption('admin')
      const frankOf = async () =>
        (
          await callApi<{ username: string; role: string }[]>(
            app.server,
            'GET',
            `/organizations/${ORG}/members`,
          )
        ).find((member) => member.username === FRANK.username)
      // Chosen in the list, as an arrow key on it would: not granted until applied.
      expect(await frankOf()).toMatchObject({ role: 'member' })
      await members.getByRole('button', { name: `Appliquer le rôle de ${FRANK.display_name}` }).click()
      await expect.poll(frankOf).toMatchObject({ role: 'admin' })
      await expect
        .poll(() =>
          members.getByRole('button', { name: `Appliquer le rôle de ${FRANK.display_name}` }).count(),
        )
        .toBe(0)
      expect(await role.inputValue()).toBe('admin')
      await row(page, FRANK.display_name)
        .getByRole('button', { name: `Retirer ${FRANK.display_name}` })
        .click()
      const removal = page.getByRole('dialog', { name: 'Retirer un membre' })
      // The organization by its name, as everywhere in the screens, not its slug.
      expect(await removal.textContent()).toContain(`Retirer ${FRANK.display_name} de Acme ?`)
      await removal.getByRole('button', { name: 'Retirer' }).click()
      await expect.poll(() => row(page, FRANK.display_name).count()).toBe(0)
      expect(await frankOf()).toBeUndefined()

      const ai = region(page, 'IA')
      await expect.poll(() => ai.getByText('Aucun fournisseur d’IA n’est configuré').isVisible()).toBe(true)
      await ai.getByLabel('Fournisseur').selectOption('openai')
      await ai.getByLabel('Modèle').fill('gpt-4.1-mini')
      await ai.getByLabel('Effort').selectOption('low')
      await ai.getByLabel('Budget mensuel').fill('10')
      // Only the super admin chooses where keys are sent.
      expect(await ai.getByLabel('URL de base').count()).toBe(0)
      await ai.getByRole('button', { name: 'Enregistrer' }).click()
      await expect.poll(() => ai.getByRole('meter').isVisible()).toBe(true)
      expect(await ai.getByText('Dépensé ce mois-ci').textContent()).toMatch(/0,00.*sur 10,00/)
      expect(await callApi(app.server, 'GET', `/organizations/${ORG}/ai`)).toMatchObject({
        provider: 'openai',
        model: 'gpt-4.1-mini',
        effort: 'low',
        monthly_budget: 10,
        month_spent: 0,
        has_key: false,
      })
      await ai.getByLabel('Message').fill('Bonjour')
      await ai.getByRole('button', { name: 'Tester' }).click()
      await expect
        .poll(() => ai.getByRole('alert').textContent())
        .toMatch(/^L’appel de test a échoué : openai: no API key set/)
      await ai.evaluate((section) => section.scrollIntoView())
      await screenshot(page, 'organization')

      const embeddings = region(page, 'Plongements')
      await expect.poll(() => embeddings.getByText('Le modèle intégré').isVisible()).toBe(true)
      await embeddings.getByLabel('Fournisseur').selectOption('openai')
      await embeddings.getByLabel('Modèle').fill('text-embedding-3-small')
      await embeddings.getByLabel('Clé d’API').fill('sk-test-embeddings-key-0123456789')
      await embeddings.getByRole('button', { name: 'Enregistrer' }).click()
      await expect.poll(() => embeddings.getByText('Une clé est enregistrée').isVisible()).toBe(true)
      expect(await callApi(app.server, 'GET', `/organizations/${ORG}/embeddings`)).toMatchObject({
        provider: 'openai',
        model: 'text-embedding-3-small',
        has_key: true,
      })
      expect(errors).toEqual([])
    })

    it('lets a contributor rename themselves, switch to French, manage a token and change their password', async () => {
      const context = await app.newContext()
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      const page = await context.newPage()
      const errors = pageErrors(page)
      await signIn(page, PEOPLE.contributor, '/account')
      await page.waitForURL((url) => url.pathname === '/account')

      const profile = region(page, 'Profile')
      await profile.getByLabel('Display name').fill('Carl C.')
      await profile.getByLabel('Language').selectOption('fr')
      await profile.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Compte')
      expect(await page.getByRole('link', { name: 'Accueil' }).isVisible()).toBe(true)
      const carl = (await callApi<{ username: string }[]>(app.server, 'GET', '/users')).find(
        (user) => user.username === PEOPLE.contributor.username,
      )
      expect(carl).toMatchObject({ display_name: 'Carl C.', locale: 'fr' })

      // Carl reads spaces in two organizations: only those of the first by name are pre-selected.
      const tokens = region(page, 'Jetons personnels')
      const form = page.getByRole('form', { name: 'Nouveau jeton' })
      await form.getByLabel('Nom', { exact: true }).fill('Scripts')
      await form.getByLabel('Expire dans (jours)').fill('30')
      expect(await form.getByRole('checkbox', { name: 'Handbook' }).isChecked()).toBe(true)
      expect(await form.getByRole('checkbox', { name: ZETA.spaceName }).isChecked()).toBe(false)
      expect(
        await form.getByRole('checkbox', { name: 'Tous les espaces, y compris les futurs' }).isChecked(),
      ).toBe(false)
      expect(await form.getByText('Présélection : les espaces de l’organisation Acme').isVisible()).toBe(true)
      await form.getByRole('button', { name: 'Créer le jeton' }).click()

      const secretBox = tokens.getByRole('region', { name: 'Votre nouveau jeton « Scripts »' })
      const secret = await secretBox.getByLabel('Secret du jeton').inputValue()
      expect(secret).toMatch(/^qpat_/)
      // Shown once: the focus goes to it, read out with the warning.
      await expect
        .poll(() =>
          secretBox.getByLabel('Secret du jeton').evaluate((field) => field === document.activeElement),
        )
        .toBe(true)
      expect(await secretBox.getByText('il ne sera plus affiché').isVisible()).toBe(true)
      await secretBox.getByRole('button', { name: 'Copier' }).click()
      await expect
        .poll(() => secretBox.getByRole('button', { name: 'Copié', exact: true }).isVisible())
        .toBe(true)
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
      expect(await callApi(app.server, 'GET', '/me', undefined, secret)).toMatchObject({ username: 'carl' })
      const listed = row(page, 'Scripts')
      await expect.poll(() => listed.textContent()).toContain(`${ORG}/${SPACE}`)
      expect(await listed.textContent()).not.toContain(ZETA.slug)
      expect(await listed.textContent()).toContain(secret.slice(-4))
      await tokens.evaluate((section) => section.scrollIntoView())
      await screenshot(page, 'account-tokens')

      // Shown once: gone when dismissed, and never listed again.
      await secretBox.getByRole('button', { name: 'Je l’ai copié' }).click()
      await expect.poll(() => page.getByLabel('Secret du jeton').count()).toBe(0)
      expect(await page.getByText(secret).count()).toBe(0)

      await listed.getByRole('button', { name: 'Révoquer' }).click()
      await page
        .getByRole('dialog', { name: 'Révoquer un jeton' })
        .getByRole('button', { name: 'Révoquer' })
        .click()
      await expect.poll(() => listed.count()).toBe(0)
      const revoked = await fetch(`${app.server.url}/api/v1/me`, {
        headers: { Authorization: `Bearer ${secret}` },
      })
      expect(revoked.status).toBe(401)

      const password = region(page, 'Mot de passe')
      const newPassword = 'carl-new-password-987'
      await password.getByLabel('Mot de passe actuel').fill('not the password')
      await password.getByLabel('Nouveau mot de passe').fill(newPassword)
      await password.getByRole('button', { name: 'Changer le mot de passe' }).click()
      await expect
        .poll(() => password.getByRole('alert').textContent())
        .toContain('mot de passe actuel est incorrect')
      // The new password the person typed stays, only the current one is to be fixed.
      expect(await password.getByLabel('Nouveau mot de passe').inputValue()).toBe(newPassword)
      await password.getByLabel('Mot de passe actuel').fill(PEOPLE.contributor.password)
      await password.getByRole('button', { name: 'Changer le mot de passe' }).click()
      await expect.poll(() => password.getByRole('status').textContent()).toContain('Mot de passe changé')
      await page.getByRole('button', { name: 'Se déconnecter' }).click()
      await page.waitForURL(/\/sign-in/)
      await signIn(page, { username: PEOPLE.contributor.username, password: newPassword })
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Bienvenue, Carl C.')
      expect(errors).toEqual([])
    })

    it('shows a reader the not-found message on the organization and instance screens', async () => {
      const page = await (await app.newContext()).newPage()
      await signIn(page, PEOPLE.reader, `/org/${ORG}`)
      const notFound = 'This page does not exist, or you cannot see it.'
      await expect.poll(() => page.getByText(notFound).isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Members' }).count()).toBe(0)
      expect(await page.getByRole('link', { name: 'Instance' }).count()).toBe(0)
      await page.goto('/admin')
      await expect.poll(() => page.getByText(notFound).isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Accounts' }).count()).toBe(0)
    })

    it('lets the super admin run the instance in French: an account made super admin, an organization', async () => {
      const page = await (await app.newContext('fr-FR')).newPage()
      await signIn(page, ADMIN, '/admin')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Instance')
      const newAccount = page.getByRole('form', { name: 'Nouveau compte' })
      await newAccount.getByLabel('Nom d’utilisateur').fill('gaston')
      await newAccount.getByLabel('Nom affiché').fill('Gaston Lagaffe')
      await newAccount.getByLabel('Mot de passe').fill('gaston-password-0123')
      await newAccount.getByLabel('Super administrateur').check()
      await newAccount.getByRole('button', { name: 'Créer le compte' }).click()
      await expect.poll(() => newAccount.getByRole('status').textContent()).toBe('Compte gaston créé.')
      const users = await callApi<{ username: string; is_superadmin: boolean }[]>(app.server, 'GET', '/users')
      expect(users.find((user) => user.username === 'gaston')).toMatchObject({ is_superadmin: true })

      const newOrg = page.getByRole('form', { name: 'Nouvelle organisation' })
      await newOrg.getByLabel('Identifiant').fill('initech')
      await newOrg.getByLabel('Nom', { exact: true }).fill('Initech')
      await newOrg.getByRole('button', { name: 'Créer l’organisation' }).click()
      await page.getByRole('link', { name: 'Ouvrir Initech' }).waitFor()
      const orgs = await callApi<{ slug: string }[]>(app.server, 'GET', '/organizations')
      expect(orgs.map((org) => org.slug)).toContain('initech')
    })
  })
})
