import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  rawText,
  SPACE,
  screenshot,
  seedTeam,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import type { RunningServer } from './helpers/server.ts'

const S = `/organizations/${ORG}/spaces/${SPACE}`
const HOME = `/s/${ORG}/${SPACE}`

/** A 1×1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** A first version kept byte for byte by a restore: a byte order mark and Windows line endings. */
const RULES_V1 = '\uFEFF# Rules\r\n\r\nBe kind.\r\n'

/** A space of its own with nothing deleted, for the trash's empty state. */
const QUIET = 'quiet'

type Commit = { commit: string; author: string; subject: string }

/** The seeded team, a page whose title is not its file name, an image, a page edited twice and a quiet space. */
async function seed(server: RunningServer): Promise<void> {
  await seedTeam(server)
  await writePage(server, 'team/people.md', '# Who is who\n\nThe team, by name.\n')
  await callApi(server, 'PUT', `${S}/files/img/diagram.png`, {
    content_base64: PIXEL,
    message: 'Add a diagram',
  })
  await writePage(server, 'rules.md', RULES_V1)
  await writePage(server, 'rules.md', '# Rules\n\nBe kind, and brief.\n')
  await writePage(server, 'charter.md', '# Charter\n\nWe meet weekly.\n')
  await writePage(server, 'charter.md', '# Charter\n\nWe meet monthly.\n')
  for (const path of ['old-plan.md', 'clash.md', 'brief.md'])
    await writePage(server, path, `# ${path === 'old-plan.md' ? 'Old plan' : path}\n\nOnce useful.\n`)
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, { slug: QUIET, name: 'Quiet' })
  await callApi(
    server,
    'PUT',
    `/organizations/${ORG}/spaces/${QUIET}/members/${PEOPLE.contributor.username}`,
    {
      role: 'contributor',
    },
  )
}

const historyOf = (app: AppHarness, path: string) =>
  callApi<Commit[]>(app.server, 'GET', `${S}/history/${path}`)

const tree = (page: Page, french = false) =>
  page.getByRole('navigation', { name: french ? 'Arborescence des pages' : 'Page tree' })

