import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './helpers/app.ts'
import { type RunningEngine, startEngine } from './helpers/engine.ts'

/** Words of the desktop screens, in each language the tests walk. */
const WORDS = {
  en: {
    welcome: 'Welcome to Quire',
    name: 'Name',
    email: 'E-mail',
    continue: 'Continue',
    spaces: 'This computer’s spaces',
    add: 'Add a space',
    kind: 'Kind of space',
    localKind: 'On this computer only',
    submit: 'Add',
    localOnly: 'Local only',
    onThisComputer: 'On this computer',
    desktop: 'Desktop',
    config: 'Configuration to paste',
    mcp: 'Assistants (MCP)',
  },
  fr: {
    welcome: 'Bienvenue dans Quire',
    name: 'Nom',
    email: 'Adresse e-mail',
    continue: 'Continuer',
    spaces: 'Espaces de cet ordinateur',
    add: 'Ajouter un espace',
    kind: 'Type d’espace',
    localKind: 'Sur cet ordinateur seulement',
    submit: 'Ajouter',
    localOnly: 'Local seulement',
    onThisComputer: 'Sur cet ordinateur',
    desktop: 'Bureau',
    config: 'Configuration à coller',
    mcp: 'Assistants (MCP)',
  },
}

type Words = (typeof WORDS)['en']

const spacesRegion = (page: Page, words: Words) =>
  page.getByRole('region', { name: words.spaces, exact: true })

/** The card of one space on the home screen. */
const spaceCard = (page: Page, words: Words, name: string) =>
  spacesRegion(page, words).getByRole('listitem').filter({ hasText: name })

describe('the desktop app against its real engine, with no Git identity on the computer', () => {
  let engine: RunningEngine

  beforeAll(async () => {
    engine = await startEngine()
  })

  afterAll(async () => {
    await engine?.close()
  })

  it('asks who the person is first, then adds a local space and writes a page in it', async () => {
    const words = WORDS.en
    const page = await (await engine.newContext()).newPage()
    await page.goto('/')
    await page.getByRole('heading', { name: words.welcome }).waitFor()
    // Nothing else before the identity: no navigation, no list of spaces.
    expect(await page.getByRole('navigation').count()).toBe(0)
    await screenshot(page, 'desktop-welcome')
    await page.getByLabel(words.name, { exact: true }).fill('Ada Lovelace')
    await page.getByLabel(words.email, { exact: true }).fill('ada@example.com')
    await page.getByRole('button', { name: words.continue }).click()
    await spacesRegion(page, words).waitFor()
    const info = await engine.call<{ person: { name: string; email: string }; needs_identity: boolean }>(
      'GET',
      '/desktop',
    )
    expect(info).toMatchObject({
      person: { name: 'Ada Lovelace', email: 'ada@example.com' },
      needs_identity: false,
    })

    await spacesRegion(page, words).getByRole('button', { name: words.add }).click()
    const dialog = page.getByRole('dialog', { name: words.add })
    const kinds = dialog.getByRole('radiogroup', { name: words.kind })
    expect(await kinds.getByLabel(words.localKind).isChecked()).toBe(true)
    await dialog.getByLabel(words.name, { exact: true }).fill('Field notes')
    await dialog.getByRole('button', { name: words.submit, exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    const card = spaceCard(page, words, 'Field notes')
    await card.getByText(words.localOnly, { exact: true }).waitFor()
    await card.getByText(words.onThisComputer, { exact: true }).waitFor()
    // A local space has no remote to sync with.
    expect(await card.getByRole('button').count()).toBe(0)

    await card.getByRole('link', { name: 'Field notes' }).click()
    await page.getByRole('link', { name: 'New page' }).click()
    await page.getByLabel('Path', { exact: true }).fill('first-steps')
    await page.getByRole('textbox', { name: 'Page text' }).click()
    await page.keyboard.type('# First steps\n\nWritten on this computer.\n')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/page/first-steps.md'))
    await page.getByRole('heading', { name: 'First steps' }).waitFor()
    // Opening the app again shows the page the person left it on.
    const reopened = await page.context().newPage()
    await reopened.goto('/')
    await reopened.waitForURL((url) => url.pathname.endsWith('/page/first-steps.md'))
    await reopened.getByRole('heading', { name: 'First steps' }).waitFor()
    await reopened.close()

    // The engine on this computer stops answering: said as such, not as a server afar.
    await page.getByRole('link', { name: 'New page' }).first().click()
    await page.getByLabel('Path', { exact: true }).fill('second-steps')
    await page.getByRole('textbox', { name: 'Page text' }).click()
    await page.keyboard.type('# Second steps\n')
    await page.route('**/files/second-steps.md', (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page
      .getByText('Quire on this computer does not answer: it may be starting again, or have stopped.')
      .waitFor()
    await page.unroute('**/files/second-steps.md')

    await page.getByRole('link', { name: 'Home' }).click()
    await spaceCard(page, words, 'Field notes').getByText(words.localOnly, { exact: true }).waitFor()
    await screenshot(page, 'desktop-home')
    const { spaces } = await engine.call<{
      spaces: { org: string; space: string; name: string; kind: string; status: string }[]
    }>('GET', '/desktop/spaces')
    const notes = spaces.find((space) => space.name === 'Field notes')
    expect(notes).toMatchObject({ kind: 'local', status: 'local' })
    // The page's commit carries the name and e-mail given at first start.
    const history = await engine.call<{ author: string; email: string }[]>(
      'GET',
      `/organizations/${notes?.org}/spaces/${notes?.space}/history/first-steps.md`,
    )
    expect(history[0]).toMatchObject({ author: 'Ada Lovelace', email: 'ada@example.com' })
  })

  it('shows the MCP configuration to paste, and copies it', async () => {
    const words = WORDS.en
    const context = await engine.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('navigation').getByRole('link', { name: words.desktop }).click()
    const mcp = page.getByRole('region', { name: words.mcp })
    const config = mcp.getByLabel(words.config)
    await config.waitFor()
    const info = await engine.call<{ mcp: { url: string; config: unknown } }>('GET', '/desktop')
    expect(JSON.parse(await config.inputValue())).toEqual(info.mcp.config)
    expect(await config.getAttribute('readonly')).not.toBeNull()
    await mcp.getByText(info.mcp.url, { exact: true }).waitFor()
    await page.getByRole('region', { name: 'Name and e-mail of your changes' }).waitFor()
    expect(await page.getByLabel(words.name, { exact: true }).inputValue()).toBe('Ada Lovelace')
    await screenshot(page, 'desktop-settings')
    await mcp.getByRole('button', { name: 'Copy' }).click()
    await mcp.getByRole('button', { name: 'Copied' }).waitFor()
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(info.mcp.config)
  })

  it('speaks French to a French browser, and never shows the sign-in screen', async () => {
    const words = WORDS.fr
    const page = await (await engine.newContext('fr-FR')).newPage()
    await page.goto('/sign-in')
    await page.waitForURL((url) => url.pathname === '/')
    await spaceCard(page, words, 'Field notes').getByText(words.localOnly, { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(0)
    await spacesRegion(page, words).getByRole('button', { name: words.add }).click()
    const dialog = page.getByRole('dialog', { name: words.add })
    await dialog.getByRole('radiogroup', { name: words.kind }).getByLabel('Depuis un serveur Quire').check()
    await dialog.getByLabel('Adresse du serveur').waitFor()
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await page.getByRole('navigation').getByRole('link', { name: words.desktop }).click()
    await page.getByLabel(words.config).waitFor()
    await page.getByRole('heading', { name: 'Dossier des données' }).waitFor()
  })
})
