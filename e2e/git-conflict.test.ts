import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import {
  type AppHarness,
  addRemoteSpace,
  callApi,
  LOOPBACK_REMOTES,
  ORG,
  PEOPLE,
  screenshot,
  seedTeam,
  signIn,
  startApp,
} from './helpers/app.ts'

const SYNCED = 'synced'
const S = `/organizations/${ORG}/spaces/${SYNCED}`

type GitState = { status: string; conflicts: { path: string }[] }

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

describe('a Git conflict resolved in the space settings, against a real remote', () => {
  let app: AppHarness
  let remote: GitRemote

  beforeAll(async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/synced.git', {
      files: {
        'content/notes.md': '# Notes\n\nBase words.\n',
        'content/plan.md': '# Plan\n\nFirst step.\n\nLast step.\n',
      },
    })
    app = await startApp(async (server) => {
      await seedTeam(server)
      await addRemoteSpace(server, {
        slug: SYNCED,
        name: 'Synced',
        url: remote.url('acme/synced.git'),
        token: `${remote.username}:${remote.password}`,
      })
    }, LOOPBACK_REMOTES)
  })

  afterAll(async () => {
    await app?.close()
    await remote?.stop()
  })

  it('shows both versions and keeps the side the admin chooses', async () => {
    // Someone pushes straight to the remote; the service, not knowing yet, writes the same page.
    const { sha } = await callApi<{ sha: string }>(app.server, 'GET', `${S}/files/notes.md`)
    const clone = await remote.clone('acme/synced.git')
    await clone.write('content/notes.md', '# Notes\n\nTheir words.\n')
    await clone.commitAll('Their edit')
    await clone.push()
    await callApi(app.server, 'PUT', `${S}/files/notes.md`, {
      content: '# Notes\n\nOur words.\n',
      base_sha: sha,
    })
    await expect
      .poll(async () => (await callApi<GitState>(app.server, 'GET', `${S}/git`)).conflicts.length, {
        timeout: 20_000,
      })
      .toBe(1)

    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/${SYNCED}/settings`)
    const conflicts = region(page, 'Conflits')
    await conflicts.getByText('Our words.').waitFor()
    await conflicts.getByText('Their words.').waitFor()
    // The page by its path in the space, as everywhere else.
    await conflicts.getByRole('group', { name: 'notes.md', exact: true }).waitFor()
    await conflicts.getByLabel(/Garder la mienne/).check()
    await conflicts.getByRole('button', { name: 'Résoudre' }).click()

    await expect
      .poll(async () => (await callApi<GitState>(app.server, 'GET', `${S}/git`)).conflicts.length, {
        timeout: 20_000,
      })
      .toBe(0)
    const file = await callApi<{ text: string }>(app.server, 'GET', `${S}/files/notes.md`)
    expect(file.text).toBe('# Notes\n\nOur words.\n')
    // The remote got the chosen side too, pushed a moment after the commit.
    await expect
      .poll(() => clone.pulled('content/notes.md'), { timeout: 20_000 })
      .toBe('# Notes\n\nOur words.\n')
  })

  it('keeps our version as edited by hand beside theirs', async () => {
    const { sha } = await callApi<{ sha: string }>(app.server, 'GET', `${S}/files/plan.md`)
    const clone = await remote.clone('acme/synced.git')
    await clone.write('content/plan.md', '# Plan\n\nFirst step, theirs.\n\nLast step.\n')
    await clone.commitAll('Their plan')
    await clone.push()
    await callApi(app.server, 'PUT', `${S}/files/plan.md`, {
      content: '# Plan\n\nFirst step.\n\nLast step, ours.\n',
      base_sha: sha,
    })
    await expect
      .poll(async () => (await callApi<GitState>(app.server, 'GET', `${S}/git`)).conflicts.length, {
        timeout: 20_000,
      })
      .toBe(1)

    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.orgAdmin, `/s/${ORG}/${SYNCED}/settings`)
    const conflicts = region(page, 'Conflicts')
    // Theirs is read-only beside ours; ours is edited by hand.
    await conflicts.getByText('First step, theirs.').waitFor()
    const mine = conflicts.getByRole('textbox', { name: 'Mine (local), editable' })
    await mine.getByText('Last step, ours.').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' Then rest.')
    await expect.poll(() => conflicts.getByLabel('Keep my edited version').isChecked()).toBe(true)
    await screenshot(page, 'conflict-merge')
    await conflicts.getByRole('button', { name: 'Resolve' }).click()

    await expect
      .poll(async () => (await callApi<{ text: string }>(app.server, 'GET', `${S}/files/plan.md`)).text, {
        timeout: 20_000,
      })
      .toBe('# Plan\n\nFirst step.\n\nLast step, ours. Then rest.\n')
    expect((await callApi<GitState>(app.server, 'GET', `${S}/git`)).conflicts).toEqual([])
    // The push follows the commit: the remote has it a moment later.
    await expect
      .poll(() => clone.pulled('content/plan.md'), { timeout: 20_000 })
      .toBe('# Plan\n\nFirst step.\n\nLast step, ours. Then rest.\n')
  })
})
