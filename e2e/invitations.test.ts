import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from '../shared/testing/smtp-server.ts'
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
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

/** A second space of the organization, which no invitation of this file offers. */
const BOARD = { slug: 'board', name: 'Board' }

/** Someone with an account on the instance who is not in the organization yet (no address on it). */
const ERIN = { username: 'erin', password: 'erin-password-01234', display_name: 'Erin Elsewhere' }

/** Someone new, who makes their account with the invitation. */
const NINA = { username: 'nina', password: 'nina-password-01234', display_name: 'Nina Newcomer' }

async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, { slug: BOARD.slug, name: BOARD.name })
  await callApi(server, 'POST', '/users', ERIN)
}

/** Collects the page's uncaught errors, to check none happened. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * The link of an invitation mail (its plain text part): not the one the inviter is shown, and the
 * only one that proves the address.
 */
function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/invite\/[\w-]+/.exec(text ?? '')?.[0]
  if (!link) throw new Error(`no invitation link in the mail:\n${text}`)
  return link
}

/**
 * The organization admin invites an address through the members screen, as a member with the given
 * role on the handbook; answers the link shown on the screen once the dialog says it was sent.
 */
async function inviteThroughScreen(
  browser: Browser,
  server: RunningServer,
  email: string,
  shot?: string,
): Promise<string> {
  const context = await browser.newContext({ locale: 'en-US', baseURL: server.url })
  try {
    const page = await context.newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    await page.getByRole('button', { name: 'Invite people' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite people' })
    await dialog.getByLabel('E-mail address').fill(email)
    expect(await dialog.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('member')
    await dialog.getByRole('combobox', { name: 'Handbook' }).selectOption({ label: 'Reader' })
    expect(await dialog.getByRole('combobox', { name: BOARD.name }).inputValue()).toBe('')
    if (shot) await screenshot(page, `${shot}-form`)
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await expect
      .poll(() => dialog.getByText(/^We sent it to/).textContent())
      .toBe(`We sent it to ${email}; you can also pass it on yourself. It works for 7 days.`)
    const linkField = dialog.getByRole('textbox', { name: 'Invitation link' })
    const link = await linkField.inputValue()
    // Shown once in place of the form: the focus is on it, read out with what it is for.
    await expect.poll(() => linkField.evaluate((field) => field === document.activeElement)).toBe(true)
    expect(await linkField.getAttribute('aria-describedby')).toBeTruthy()
    await dialog.getByRole('button', { name: 'Copy' }).waitFor()
    if (shot) await screenshot(page, `${shot}-link`)
    await dialog.getByRole('button', { name: 'Done' }).click()
    // The invitation waits among the pending ones, with what it offers and who sent it.
    const row = page
      .getByRole('region', { name: 'Pending invitations' })
      .getByRole('row')
      .filter({ hasText: email })
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual([email, 'Member', 'Handbook: Reader', expect.any(String), PEOPLE.orgAdmin.username, 'Cancel'])
    if (shot) await screenshot(page, `${shot}-pending`)
    return link
  } finally {
    await context.close()
  }
}

/** Checks a person sees the handbook, and only it, and can read it without editing. */
async function expectReaderOfHandbookOnly(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open Handbook' }).click()
  await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}`)
  await page.getByRole('heading', { level: 1, name: 'Handbook' }).waitFor()
  await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  expect(await page.getByRole('link', { name: 'New page' }).count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
  await page.goto('/')
  const acme = page.getByRole('region', { name: 'Acme' })
  await acme.getByRole('link', { name: 'Handbook' }).waitFor()
  expect(await acme.getByRole('listitem').count()).toBe(1)
  expect(await page.getByRole('link', { name: BOARD.name }).count()).toBe(0)
}

describe('invitations: from the members screen to the mailed link, with a new or an existing account', () => {
  let app: AppHarness
  let smtp: TestSmtpServer

  beforeAll(async () => {
    smtp = await startSmtpServer()
    app = await startApp(seed, { SERVICE_SMTP_URL: smtp.url, SERVICE_MAIL_FROM: 'Quire <quire@example.com>' })
  })

  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  it('mails a link that makes a new account, signed in at once, a reader of the one space offered, its address verified', async () => {
    const shown = await inviteThroughScreen(app.browser, app.server, 'nina@example.com', 'invite-people')
    const [mail] = await smtp.waitFor(1)
    expect(mail?.recipients).toEqual(['nina@example.com'])
    const link = linkIn(mail?.text)
    expect(shown).toMatch(/\/invite\/qinv_[\w-]+$/)
    expect(link).not.toBe(shown)

    const context = await app.newContext()
    const page = await context.newPage()
    const errors = pageErrors(page)
    await page.goto(link)
    await page
      .getByRole('heading', { level: 1, name: `${PEOPLE.orgAdmin.display_name} invited you to join Acme` })
      .waitFor()
    expect(await page.getByText('Handbook: Reader').count()).toBe(1)
    expect(await page.getByText('nina@example.com').count()).toBe(1)
    await screenshot(page, 'invitation')
    await page.getByLabel('Username').fill(NINA.username)
    await page.getByLabel('Display name').fill(NINA.display_name)
    await page.getByLabel('Password').fill(NINA.password)
    await page.getByRole('button', { name: 'Create account and join' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome to Acme' }).waitFor()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('You joined Acme. Your role: Member.')
    await screenshot(page, 'invitation-joined')
    await expectReaderOfHandbookOnly(page)
    await page.getByRole('heading', { level: 1, name: `Welcome, ${NINA.display_name}` }).waitFor()

    // The mailed link proved she reads mail there: her account shows the address verified.
    await page.goto('/account')
    const address = page.getByRole('region', { name: 'E-mail address', exact: true })
    await address.getByText('nina@example.com').waitFor()
    await expect.poll(() => address.getByText('Verified', { exact: true }).isVisible()).toBe(true)
    expect(await address.getByRole('button', { name: 'Send a verification link' }).count()).toBe(0)

    // The invitation worked once, whichever link: opened again, either says so.
    for (const used of [link, shown]) {
      await page.goto(used)
      await page.getByText('This invitation has expired, was cancelled or was already used.').waitFor()
    }
    expect(errors).toEqual([])
  })

  it('lets someone with an account sign in from the link, come back to it and accept', async () => {
    // She was passed the link the admin was shown; the one mailed to the address is another.
    const link = await inviteThroughScreen(app.browser, app.server, 'erin@example.com')
    const mails = await smtp.waitFor(2)
    expect(mails[1]?.recipients).toEqual(['erin@example.com'])
    expect(linkIn(mails[1]?.text)).not.toBe(link)

    const context = await app.newContext()
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('link', { name: 'Sign in to accept' }).click()
    await page.waitForURL((url) => url.pathname === '/sign-in')
    // The invitation's own form has a Username and a Password too: fill the sign-in page's, once shown.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    await page.getByLabel('Username').fill(ERIN.username)
    await page.getByLabel('Password').fill(ERIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/invite/'))
    await page.getByText(`Signed in as ${ERIN.display_name}`).waitFor()
    expect(await page.getByRole('button', { name: 'Create account and join' }).count()).toBe(0)
    // Her account has no address to tell it from the invited one: nothing to warn of.
    expect(await page.getByText('This invitation was sent to').count()).toBe(0)
    await screenshot(page, 'invitation-signed-in')
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome to Acme' }).waitFor()
    await expectReaderOfHandbookOnly(page)
  })

  it('turns a cancelled invitation’s link away, and gives access at once to a proved address', async () => {
    const link = await inviteThroughScreen(app.browser, app.server, 'gone@example.com')
    // Someone has it open, filling in the form, while it is cancelled.
    const invited = await (await app.newContext()).newPage()
    await invited.goto(link)
    await invited.getByLabel('Username').fill('gwen')
    await invited.getByLabel('Password').fill('gwen-password-0123')
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    const pending = page.getByRole('region', { name: 'Pending invitations' })
    await pending
      .getByRole('row')
      .filter({ hasText: 'gone@example.com' })
      .getByRole('button', { name: 'Cancel' })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Cancel an invitation' })
    await confirm.getByText('Cancel the invitation of gone@example.com?', { exact: false }).waitFor()
    await confirm.getByRole('button', { name: 'Cancel the invitation' }).click()
    await expect.poll(() => pending.getByText('gone@example.com').count()).toBe(0)
    await pending.getByText('No invitation is waiting for an answer.').waitFor()
    // Sent once cancelled: told the invitation is no longer valid, as on opening it afresh.
    await invited.getByRole('button', { name: 'Create account and join' }).click()
    await invited.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor()
    await invited.getByText('This invitation has expired, was cancelled or was already used.').waitFor()

    // Nina proved she reads mail at her address by using her link: a new invitation gives at once.
    await page.getByRole('button', { name: 'Invite people' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite people' })
    await dialog.getByLabel('E-mail address').fill('nina@example.com')
    await dialog.getByRole('combobox', { name: BOARD.name }).selectOption({ label: 'Reader' })
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('nina@example.com already had an account: they have access now.')
    expect(await dialog.getByRole('textbox', { name: 'Invitation link' }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await pending.getByText('No invitation is waiting for an answer.').waitFor()

    const stranger = await (await app.newContext()).newPage()
    await stranger.goto(link)
    await stranger.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor()
    await stranger.getByText('This invitation has expired, was cancelled or was already used.').waitFor()
    expect(await stranger.getByRole('button', { name: 'Create account and join' }).count()).toBe(0)
  })

  it('speaks French to a French browser, the invitation and a link no longer valid alike', async () => {
    const created = await callApi<{ link: string }>(app.server, 'POST', `/organizations/${ORG}/invitations`, {
      email: 'francois@example.com',
      org_role: 'member',
      spaces: { [BOARD.slug]: 'contributor' },
    })
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await page.goto(created.link)
    await page.getByRole('heading', { level: 1, name: /vous invite à rejoindre Acme$/ }).waitFor()
    await page.getByText(`${BOARD.name} : Contributeur`).waitFor()
    await page.getByLabel('Nom d’utilisateur').waitFor()
    await page.getByLabel('Nom affiché').waitFor()
    await page.getByRole('button', { name: 'Créer le compte et rejoindre' }).waitFor()
    await page.getByRole('link', { name: 'Se connecter pour accepter' }).waitFor()
    await screenshot(page, 'invitation-fr')

    const id = (
      await callApi<{ id: string; email: string }[]>(app.server, 'GET', `/organizations/${ORG}/invitations`)
    ).find((invitation) => invitation.email === 'francois@example.com')?.id
    await callApi(app.server, 'DELETE', `/organizations/${ORG}/invitations/${id}`)
    await page.reload()
    await page.getByText('Cette invitation a expiré, a été annulée ou a déjà été utilisée.').waitFor()
    await screenshot(page, 'invitation-gone-fr')
  })

  it('warns an admin accepting an invitation sent to another address, then says the role she keeps', async () => {
    const made = await callApi<{ link: string }>(app.server, 'POST', `/organizations/${ORG}/invitations`, {
      email: 'olivia.elsewhere@example.com',
      org_role: 'member',
    })
    await callApi(app.server, 'PATCH', `/users/${PEOPLE.orgAdmin.username}`, { email: 'olivia@example.com' })
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin)
    await page.goto(new URL(made.link).pathname)
    // Sent to another address than hers: said before she uses it up.
    await page
      .getByText(
        'This invitation was sent to olivia.elsewhere@example.com. Accepting it gives its access to your account, Olivia Admin, and nobody else can use it afterwards.',
      )
      .waitFor()
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome to Acme' }).waitFor()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'You joined' }).textContent())
      .toBe('You joined Acme. Your role: Admin.')
  })
})

describe('invitations on a server without a mail server', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('tell the inviter the link is the way in, not that it was mailed', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/org/${ORG}`)
    await page.getByRole('button', { name: 'Invite people' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite people' })
    await dialog.getByLabel('E-mail address').fill('nomail@example.com')
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await dialog.getByRole('heading', { name: 'Invitation ready' }).waitFor()
    expect(await dialog.getByText(/^This server sends no mail/).textContent()).toBe(
      'This server sends no mail (no mail server is set up): pass the link on to nomail@example.com yourself. It works for 7 days.',
    )
    expect(await dialog.getByText(/We sent it/).count()).toBe(0)
    expect(await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue()).toMatch(/\/invite\//)
  })
})
