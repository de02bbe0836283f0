import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppHarness, callApi, ORG, rawText, SPACE, startApp, writePage } from './helpers/app.ts'
import { editorText, openEditor, seedWriters, spaceGit, typeAtEndOfLine, WRITERS } from './helpers/live.ts'

const WEEK = '# Plan\n\nMonday:\nTuesday:\nWednesday:\n'

describe('the live editor, as a team uses it', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seedWriters)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('says at once that a person gone offline is reconnecting, keeps her typing, and says live again once back', async () => {
    const path = 'team/offline.md'
    await writePage(app.server, path, WEEK)
    const ada = await openEditor(app, WRITERS.ada, path)
    const grace = await openEditor(app, WRITERS.grace, path)
    const people = ada.getByRole('list', { name: 'People in this page' }).getByRole('listitem')
    await expect.poll(() => people.count()).toBe(2)

    await ada.context().setOffline(true)
    // The browser says so at once: no waiting for the socket to notice, which takes minutes.
    await ada
      .getByRole('status')
      .filter({ hasText: 'Connection lost: reconnecting… What you type is kept and sent once back.' })
      .waitFor({ timeout: 5_000 })
    await typeAtEndOfLine(ada, 3, ' typed offline')
    const expected = WEEK.replace('Monday:', 'Monday: typed offline')
    await expect.poll(() => editorText(ada)).toBe(expected)
    expect(await editorText(grace)).toBe(WEEK)
    // The others are known again from the server once back, not shown as if still there.
    expect(await people.count()).toBe(1)

    await ada.context().setOffline(false)
    await ada.getByRole('status').filter({ hasText: /^Live/ }).waitFor({ timeout: 10_000 })
    await expect.poll(() => editorText(grace), { timeout: 15_000 }).toBe(expected)
    await expect.poll(() => people.count()).toBe(2)
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    for (const page of [ada, grace]) await page.context().close()
  })

  it('commits on Done what was just typed, which the page then shows; not connected, says what leaving means', async () => {
    const path = 'team/done.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.ada, path)
    await typeAtEndOfLine(page, 3, ' right away')
    await page.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    // Shown without a reload: committed before the editor closed, not once the last person left.
    await page.locator('.markdown').getByText('Monday: right away').waitFor({ timeout: 3_000 })
    expect(await rawText(app.server, path)).toBe(WEEK.replace('Monday:', 'Monday: right away'))

    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
    await page.context().setOffline(true)
    await page.getByRole('status').filter({ hasText: 'Connection lost' }).waitFor({ timeout: 5_000 })
    await typeAtEndOfLine(page, 4, ' offline')
    await page.getByRole('button', { name: 'Done' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not connected: what you typed last is not committed yet.' })
      .waitFor()
    expect(new URL(page.url()).pathname).toBe(`/s/${ORG}/${SPACE}/edit/${path}`)
    await page.getByRole('button', { name: 'Leave anyway' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    await page.context().close()
  })

  it('deletes the page as it stands when asked, though it changed since the editor opened', async () => {
    const path = 'team/old-plan.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.ada, path)
    await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
    // Someone else writes the page meanwhile, through the API: the editor takes it in.
    await writePage(app.server, path, WEEK.replace('Tuesday:', 'Tuesday: review'))
    await expect.poll(() => editorText(page)).toContain('Tuesday: review')
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this page?' })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}`)
    await expect(
      callApi(app.server, 'GET', `/organizations/${ORG}/spaces/${SPACE}/files/${path}`),
    ).rejects.toThrow(': 404 ')
    await page.context().close()
  })

  it('keeps a page changed since it was shown, saying so in the reader’s words', async () => {
    const path = 'team/kept-plan.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.ada, path)
    await page.goto(`/s/${ORG}/${SPACE}/page/${path}`)
    await page.locator('.markdown').getByText('Tuesday:').waitFor()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this page?' })
    // Changed while the dialog is open: the page behind shows it, but it is not what was judged.
    await writePage(app.server, path, WEEK.replace('Tuesday:', 'Tuesday: review'))
    await page.locator('.markdown').getByText('Tuesday: review').waitFor({ timeout: 25_000 })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog.getByText('The page changed since you opened it, so it was not deleted.').waitFor()
    expect(await rawText(app.server, path)).toContain('Tuesday: review')

    // In an editor saved by Save (a page with Windows line endings is not edited live), the same.
    const crlf = 'team/crlf-plan.md'
    await writePage(app.server, crlf, WEEK.replaceAll('\n', '\r\n'))
    await page.goto(`/s/${ORG}/${SPACE}/edit/${crlf}`)
    await page.getByRole('button', { name: 'Cancel', exact: true }).waitFor()
    await writePage(app.server, crlf, WEEK.replace('Tuesday:', 'Tuesday: review').replaceAll('\n', '\r\n'))
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog.getByText('The page changed since you opened it, so it was not deleted.').waitFor()
    expect(await rawText(app.server, crlf)).toContain('Tuesday: review')
    await page.context().close()
  })

  it('continues a list on Enter, and ends it on Enter in an empty item', async () => {
    const path = 'team/owners.md'
    await writePage(app.server, path, '# Owners\n\n- Ada: design\n- Bob: production\n')
    const page = await openEditor(app, WRITERS.ada, path)
    await typeAtEndOfLine(page, 4, '')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Carol: support')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Ask them first.')
    const expected = '# Owners\n\n- Ada: design\n- Bob: production\n- Carol: support\n\nAsk them first.\n'
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)

    // The page shows Carol as an item of her own, and the sentence after the list as a paragraph.
    await page.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    const items = page.locator('.markdown').getByRole('listitem')
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['Ada: design', 'Bob: production', 'Carol: support'])
    await page.locator('.markdown').getByRole('paragraph').filter({ hasText: 'Ask them first.' }).waitFor()
    await page.context().close()
  })

  it('says everything was already saved when Save finds nothing left to commit, and keeps the message typed', async () => {
    const path = 'team/dashboards.md'
    await writePage(app.server, path, WEEK)
    const page = await openEditor(app, WRITERS.grace, path)
    await typeAtEndOfLine(page, 5, ' dashboards')
    const expected = WEEK.replace('Wednesday:', 'Wednesday: dashboards')
    // The session commits by itself once typing pauses.
    await expect.poll(() => rawText(app.server, path), { timeout: 15_000 }).toBe(expected)
    await page.getByRole('status').filter({ hasText: 'Live · saved' }).waitFor()

    await page.getByLabel('Commit message').fill('Add dashboards step')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const note = page.getByRole('status').filter({ hasText: 'Everything was already saved' })
    await note.waitFor()
    expect(await note.textContent()).toBe(
      `Everything was already saved, in the commit “Edit ${path}” by Grace Hopper: there was nothing left to commit. Your message was not used; it is kept in the field above.`,
    )
    expect(page.url()).toContain(`/edit/${path}`)
    expect(await page.getByLabel('Commit message').inputValue()).toBe('Add dashboards step')
    expect(await spaceGit(app, 'log', '--format=%B')).not.toContain('Add dashboards step')

    // With a change of her own, the message kept goes into the commit.
    await typeAtEndOfLine(page, 5, ' and alerts')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/${path}`)
    expect(await spaceGit(app, 'log', '--format=%B')).toContain('Add dashboards step')
    await page.context().close()
  })
})
