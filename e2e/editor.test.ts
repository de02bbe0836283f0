import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aws, pemKey } from '../shared/testing/fixtures/secrets.ts'
import {
  ADMIN,
  type AppHarness,
  callApi,
  ORG,
  PEOPLE,
  rawText,
  SPACE,
  screenshot,
  signIn,
  startApp,
  writePage,
} from './helpers/app.ts'
import { recordCspViolations } from './helpers/browser.ts'

/** A 1×1 PNG. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const S = `/organizations/${ORG}/spaces/${SPACE}`

/** Words of the screens, in each language the tests walk. */
const WORDS = {
  en: {
    pageText: 'Page text',
    save: 'Save',
    commit: 'Commit message',
    move: 'Move',
    moveTitle: 'Move or rename',
    newPath: 'New path',
    delete: 'Delete',
    deleteTitle: 'Delete this page?',
    create: 'Create',
    path: 'Path',
    upload: 'Upload files',
    merge: 'Merge changes',
    takeTheirs: 'Take their version of this part',
    saveMerged: 'Save merged',
    secret: 'Possible secret',
    saveAnyway: 'Save anyway',
    edit: 'Edit',
    restored: 'Your unsaved changes to this page were restored.',
  },
  fr: {
    pageText: 'Texte de la page',
    save: 'Enregistrer',
    commit: 'Message de commit',
    move: 'Déplacer',
    moveTitle: 'Déplacer ou renommer',
    newPath: 'Nouveau chemin',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette page ?',
    create: 'Créer',
    path: 'Chemin',
    upload: 'Envoyer des fichiers',
    merge: 'Fusionner les modifications',
    takeTheirs: 'Reprendre leur version de ce passage',
    saveMerged: 'Enregistrer la fusion',
    secret: 'Secret possible',
    saveAnyway: 'Enregistrer quand même',
    edit: 'Modifier',
    restored: 'Vos modifications non enregistrées de cette page ont été restaurées.',
  },
}

async function status(app: AppHarness, path: string): Promise<number> {
  const res = await fetch(`${app.server.url}/api/v1${S}/files/${path}`, {
    headers: { Authorization: `Bearer ${ADMIN.token}` },
  })
  return res.status
}

/** The sha of a file, for writes that play someone else. */
async function shaOf(app: AppHarness, path: string): Promise<string> {
  return (await callApi<{ sha: string }>(app.server, 'GET', `${S}/files/${path}`)).sha
}

/** Opens a page in the editor and waits for its text. */
async function openEditor(page: Page, path: string, words = WORDS.en) {
  await page.goto(`/s/${ORG}/${SPACE}/edit/${path}`)
  const editor = page.getByRole('textbox', { name: words.pageText })
  await editor.waitFor()
  return editor
}

/** Puts the cursor at the end of a line (1-based) of the editor and types there. */
async function typeAtEndOfLine(
  page: Page,
  editor: ReturnType<Page['getByRole']>,
  line: number,
  text: string,
) {
  await editor.click()
  await page.keyboard.press('Control+Home')
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.type(text)
}

async function editorText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...(document.querySelector('.editor-text')?.shadowRoot?.querySelectorAll('.cm-line') ?? [])]
      .map((line) => line.textContent)
      .join('\n'),
  )
}

