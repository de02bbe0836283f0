import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import { ADMIN, callApi, screenshot } from './helpers/app.ts'
import { type RunningEngine, startEngine } from './helpers/engine.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

const HANDBOOK = '/organizations/acme/spaces/handbook'

const spacesRegion = (page: Page) => page.getByRole('region', { name: 'This computer’s spaces', exact: true })
const spaceCard = (page: Page, name: string) =>
  spacesRegion(page).getByRole('listitem').filter({ hasText: name })

/** Opens the dialog that adds spaces, on the kind asked. */
async function openAddDialog(page: Page, kind: string) {
  await spacesRegion(page).getByRole('button', { name: 'Add a space' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a space' })
  await dialog.getByRole('radiogroup', { name: 'Kind of space' }).getByLabel(kind).check()
  return dialog
}

describe('the desktop app keeping spaces of a hosted server and of a Git remote', () => {
  let server: RunningServer
  let remote: GitRemote
  let engine: RunningEngine

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN.password, adminToken: ADMIN.token, apiDocs: false })
    await callApi(server, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await callApi(server, 'POST', '/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' })
    await callApi(server, 'PUT', `${HANDBOOK}/files/holidays.md`, {
      content: '# Holidays\n\nTwenty-five days a year.\n',
    })
    remote = await startGitRemote()
    await remote.createRepo('wiki', {
      files: { 'content/welcome.md': '# Welcome\n\nStart here.\n\nAsk anyone.\n' },
    })
    engine = await startEngine()
    await engine.call('PUT', '/desktop/person', { name: 'Ada Lovelace', email: 'ada@example.com' })
  }, 120_000)

  afterAll(async () => {
    await engine?.close()
    await remote?.stop()
    expect(await server?.stop()).toBe(0)
  })

  it('lists a server’s spaces with a personal token, keeps the one chosen, and syncs it', async () => {
    const page = await (await engine.newContext()).newPage()
    await page.goto('/')
    let dialog = await openAddDialog(page, 'From a Quire server')
    await dialog.getByLabel('Server address').fill(server.url)
    await dialog.getByLabel('Personal token').fill('qpat_not-a-token-of-that-server')
    await dialog.getByRole('button', { name: 'List spaces' }).click()
    await dialog.getByRole('alert').waitFor()
    await dialog.getByLabel('Personal token').fill(ADMIN.token)
    await dialog.getByRole('button', { name: 'List spaces' }).click()
    await dialog.getByLabel('Handbook (acme)').check()
    await screenshot(page, 'desktop-add-server')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })

    const card = spaceCard(page, 'Handbook')
    await card.getByText('Quire server', { exact: true }).waitFor()
    // The list is read again by itself until the first sync is over.
    await card.getByText('Synced', { exact: true }).waitFor({ timeout: 30_000 })

    // Listed again, the space is already on this computer: ticked, and cannot be added twice.
    dialog = await openAddDialog(page, 'From a Quire server')
    await dialog.getByLabel('Server address').fill(server.url)
    await dialog.getByLabel('Personal token').fill(ADMIN.token)
    await dialog.getByRole('button', { name: 'List spaces' }).click()
    const kept = dialog.getByLabel('Handbook (acme)')
    await kept.waitFor()
    expect(await kept.isChecked()).toBe(true)
    expect(await kept.isDisabled()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await card.getByRole('link', { name: 'Handbook' }).click()
    await page.getByRole('link', { name: 'Holidays' }).first().click()
    await page.getByText('Twenty-five days a year.').waitFor()
  })

  it('says in French a remote out of reach as offline, on its card as in its settings, and refused credentials as such', async () => {
    await engine.call('POST', '/desktop/spaces', {
      kind: 'git',
      name: 'Nowhere',
      repo_url: 'http://quire-remote.invalid/wiki.git',
    })
    await engine.call('POST', '/desktop/spaces', {
      kind: 'git',
      name: 'Locked wiki',
      repo_url: remote.url('wiki'),
      token: `${remote.username}:not-the-password`,
    })
    const page = await (await engine.newContext('fr-FR')).newPage()
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Espaces de cet ordinateur', exact: true })
    const nowhere = region.getByRole('listitem').filter({ hasText: 'Nowhere' })
    await nowhere.getByText('Hors ligne', { exact: true }).waitFor({ timeout: 30_000 })
    expect(await nowhere.getByText('Erreur de synchronisation').count()).toBe(0)
    const locked = region.getByRole('listitem').filter({ hasText: 'Locked wiki' })
    await locked.getByText('Erreur de synchronisation', { exact: true }).waitFor({ timeout: 30_000 })
    await locked.getByText(/^Le dépôt distant a refusé les identifiants/).waitFor()

    await page.goto('/s/local/nowhere/settings')
    await page.getByText(/^Le dépôt distant est injoignable/).waitFor()
    // Its state says offline too, as its card does, not an error.
    const facts = page.getByRole('region', { name: 'Synchronisation' })
    await facts.getByText('Hors ligne', { exact: true }).waitFor()
    expect(await facts.getByText('Erreur', { exact: true }).count()).toBe(0)
  })

  it('keeps a Git remote’s space, syncs it on demand, and settles a conflict with an edited version', async () => {
    const page = await (await engine.newContext()).newPage()
    await page.goto('/')
    const dialog = await openAddDialog(page, 'From a Git remote')
    await dialog.getByLabel('Name', { exact: true }).fill('Team wiki')
    // A folder is no remote: said in the dialog's words.
    await dialog.getByLabel('Repository URL').fill('file:///media/usb/wiki.git')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog
      .getByRole('alert')
      .getByText(/^A Git remote is an address on the network/)
      .waitFor()
    await dialog.getByLabel('Repository URL').fill(remote.url('wiki'))
    expect(await dialog.getByLabel('Branch').inputValue()).toBe('main')
    await dialog.getByLabel('Access token').fill(`${remote.username}:${remote.password}`)
    await screenshot(page, 'desktop-add-git')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    const card = spaceCard(page, 'Team wiki')
    await card.getByText('Git remote', { exact: true }).waitFor()
    await card.getByText('Synced', { exact: true }).waitFor({ timeout: 30_000 })

    // Both sides change the same lines: theirs is pushed first, ours is written on the desktop.
    const wiki = '/organizations/local/spaces/team-wiki'
    const { sha } = await engine.call<{ sha: string }>('GET', `${wiki}/files/welcome.md`)
    const clone = await remote.clone('wiki')
    await clone.write('content/welcome.md', '# Welcome\n\nStart there.\n\nAsk anyone.\n')
    await clone.commitAll('Their welcome')
    await clone.push()
    await engine.call('PUT', `${wiki}/files/welcome.md`, {
      content: '# Welcome\n\nStart here.\n\nAsk anyone, anytime.\n',
      base_sha: sha,
    })
    await card.getByRole('button', { name: 'Sync now' }).click()
    const conflicts = card.getByRole('link', { name: '1 conflict' })
    await conflicts.waitFor({ timeout: 30_000 })
    await screenshot(page, 'desktop-conflict')

    await conflicts.click()
    await page.waitForURL(
      (url) => url.pathname === `/s/local/team-wiki/settings` && url.hash === '#conflicts',
    )
    const section = page.getByRole('region', { name: 'Conflicts', exact: true })
    await section.getByText('Start there.').waitFor()
    // Theirs for the first change, ours for the second: ours edited by hand.
    await section.getByRole('textbox', { name: 'Mine (local), editable' }).getByText('Start here.').click()
    await page.keyboard.press('End')
    for (let i = 0; i < 'here.'.length; i++) await page.keyboard.press('Backspace')
    await page.keyboard.type('there.')
    expect(await section.getByLabel('Keep my edited version').isChecked()).toBe(true)
    await section.getByRole('button', { name: 'Resolve' }).click()

    const merged = '# Welcome\n\nStart there.\n\nAsk anyone, anytime.\n'
    await expect.poll(() => clone.pulled('content/welcome.md'), { timeout: 30_000 }).toBe(merged)
    await page.getByRole('link', { name: 'Home' }).click()
    await spaceCard(page, 'Team wiki').getByText('Synced', { exact: true }).waitFor({ timeout: 30_000 })

    // The remote gone: Sync now says it could not be reached, and that the changes wait here.
    await remote.stop()
    await spaceCard(page, 'Team wiki').getByRole('button', { name: 'Sync now' }).click()
    await spaceCard(page, 'Team wiki')
      .getByRole('status')
      .getByText('The remote could not be reached: what changed here waits on this computer.')
      .waitFor({ timeout: 30_000 })
  })
})