/** Deletes a page through its Delete button, as the signed-in person. */
async function deleteThroughPage(page: Page, path: string, french = false): Promise<void> {
  await page.goto(`${HOME}/page/${path}`)
  await page.getByRole('button', { name: french ? 'Supprimer' : 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: french ? 'Supprimer cette page ?' : 'Delete this page?' })
  await dialog.getByRole('button', { name: french ? 'Supprimer' : 'Delete', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.includes('/page/'))
}

describe('the tree by title, drag to move, the trash and restoring a version', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp(seed)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('names pages by title and keeps attachments apart, in a closed group of their folder', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader, HOME)
    await tree(page).getByRole('link', { name: 'Who is who' }).waitFor()
    expect(
      await tree(page)
        .getByRole('link', { name: /people/i })
        .count(),
    ).toBe(0)
    // A small space opens with its folders open: in each, folders first, pages by title, attachments last.
    const rows = await tree(page).getByRole('listitem').allTextContents()
    expect(rows.map((text) => text.replace(/^\W+/, ''))).toEqual([
      'guides',
      'Setup guide',
      'img',
      'Attachments (1)',
      'team',
      'Who is who',
      'brief.md',
      'Charter',
      'clash.md',
      'Holidays',
      'Old plan',
      'Rules',
      'Welcome',
    ])
    const image = tree(page).getByRole('link', { name: 'diagram.png Image' })
    expect(await image.count()).toBe(0)
    const attachments = tree(page).getByRole('button', { name: 'Attachments (1)' })
    expect(await attachments.getAttribute('aria-expanded')).toBe('false')
    await attachments.click()
    await image.click()
    await page.waitForURL(`${HOME}/page/img/diagram.png`)
    await page.getByRole('link', { name: 'Download' }).waitFor()
    // A reader cannot move anything: nothing in the tree can be dragged.
    expect(await tree(page).locator('[draggable="true"]').count()).toBe(0)
  })

  it('moves a page dragged onto a folder, with its links rewritten, once confirmed', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/page/guides/setup.md`)
    const setup = tree(page).getByRole('link', { name: 'Setup guide' })
    const dialog = page.getByRole('dialog', { name: 'Move to another folder?' })
    // Dropped on the folder it is in, nothing happens.
    await setup.dragTo(tree(page).getByRole('button', { name: 'guides', exact: true }))
    expect(await dialog.count()).toBe(0)

    await setup.dragTo(tree(page).getByRole('button', { name: 'team', exact: true }))
    await dialog.getByText('Move “Setup guide” into the folder team.').waitFor()
    await dialog.getByText('The links of this page will be rewritten:').waitFor()
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['index.md'])
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    // The open page follows its move.
    await page.waitForURL(`${HOME}/page/team/setup.md`)
    await page.getByRole('heading', { level: 1, name: 'Setup guide' }).waitFor()
    // The tree reloads once the move is committed: it may still show the old place for a moment.
    await expect
      .poll(() => tree(page).getByRole('link', { name: 'Setup guide' }).getAttribute('href'))
      .toBe(`${HOME}/page/team/setup.md`)
    expect(await rawText(app.server, 'index.md')).toContain('[setup guide](team/setup.md)')
    const [last] = await historyOf(app, 'team/setup.md')
    expect(last?.author).toBe(PEOPLE.contributor.display_name)

    // To the top of the space, in French: the place to drop shows while dragging.
    const french = await (await app.newContext('fr-FR')).newPage()
    await signIn(french, PEOPLE.contributor, HOME)
    const people = tree(french, true).getByRole('link', { name: 'Who is who' })
    await people.hover()
    await french.mouse.down()
    await french.mouse.move(40, 40)
    const root = french.getByText('Déposer ici pour déplacer à la racine de l’espace')
    await root.hover()
    await french.mouse.up()
    const confirm = french.getByRole('dialog', { name: 'Déplacer dans un autre dossier ?' })
    await confirm.getByText('Déplacer « Who is who » à la racine de l’espace.').waitFor()
    await confirm.getByText('Aucun lien à réécrire.').waitFor()
    await confirm.getByRole('button', { name: 'Déplacer', exact: true }).click()
    await expect
      .poll(() => tree(french, true).getByRole('link', { name: 'Who is who' }).getAttribute('href'))
      .toBe(`${HOME}/page/people.md`)
  })

  it('lists a deleted page in the trash with who deleted it and when; Restore brings it back as a commit by the restorer', async () => {
    const carl = await (await app.newContext()).newPage()
    await signIn(carl, PEOPLE.contributor, HOME)
    await deleteThroughPage(carl, 'old-plan.md')
    await deleteThroughPage(carl, 'clash.md')

    // A reader sees the trash, without a way to restore.
    const rita = await (await app.newContext()).newPage()
    await signIn(rita, PEOPLE.reader, HOME)
    await rita
      .getByRole('navigation', { name: 'Space sections' })
      .getByRole('link', { name: 'Trash' })
      .click()
    await rita.waitForURL(`${HOME}/trash`)
    const ritaList = rita.getByRole('list', { name: 'Deleted pages' })
    await ritaList.getByText('Old plan').waitFor()
    expect(await rita.getByRole('button', { name: 'Restore' }).count()).toBe(0)

    const olivia = await (await app.newContext()).newPage()
    await signIn(olivia, PEOPLE.orgAdmin, `${HOME}/trash`)
    const item = olivia
      .getByRole('list', { name: 'Deleted pages' })
      .getByRole('listitem')
      .filter({ hasText: 'Old plan' })
    await item.waitFor()
    expect(await item.textContent()).toContain(`Deleted by ${PEOPLE.contributor.display_name}`)
    expect(await item.textContent()).toMatch(/\d{4}/)
    await screenshot(olivia, 'trash')

    // A page written at the path meanwhile: restoring over it is refused, and it can be opened.
    const clash = olivia.getByRole('listitem').filter({ hasText: 'clash.md' })
    await writePage(app.server, 'clash.md', '# Clash\n\nA new page here.\n')
    await clash.getByRole('button', { name: 'Restore' }).click()
    await clash.getByRole('alert').getByText('A file exists at clash.md now').waitFor()
    await clash.getByRole('link', { name: 'Open clash.md' }).waitFor()

    await item.getByRole('button', { name: 'Restore' }).click()
    await olivia.waitForURL(`${HOME}/page/old-plan.md`)
    await olivia.getByRole('heading', { level: 1, name: 'Old plan' }).waitFor()
    await tree(olivia).getByRole('link', { name: 'Old plan' }).waitFor()
    expect(await rawText(app.server, 'old-plan.md')).toBe('# Old plan\n\nOnce useful.\n')
    const [restored] = await historyOf(app, 'old-plan.md')
    expect(restored?.author).toBe(PEOPLE.orgAdmin.display_name)
    expect(restored?.subject).toBe('Restore old-plan.md')

    // In the page's history, its deletion has no version of the page to bring back; the one before has.
    await olivia.goto(`${HOME}/history/old-plan.md`)
    const commits = olivia.getByRole('region', { name: 'Changes' }).getByRole('button')
    await commits.nth(2).click()
    await olivia.getByRole('button', { name: 'Restore this version' }).waitFor()
    await commits.filter({ hasText: 'Delete old-plan.md' }).click()
    await expect.poll(() => olivia.getByRole('button', { name: 'Restore this version' }).count()).toBe(0)
  })

  it('speaks French in the trash: Corbeille, Restaurer, and the empty state', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor, HOME)
    await deleteThroughPage(page, 'brief.md', true)
    await page.getByRole('link', { name: 'Corbeille' }).click()
    const item = page
      .getByRole('list', { name: 'Pages supprimées' })
      .getByRole('listitem')
      .filter({ hasText: 'brief.md' })
    expect(await item.textContent()).toContain(`Supprimée par ${PEOPLE.contributor.display_name}`)
    await item.getByRole('button', { name: 'Restaurer', exact: true }).click()
    await page.waitForURL(`${HOME}/page/brief.md`)
    await tree(page, true).getByRole('link', { name: 'brief.md' }).waitFor()

    await page.goto(`/s/${ORG}/${QUIET}/trash`)
    await page.getByText('Aucune page n’a été supprimée ces 30 derniers jours.').waitFor()
  })

  it('restores an earlier version as a new commit with its exact bytes, asking again when the page changed', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/history/rules.md`)
    const commits = page.getByRole('region', { name: 'Changes' }).getByRole('button')
    await commits.nth(1).waitFor()
    // The newest version is the page as it is: nothing to restore.
    expect(await page.getByRole('button', { name: 'Restore this version' }).count()).toBe(0)
    await commits.nth(1).click()
    await page.getByRole('button', { name: 'Restore this version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restore this version?' })
    await dialog.waitFor()

    // Someone writes the page meanwhile: the restore is refused, the page read again, and asked again.
    const current = await callApi<{ sha: string }>(app.server, 'GET', `${S}/files/rules.md`)
    await callApi(app.server, 'PUT', `${S}/files/rules.md`, {
      content: '# Rules\n\nBe brief.\n',
      message: 'Shorter rules',
      base_sha: current.sha,
    })
    await dialog.getByRole('button', { name: 'Restore this version' }).click()
    await dialog
      .getByRole('alert')
      .getByText('Someone changed this page meanwhile.', { exact: false })
      .waitFor()
    await expect.poll(() => commits.count()).toBe(3)
    await dialog.getByRole('button', { name: 'Restore this version' }).click()
    await page.waitForURL(`${HOME}/page/rules.md`)
    await page.getByText('Be kind.', { exact: true }).waitFor()
    expect(await rawText(app.server, 'rules.md')).toBe(RULES_V1)
    const history = await historyOf(app, 'rules.md')
    expect(history).toHaveLength(4)
    const first = history.at(-1)?.commit ?? ''
    expect(history[0]?.subject).toBe(`Restore rules.md as of ${first.slice(0, 7)}`)
    expect(history[0]?.author).toBe(PEOPLE.contributor.display_name)
  })

  it('restores a version in French, and shows a reader no such button', async () => {
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor, `${HOME}/history/charter.md`)
    const commits = page.getByRole('region', { name: 'Modifications' }).getByRole('button')
    await commits.nth(1).click()
    await page.getByRole('button', { name: 'Restaurer cette version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restaurer cette version ?' })
    await dialog.getByRole('button', { name: 'Restaurer cette version' }).click()
    await page.waitForURL(`${HOME}/page/charter.md`)
    await page.getByText('We meet weekly.').waitFor()
    expect(await rawText(app.server, 'charter.md')).toBe('# Charter\n\nWe meet weekly.\n')

    const reader = await (await app.newContext()).newPage()
    await signIn(reader, PEOPLE.reader, `${HOME}/history/charter.md`)
    const changes = reader.getByRole('region', { name: 'Changes' }).getByRole('button')
    await changes.nth(1).click()
    await reader.getByRole('heading', { name: /What “.+” changed/ }).waitFor()
    expect(await reader.getByRole('button', { name: 'Restore this version' }).count()).toBe(0)
  })
  it('moves a folder from its own view, every file with it and the links to them rewritten', async () => {
    const Q = `/organizations/${ORG}/spaces/${QUIET}`
    const write = (path: string, content: string) =>
      callApi(app.server, 'PUT', `${Q}/files/${path}`, { content })
    await write('projects/alpha.md', '# Alpha\n\nSee [beta](beta.md) and [home](../index.md).\n')
    await write('projects/beta.md', '# Beta\n\nAfter [[alpha]].\n')
    await write('index.md', '# Quiet\n\nOur [alpha project](projects/alpha.md).\n')
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${QUIET}?folder=projects`)
    await page.getByRole('heading', { level: 1, name: 'projects' }).waitFor()
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Move or rename the folder' })
    const path = dialog.getByRole('textbox', { name: 'New path' })
    expect(await path.inputValue()).toBe('projects')
    await path.fill('archive/projects')
    await dialog.getByText('Its 2 files move with it.').waitFor()
    await dialog.getByText('The links of these 2 pages will be rewritten:').waitFor()
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'archive/projects/alpha.md',
      'index.md',
    ])
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    // The folder's view follows it, listing its pages at their new place.
    await page.getByRole('heading', { level: 1, name: 'projects' }).waitFor()
    await expect
      .poll(() => page.getByRole('link', { name: 'Alpha' }).first().getAttribute('href'))
      .toBe(`/s/${ORG}/${QUIET}/page/archive/projects/alpha.md`)
    expect(await rawText(app.server, 'index.md', QUIET)).toBe(
      '# Quiet\n\nOur [alpha project](archive/projects/alpha.md).\n',
    )
    expect(await rawText(app.server, 'archive/projects/alpha.md', QUIET)).toBe(
      '# Alpha\n\nSee [beta](beta.md) and [home](../../index.md).\n',
    )

    // A folder of one file says so too: its name alone does not tell what moves with it.
    await write('solo/only.md', '# Only\n')
    await page.goto(`/s/${ORG}/${QUIET}?folder=solo`)
    await page.getByRole('heading', { level: 1, name: 'solo' }).waitFor()
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    const soloDialog = page.getByRole('dialog', { name: 'Move or rename the folder' })
    await soloDialog.getByRole('textbox', { name: 'New path' }).fill('alone')
    await soloDialog.getByText('Its one file moves with it.').waitFor()
    await soloDialog.getByRole('button', { name: 'Cancel' }).click()

    // A reader is shown no such button.
    const reader = await (await app.newContext()).newPage()
    await signIn(reader, PEOPLE.reader, `${HOME}?folder=guides`)
    await reader.getByRole('heading', { level: 1, name: 'guides' }).waitFor()
    expect(await reader.getByRole('button', { name: 'Move', exact: true }).count()).toBe(0)
  })
  it('moves a folder dragged onto another folder of the tree, its files with it', async () => {
    const Q = `/organizations/${ORG}/spaces/${QUIET}`
    await callApi(app.server, 'PUT', `${Q}/files/drafts/one.md`, {
      content: '# One\n\nBack [home](../index.md).\n',
    })
    await callApi(app.server, 'PUT', `${Q}/files/shelf/kept.md`, { content: '# Kept\n' })
    await callApi(app.server, 'PUT', `${Q}/files/drafts/two.md`, { content: '# Two\n' })
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${QUIET}/page/drafts/one.md`)
    const drafts = tree(page).getByRole('button', { name: 'drafts', exact: true })
    await drafts.dragTo(tree(page).getByRole('button', { name: 'shelf', exact: true }))
    const dialog = page.getByRole('dialog', { name: 'Move to another folder?' })
    await dialog.getByText('Move “drafts” into the folder shelf.').waitFor()
    await dialog.getByText('Its 2 files move with it.').waitFor()
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    // The open page follows its folder.
    await page.waitForURL(`/s/${ORG}/${QUIET}/page/shelf/drafts/one.md`)
    expect(await rawText(app.server, 'shelf/drafts/one.md', QUIET)).toBe(
      '# One\n\nBack [home](../../index.md).\n',
    )
  })
})