describe('the editor', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('edits a page and saves it with a message, changing no other byte (English)', async () => {
    const odd =
      '# Odd page  \n\nSome text with trailing spaces   \n\n* star item\n+  plus item\n1) paren\n\n\tTabbed\nno final newline'
    await writePage(app.server, 'odd.md', odd)
    const crlf = '# Windows\r\n\r\nFirst line\r\n* item  \r\n'
    await writePage(app.server, 'windows.md', crlf)
    const context = await app.newContext()
    // The editor styles itself without inline <style>, which the app's policy refuses.
    await recordCspViolations(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page, PEOPLE.contributor)

    const editor = await openEditor(page, 'odd.md')
    // The side preview is Source's: in the live preview the page is rendered in the text itself.
    await page.getByRole('button', { name: 'Source', exact: true }).click()
    await typeAtEndOfLine(page, editor, 3, 'and more')
    await page.getByLabel(WORDS.en.commit).fill('Clarify the odd page')
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect.poll(() => preview.textContent()).toContain('trailing spaces   and more')
    expect(await preview.getByRole('heading', { name: 'Odd page' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([])
    await page.getByRole('button', { name: WORDS.en.save, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/odd.md`)
    expect(await rawText(app.server, 'odd.md')).toBe(odd.replace('spaces   \n', 'spaces   and more\n'))
    const history = await callApi<{ subject: string }[]>(app.server, 'GET', `${S}/history/odd.md`)
    expect(history[0]?.subject).toBe('Clarify the odd page')

    const windows = await openEditor(page, 'windows.md')
    await typeAtEndOfLine(page, windows, 3, ', edited')
    await page.getByRole('button', { name: WORDS.en.save, exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/windows.md'))
    expect(await rawText(app.server, 'windows.md')).toBe(
      '# Windows\r\n\r\nFirst line, edited\r\n* item  \r\n',
    )
    expect(errors).toEqual([])
  })

  it('writes in italics and bold with Ctrl+I and Ctrl+B, keeping the line typed on', async () => {
    await writePage(app.server, 'shortcuts.md', '# Shortcuts\n\nBring your ID and lunch.\n')
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'shortcuts.md')
    await page.getByRole('button', { name: 'Source', exact: true }).click()
    await typeAtEndOfLine(page, editor, 3, ' Also bring ')
    await page.keyboard.press('Control+i')
    await page.keyboard.type('your badge')
    await page.keyboard.press('End')
    await page.keyboard.type(' and ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('keys')
    await expect
      .poll(() => editorText(page))
      .toContain('Bring your ID and lunch. Also bring *your badge* and **keys**')
    await page.getByRole('button', { name: WORDS.en.save, exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/shortcuts.md'))
    expect(await rawText(app.server, 'shortcuts.md')).toBe(
      '# Shortcuts\n\nBring your ID and lunch. Also bring *your badge* and **keys**\n',
    )
  })

  it('saves with Ctrl+S, staying in the editor, and keeps unsaved text across a reload (French)', async () => {
    await writePage(app.server, 'conges.md', '# Congés\n\nVingt-cinq jours.\n')
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.fr

    let editor = await openEditor(page, 'conges.md', words)
    await typeAtEndOfLine(page, editor, 3, ' Plus les ponts.')
    await page.waitForTimeout(400)
    await page.reload()
    editor = page.getByRole('textbox', { name: words.pageText })
    await editor.waitFor()
    expect(await page.getByRole('status').filter({ hasText: words.restored }).isVisible()).toBe(true)
    expect(await editorText(page)).toContain('Vingt-cinq jours. Plus les ponts.')

    await editor.click()
    // Ctrl+S commits and keeps the editor open, saying so; Terminé leaves it.
    await page.keyboard.press('Control+s')
    await page.getByRole('status').filter({ hasText: 'Enregistré. Terminé ferme l’éditeur.' }).waitFor()
    expect(await rawText(app.server, 'conges.md')).toBe('# Congés\n\nVingt-cinq jours. Plus les ponts.\n')
    expect(new URL(page.url()).pathname).toMatch(/\/edit\/conges\.md$/)
    // Writing again takes the note away: what follows is not committed yet.
    await page.keyboard.type(' Et le pont de mai.')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Enregistré.' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Terminé', exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/conges.md'))
    // Saved: the draft is gone, the editor opens on the saved text.
    await openEditor(page, 'conges.md', words)
    expect(await page.getByText(words.restored).count()).toBe(0)
  })

  it('creates a new page in a folder, and refuses to create one over an existing page', async () => {
    for (const [locale, words] of [
      ['en-US', WORDS.en],
      ['fr-FR', WORDS.fr],
    ] as const) {
      const page = await (await app.newContext(locale)).newPage()
      await signIn(page, PEOPLE.contributor)
      const name = locale === 'en-US' ? 'onboarding' : 'accueil'
      await page.goto(`/s/${ORG}/${SPACE}/new?folder=guides`)
      const path = page.getByLabel(words.path, { exact: true })
      await path.waitFor()
      expect(await path.inputValue()).toBe('guides/')
      await path.fill(`guides/${name}`)
      await page.getByRole('textbox', { name: words.pageText }).click()
      await page.keyboard.type(`# ${name}\n\nWelcome aboard.\n`)
      await page.getByRole('button', { name: words.create, exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/guides/${name}.md`)
      expect(await rawText(app.server, `guides/${name}.md`)).toBe(`# ${name}\n\nWelcome aboard.\n`)

      await page.goto(`/s/${ORG}/${SPACE}/new`)
      await page.getByLabel(words.path, { exact: true }).fill('holidays')
      await page.getByRole('textbox', { name: words.pageText }).click()
      await page.keyboard.type('Mine')
      await page.getByRole('button', { name: words.create, exact: true }).click()
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain(locale === 'en-US' ? 'A file already exists at "holidays.md".' : 'Un fichier existe déjà')
      expect(await editorText(page)).toBe('Mine')
      expect(await rawText(app.server, 'holidays.md')).toBe('# Holidays\n\nTwenty-five days a year.\n')
    }
  })

  it('finds a word of a long page out of view with Ctrl+F, and replaces it everywhere (French too)', async () => {
    const parts = Array.from({ length: 120 }, (_, i) => `## Part ${i + 1}\n\nStep ${i + 1} of the setup.`)
    const text = `# Long guide\n\n${parts.join('\n\n')}\n\nThe last word is pineapple, pineapple.\n`
    await writePage(app.server, 'long-guide.md', text)
    for (const [locale, words] of [
      ['en-US', { pageText: 'Page text', find: 'Find', replace: 'Replace', all: 'Replace all' }],
      [
        'fr-FR',
        { pageText: 'Texte de la page', find: 'Rechercher', replace: 'Remplacer par', all: 'Tout remplacer' },
      ],
    ] as const) {
      const page = await (await app.newContext(locale)).newPage()
      await signIn(page, PEOPLE.contributor)
      const editor = await openEditor(page, 'long-guide.md', { ...WORDS.en, pageText: words.pageText })
      await editor.getByText('Long guide').click()
      await page.keyboard.press('Control+f')
      const find = page.getByRole('textbox', { name: words.find, exact: true })
      // The editors keep one selection: no button selects every match.
      expect(await page.getByRole('button', { name: /^(All|Tous)$/ }).count()).toBe(0)
      // Typed as a person does: the panel reads its fields as keys are let go.
      await find.pressSequentially(locale === 'en-US' ? 'pineapple' : 'mango')
      await find.press('Enter')
      // The line far below is brought into view, its match selected.
      await editor.getByText(/The last word is/).waitFor()
      if (locale === 'en-US') {
        await page.getByRole('textbox', { name: words.replace, exact: true }).pressSequentially('mango')
        await page.getByRole('button', { name: words.all, exact: true }).click()
        await expect.poll(() => editor.getByText('The last word is mango, mango.').count()).toBe(1)
        await page.getByRole('button', { name: 'Save', exact: true }).click()
        await page.waitForURL((url) => url.pathname.endsWith('/page/long-guide.md'))
        expect(await rawText(app.server, 'long-guide.md')).toBe(text.replaceAll('pineapple', 'mango'))
      }
      await page.context().close()
    }
  })

  it('asks before the tab closes on text not saved, and not once it is', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    await page.goto(`/s/${ORG}/${SPACE}/new`)
    await page.getByLabel(WORDS.en.path, { exact: true }).fill('drafts/unsaved')
    await page.getByRole('textbox', { name: WORDS.en.pageText }).click()
    await page.keyboard.type('# Unsaved\n\nNot saved yet.')
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.dismiss()
    })
    // Closing is asked about, and stays when the person says so.
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => asked).toEqual(['beforeunload'])
    expect(page.isClosed()).toBe(false)
    await page.getByRole('button', { name: WORDS.en.create, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/drafts/unsaved.md`)
    // Saved: closing asks nothing (the screen leaving the editor is no reason to either).
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => page.isClosed(), { timeout: 5_000 }).toBe(true)
    expect(asked).toEqual(['beforeunload'])
  })

  it('creates a new page on Ctrl+S and goes on in its editor, where the text can be written on', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    await page.goto(`/s/${ORG}/${SPACE}/new`)
    await page.getByLabel(WORDS.en.path, { exact: true }).fill('drafts/standup')
    await page.getByRole('textbox', { name: WORDS.en.pageText }).click()
    await page.keyboard.type('# Standup\n\nMonday.')
    // The page takes a moment to be created: what would be typed meanwhile cannot be, rather than
    // vanishing once the new page's editor opens.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/files/drafts/standup.md', async (route) => {
      if (route.request().method() === 'PUT') await held
      await route.continue()
    })
    await page.keyboard.press('Control+s')
    await page.keyboard.type(' Lost?')
    expect(await editorText(page)).not.toContain('Lost?')
    release()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/edit/drafts/standup.md`)
    expect(await rawText(app.server, 'drafts/standup.md')).toBe('# Standup\n\nMonday.')
    // The new page's editor, still holding, may show a moment after the address changed: the page's
    // own (live) editor is the one with Done.
    await page.getByRole('button', { name: 'Done', exact: true }).waitFor()
    const editor = page.getByRole('textbox', { name: WORDS.en.pageText })
    await expect.poll(() => editorText(page)).toContain('Monday.')
    await editor.getByText('Monday.').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' Tuesday.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/page/drafts/standup.md`)
    expect(await rawText(app.server, 'drafts/standup.md')).toBe('# Standup\n\nMonday. Tuesday.')
  })

  it('moves a page after listing the pages whose links will be rewritten, then deletes one (French)', async () => {
    await writePage(app.server, 'team/roles.md', '# Roles\n\nSee [the policy](policy.md).\n')
    await writePage(app.server, 'team/policy.md', '# Policy\n')
    await writePage(app.server, 'team/old.md', '# Old\n')
    await writePage(app.server, 'team/index.md', '# Team\n\nThe [old page](old.md).\n')
    const page = await (await app.newContext('fr-FR')).newPage()
    await signIn(page, PEOPLE.contributor)
    const words = WORDS.fr

    await openEditor(page, 'team/policy.md', words)
    await page.getByRole('button', { name: words.move, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: words.moveTitle })
    await dialog.getByLabel(words.newPath).fill('rules/policy')
    await dialog.getByText('team/roles.md').waitFor()
    expect(await dialog.textContent()).toContain('Les liens de cette page seront réécrits')
    expect(await status(app, 'rules/policy.md')).toBe(404)
    await dialog.getByRole('button', { name: words.move, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/edit/rules/policy.md`)
    expect(await rawText(app.server, 'team/roles.md')).toBe(
      '# Roles\n\nSee [the policy](../rules/policy.md).\n',
    )
    expect(await rawText(app.server, 'rules/policy.md')).toBe('# Policy\n')
    expect(await status(app, 'team/policy.md')).toBe(404)

    await openEditor(page, 'team/old.md', words)
    await page.getByRole('button', { name: words.delete, exact: true }).click()
    const confirm = page.getByRole('dialog', { name: words.deleteTitle })
    // The page linking to it is named: its link will lead nowhere.
    await confirm.getByText('Team y renvoie\u202f: ce lien ne mènera plus nulle part.').waitFor()
    await confirm.getByRole('button', { name: words.delete, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}`)
    expect(await status(app, 'team/old.md')).toBe(404)
  })

  it('uploads an image dropped on the text beside the page and inserts its link; an existing name is refused', async () => {
    await writePage(app.server, 'photos/album.md', '# Album\n')
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'photos/album.md')
    await editor.click()
    await page.keyboard.press('Control+End')

    const drop = await page.evaluateHandle(() => {
      // A 1×1 PNG.
      const base64 =
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], 'pixel.png', { type: 'image/png' }))
      return data
    })
    const box = await editor.boundingBox()
    await editor.dispatchEvent('drop', {
      dataTransfer: drop,
      clientX: (box?.x ?? 0) + 20,
      clientY: (box?.y ?? 0) + 40,
    })
    await expect.poll(() => editorText(page)).toContain('![pixel](pixel.png)')
    await expect.poll(() => page.getByText('pixel.png uploaded.').isVisible()).toBe(true)
    const raw = await fetch(`${app.server.url}/api/v1${S}/raw/photos/pixel.png`, {
      headers: { Authorization: `Bearer ${ADMIN.token}` },
    })
    expect(raw.headers.get('content-type')).toContain('image/png')

    await page.getByLabel(WORDS.en.upload).setInputFiles({
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not the same picture'),
    })
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('already exists')
    // A file past the size a file may have is refused before it is sent, in words a person reads.
    await page.getByLabel(WORDS.en.upload).setInputFiles({
      name: 'film.mov',
      mimeType: 'video/quicktime',
      buffer: Buffer.alloc(11 * 1024 * 1024),
    })
    await page.getByText('film.mov was not uploaded: it is 11 MB, and a file may be 10 MB at most.').waitFor()
    // Two files at once: a line each.
    await page.getByLabel(WORDS.en.upload).setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain notes\n') },
    ])
    await expect.poll(() => editorText(page)).toContain('![one](one.png)\n[notes](notes.txt)')
    // A name a Windows clone could not hold is made one it can.
    await page.getByLabel(WORDS.en.upload).setInputFiles({
      name: 'minutes: may?.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('minutes\n'),
    })
    await expect.poll(() => editorText(page)).toContain('[minutes- may-](')
    await expect
      .poll(() => page.getByText('minutes: may?.txt uploaded as minutes- may-.txt').isVisible())
      .toBe(true)
    // Beside a file of the same name but for case: one file on Windows and macOS, so refused, saying which.
    await page.getByLabel(WORDS.en.upload).setInputFiles({
      name: 'Pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PIXEL_PNG, 'base64'),
    })
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /^Pixel\.png/ })
          .textContent(),
      )
      .toContain('"photos/pixel.png" is already in the space')
    expect(await rawText(app.server, 'photos/minutes- may-.txt')).toBe('minutes\n')
    await page.getByRole('button', { name: WORDS.en.save, exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/photos/album.md'))
    expect(await rawText(app.server, 'photos/album.md')).toContain('![pixel](pixel.png)')
  })

  it('merges a change saved meanwhile with the person’s text, both kept', async () => {
    const start = 'line one\nline two\nline three\nline four\nline five\n'
    await writePage(app.server, 'shared.md', start)
    const context = await app.newContext()
    // Merging is how saving by Save meets a change made meanwhile: where no live session is joined.
    await context.routeWebSocket(/\/api\/v1\/collab\//, (ws) => ws.close())
    const page = await context.newPage()
    await signIn(page, PEOPLE.contributor)
    const editor = await openEditor(page, 'shared.md')
    await typeAtEndOfLine(page, editor, 5, ', mine')

    await callApi(app.server, 'PUT', `${S}/files/shared.md`, {
      content: start.replace('line one', 'line one, theirs'),
      base_sha: await shaOf(app, 'shared.md'),
    })
    await page.getByRole('button', { name: WORDS.en.save, exact: true }).click()
    const merge = page.getByRole('region', { name: WORDS.en.merge })
    await merge.waitFor()
    const theirs = merge.getByRole('textbox', { name: 'Version saved meanwhile' })
    const mine = merge.getByRole('textbox', { name: 'Your version' })
    await expect.poll(() => theirs.textContent()).toContain('line one, theirs')
    expect(await theirs.textContent()).toContain('line five')
    expect(await theirs.textContent()).not.toContain('mine')
    expect(await mine.textContent()).toContain('line five, mine')
    expect(await mine.textContent()).not.toContain('theirs')
    await screenshot(page, 'merge')

    await merge.getByRole('button', { name: WORDS.en.takeTheirs }).first().click()
    await expect.poll(() => mine.textContent()).toContain('line one, theirs')
    await merge.getByRole('button', { name: WORDS.en.saveMerged }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/shared.md'))
    expect(await rawText(app.server, 'shared.md')).toBe(
      'line one, theirs\nline two\nline three\nline four\nline five, mine\n',
    )
  })

  it('shows a possible secret and saves it anyway when asked (English and French)', async () => {
    for (const [locale, words, secret] of [
      ['en-US', WORDS.en, `aws_access_key_id = ${aws.accessKeyId}`],
      ['fr-FR', WORDS.fr, pemKey()],
    ] as const) {
      const path = `ops-${locale}.md`
      await writePage(app.server, path, '# Ops\n\n')
      const context = await app.newContext(locale)
      // Saving anyway is saving by Save: where no live session is joined.
      await context.routeWebSocket(/\/api\/v1\/collab\//, (ws) => ws.close())
      const page = await context.newPage()
      await signIn(page, PEOPLE.contributor)
      const editor = await openEditor(page, path, words)
      await editor.click()
      await page.keyboard.press('Control+End')
      await page.keyboard.insertText(`${secret}\n`)
      await page.getByRole('button', { name: words.save, exact: true }).click()
      const dialog = page.getByRole('dialog', { name: words.secret })
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain(
        locale === 'en-US' ? 'Line 3 of the page' : 'Ligne 3 de la page',
      )
      expect(await dialog.textContent()).toContain(secret.split('\n')[0])
      expect(await status(app, path)).toBe(200)
      expect(await rawText(app.server, path)).toBe('# Ops\n\n')
      await dialog.getByRole('button', { name: words.saveAnyway }).click()
      await page.waitForURL((url) => url.pathname.endsWith(`/page/${path}`))
      expect(await rawText(app.server, path)).toBe(`# Ops\n\n${secret}\n`)
    }
  })

  it('gives repeated headings in Source’s preview the ids the page view gives them', async () => {
    await writePage(
      app.server,
      'tools.md',
      '# Tools\n\n## Usage\n\nFirst.\n\n## Setup\n\n### Usage\n\nSecond: see [the first](#usage).\n',
    )
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/tools.md`)
    const ids = (within: ReturnType<Page['getByRole']>) =>
      within
        .getByRole('heading', { name: 'Usage', exact: true })
        .evaluateAll((found) => found.map((h) => h.id))
    await page.getByRole('main').getByRole('heading', { name: 'Setup' }).waitFor()
    const viewed = await ids(page.getByRole('main'))
    expect(viewed).toEqual(['user-content-usage', 'user-content-usage-1'])
    await openEditor(page, 'tools.md')
    await page.getByRole('button', { name: 'Source', exact: true }).click()
    const preview = page.getByRole('region', { name: 'Preview' })
    await preview.getByRole('heading', { name: 'Setup' }).waitFor()
    expect(await ids(preview)).toEqual(viewed)
  })

  it('opens the editor from the page view for a contributor', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.contributor, `/s/${ORG}/${SPACE}/page/holidays.md`)
    await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor()
    await page.getByRole('link', { name: WORDS.en.edit, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/s/${ORG}/${SPACE}/edit/holidays.md`)
    await page.getByRole('textbox', { name: WORDS.en.pageText }).waitFor()
    expect(await page.getByRole('button', { name: WORDS.en.move, exact: true }).count()).toBe(1)
  })

  it('shows no write action to a reader', async () => {
    const page = await (await app.newContext()).newPage()
    await signIn(page, PEOPLE.reader)
    await page.goto(`/s/${ORG}/${SPACE}/page/index.md`)
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor()
    for (const name of [WORDS.en.edit, WORDS.en.move, WORDS.en.delete])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0)
    expect(await page.getByRole('link', { name: WORDS.en.edit, exact: true }).count()).toBe(0)

    await page.goto(`/s/${ORG}/${SPACE}/edit/index.md`)
    await page.getByText('You can read this space but not change it.').waitFor()
    expect(await page.getByRole('textbox', { name: WORDS.en.pageText }).count()).toBe(0)
    expect(await page.getByRole('button', { name: WORDS.en.save, exact: true }).count()).toBe(0)
  })
})
