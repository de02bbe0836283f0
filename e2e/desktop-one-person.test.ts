import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningEngine, startEngine } from './helpers/engine.ts'

/** Whether something shows on the screen now. */
const shown = async (page: Page, role: Parameters<Page['getByRole']>[0], name: string) =>
  (await page.getByRole(role, { name, exact: true }).count()) > 0

describe('the desktop app shows its one person their own screens, nothing of a multi-user instance', () => {
  let engine: RunningEngine

  beforeAll(async () => {
    engine = await startEngine()
    await engine.call('PUT', '/desktop/person', { name: 'Ada Lovelace', email: 'ada@example.com' })
    await engine.call('POST', '/desktop/spaces', { kind: 'local', name: 'Field notes' })
  })

  afterAll(async () => {
    await engine?.close()
  })

  it('has no Instance screen, no accounts, no members, no password; spaces, name, language and settings stay', async () => {
    const page = await (await engine.newContext()).newPage()
    const notFound: string[] = []
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url())
    })
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Desktop' }).waitFor()
    // Their spaces, with where each is kept and its sync.
    const spaces = page.getByRole('region', { name: 'This computer’s spaces', exact: true })
    await spaces.getByRole('listitem').filter({ hasText: 'Field notes' }).getByText('Local only').waitFor()
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Desktop', 'Account'])

    // The instance's administration is not there, even at its address.
    await page.goto('/admin')
    await page.getByText('This page does not exist').waitFor()
    expect(await shown(page, 'heading', 'Instance')).toBe(false)
    expect(await shown(page, 'button', 'New account')).toBe(false)
    expect(await shown(page, 'button', 'Delete')).toBe(false)
    expect(await page.getByText('This computer').count()).toBe(0)

    // Their organization's settings: AI and search, but no members to manage.
    await page.goto('/desktop')
    const ai = page.getByRole('region', { name: 'AI and search' })
    await ai.getByRole('link', { name: 'Settings of This computer' }).click()
    await page.getByRole('heading', { name: 'This computer', level: 1 }).waitFor()
    await page.getByRole('region', { name: 'AI', exact: true }).waitFor()
    expect(await shown(page, 'link', 'Members')).toBe(false)
    expect(await shown(page, 'region', 'Members')).toBe(false)
    expect(await shown(page, 'button', 'Add member')).toBe(false)

    // A space's settings: its sync and its purpose, but no members and no webhook for a Git host.
    await page.goto('/s/local/field-notes/settings')
    await page.getByRole('region', { name: 'Sync', exact: true }).waitFor()
    expect(await shown(page, 'region', 'Members')).toBe(false)
    expect(await shown(page, 'region', 'Webhook')).toBe(false)
    // A folder is no remote: said in the form's words.
    const remote = page.getByRole('region', { name: 'Remote', exact: true })
    await remote.getByText(/^No remote: this space is kept on this computer only\./).waitFor()
    await remote.getByLabel('Repository URL').fill('file:///media/usb/notes.git')
    await remote.getByRole('button', { name: 'Save' }).click()
    await remote
      .getByRole('alert')
      .getByText(/^A Git remote is an address on the network/)
      .waitFor()

    // Their name and language, their own tokens; no password (they sign in with none), no role.
    await nav.getByRole('link', { name: 'Account' }).click()
    const profile = page.getByRole('region', { name: 'Profile' })
    await profile.getByLabel('Display name').waitFor()
    expect(await profile.getByLabel('Language').isVisible()).toBe(true)
    await page.getByRole('region', { name: 'Personal tokens' }).waitFor()
    expect(await shown(page, 'region', 'Password')).toBe(false)
    expect(await page.getByText('Super admin').count()).toBe(0)

    // Nothing asked of the engine went unanswered.
    expect(notFound).toEqual([])
  })
})
