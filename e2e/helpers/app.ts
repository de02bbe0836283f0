import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright'
import { expect } from 'vitest'
import { callApi as sendToApi } from '../../server/testing/server-process.ts'
import { launchBrowser } from './browser.ts'
import { ROOT, type RunningServer, startServer } from './server.ts'

/** The instance's first account, made from SERVICE_ADMIN_PASSWORD and SERVICE_ADMIN_TOKEN. */
export const ADMIN = {
  username: 'admin',
  password: 'e2e-admin-password-0123',
  token: 'e2e-admin-token-0123456789abcdef',
}

/** The people of the seeded organization, one per role. */
export const PEOPLE = {
  orgAdmin: { username: 'olivia', password: 'olivia-password-0123', display_name: 'Olivia Admin' },
  contributor: { username: 'carl', password: 'carl-password-01234', display_name: 'Carl Contributor' },
  reader: { username: 'rita', password: 'rita-password-012345', display_name: 'Rita Reader' },
} as const

/** The seeded organization and space. */
export const ORG = 'acme'
export const SPACE = 'handbook'

/** A call to the API with the super admin's token (or another), failing the test on an error status. */
export async function callApi<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  token: string = ADMIN.token,
): Promise<T> {
  const res = await sendToApi(server.url, token, method, path, body)
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** Writes a page (or any text file) under `content/` of the seeded space. */
export async function writePage(
  server: RunningServer,
  path: string,
  content: string,
  space = SPACE,
): Promise<void> {
  await callApi(server, 'PUT', `/organizations/${ORG}/spaces/${space}/files/${path}`, {
    content,
    message: `Add ${path}`,
    force: true,
  })
}

/** A file's exact bytes in the seeded space (or another), read through the API by the super admin. */
export async function rawBytes(server: RunningServer, path: string, space = SPACE): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/v1/organizations/${ORG}/spaces/${space}/raw/${path}`, {
    headers: { Authorization: `Bearer ${ADMIN.token}` },
  })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

/** A file's exact bytes as text, a byte order mark kept. */
export async function rawText(server: RunningServer, path: string, space = SPACE): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await rawBytes(server, path, space))
}

/**
 * An organization `acme` with a space `handbook` kept by the service, an org admin, a contributor
 * and a reader, and a few pages.
 */
export async function seedTeam(server: RunningServer): Promise<void> {
  for (const person of Object.values(PEOPLE)) await callApi(server, 'POST', '/users', person)
  await callApi(server, 'POST', '/organizations', {
    slug: ORG,
    name: 'Acme',
    description: 'The Acme company',
  })
  await callApi(server, 'PUT', `/organizations/${ORG}/members/${PEOPLE.orgAdmin.username}`, { role: 'admin' })
  await callApi(server, 'PUT', `/organizations/${ORG}/members/${PEOPLE.contributor.username}`, {
    role: 'member',
  })
  await callApi(server, 'PUT', `/organizations/${ORG}/members/${PEOPLE.reader.username}`, { role: 'member' })
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, {
    slug: SPACE,
    name: 'Handbook',
    description: 'How we work',
  })
  const members = `/organizations/${ORG}/spaces/${SPACE}/members`
  await callApi(server, 'PUT', `${members}/${PEOPLE.contributor.username}`, { role: 'contributor' })
  await callApi(server, 'PUT', `${members}/${PEOPLE.reader.username}`, { role: 'reader' })
  await writePage(
    server,
    'index.md',
    '# Welcome\n\nStart with the [setup guide](guides/setup.md) and [[Holidays]].\n',
  )
  await writePage(
    server,
    'guides/setup.md',
    '# Setup guide\n\nInstall the tools.\n\n- [x] Laptop\n- [ ] Badge\n\n```js\nconsole.log("hello")\n```\n',
  )
  await writePage(server, 'holidays.md', '# Holidays\n\nTwenty-five days a year.\n')
}

/** Server settings that let a space use a Git remote on loopback, which production refuses by default. */
export const LOOPBACK_REMOTES = { SERVICE_ALLOW_PRIVATE_NETWORK: 'true' }

/**
 * A space of the seeded organization synced from a Git remote (`url`, with `user:password` as its
 * token), once its first sync is done. `prepare` runs before that sync (members, switches).
 */
export async function addRemoteSpace(
  server: RunningServer,
  space: { slug: string; name: string; url: string; token: string },
  prepare: (path: string) => Promise<void> = async () => {},
): Promise<void> {
  const path = `/organizations/${ORG}/spaces/${space.slug}`
  await callApi(server, 'POST', `/organizations/${ORG}/spaces`, {
    slug: space.slug,
    name: space.name,
    repo_url: space.url,
  })
  await prepare(path)
  await callApi(server, 'PUT', `${path}/git/credentials`, { kind: 'https', token: space.token })
  await callApi(server, 'POST', `${path}/git/sync`)
  const state = () => callApi<{ status: string }>(server, 'GET', `${path}/git`)
  for (let i = 0; (await state()).status !== 'ok'; i++) {
    if (i > 600)
      throw new Error(`the first sync did not finish in a minute: ${JSON.stringify(await state())}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A running server and a browser, for one test file. */
export type AppHarness = {
  server: RunningServer
  browser: Browser
  /** A new browser context (its own cookies), in the given language. */
  newContext(locale?: 'en-US' | 'fr-FR'): Promise<BrowserContext>
  close(): Promise<void>
}

/**
 * Starts the real server (with the web app) and Chromium; `seed` fills the instance first, `env`
 * adds server settings.
 */
export async function startApp(
  seed: (server: RunningServer) => Promise<void> = seedTeam,
  env: Record<string, string> = {},
): Promise<AppHarness> {
  const server = await startServer({
    adminPassword: ADMIN.password,
    adminToken: ADMIN.token,
    apiDocs: false,
    env,
  })
  await seed(server)
  const browser = await launchBrowser()
  const contexts: BrowserContext[] = []
  return {
    server,
    browser,
    async newContext(locale = 'en-US') {
      const context = await browser.newContext({
        locale,
        baseURL: server.url,
        viewport: { width: 1280, height: 800 },
      })
      contexts.push(context)
      return context
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser.close()
      expect(await server.stop()).toBe(0)
    },
  }
}

/** Signs in through the sign-in screen, in English or in French, and waits for the home screen. */
export async function signIn(
  page: Page,
  person: { username: string; password: string },
  path = '/',
): Promise<void> {
  await page.goto(path)
  const french = (await page.evaluate(() => navigator.language)).startsWith('fr')
  await page.getByLabel(french ? 'Nom d’utilisateur' : 'Username').fill(person.username)
  await page.getByLabel(french ? 'Mot de passe' : 'Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: french ? 'Se connecter' : 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'))
}

/**
 * Saves a screenshot for the README when UPDATE_SCREENSHOTS is set (`docs/screenshots/<name>.png`),
 * so ordinary runs leave the checkout as it was.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.UPDATE_SCREENSHOTS) return
  const folder = join(ROOT, 'docs', 'screenshots')
  await mkdir(folder, { recursive: true })
  await page.screenshot({ path: join(folder, `${name}.png`) })
}
