import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '../shared/testing/postgres.ts'
import { ADMIN, callApi, signIn } from './helpers/app.ts'
import { launchBrowser } from './helpers/browser.ts'
import { editorText } from './helpers/live.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

const run = promisify(execFile)
const S = '/organizations/acme/spaces/handbook'
const WEEK = '# Plan\n\nMonday:\nTuesday:\n'
const ADA = {
  username: 'ada',
  password: 'ada-password-0123',
  display_name: 'Ada Lovelace',
  email: 'ada@example.com',
}
const GRACE = {
  username: 'grace',
  password: 'grace-password-0123',
  display_name: 'Grace Hopper',
  email: 'grace@example.com',
}

describePostgres('two instances on one PostgreSQL, in the browser', () => {
  let database: FreshDatabase
  let dataDir: string
  let servers: RunningServer[] = []
  let browser: Browser

  beforeAll(async () => {
    database = await freshPostgresUrl()
    dataDir = await mkdtemp(join(tmpdir(), 'quire-e2e-shared-'))
    const options = {
      adminPassword: ADMIN.password,
      adminToken: ADMIN.token,
      dataDir,
      env: { SERVICE_DATABASE_URL: database.url },
    }
    // The first instance alone makes the super admin, then the second joins it.
    servers.push(await startServer(options))
    servers.push(await startServer(options))
    const [first] = servers as [RunningServer]
    await callApi(first, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await callApi(first, 'POST', '/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' })
    for (const person of [ADA, GRACE]) {
      await callApi(first, 'POST', '/users', person)
      await callApi(first, 'PUT', `${S}/members/${person.username}`, { role: 'contributor' })
    }
    await callApi(first, 'PUT', `${S}/files/team/plan.md`, { content: WEEK })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    for (const server of servers) await server.stop()
    servers = []
    await rm(dataDir, { recursive: true, force: true })
    await database?.drop()
  })

  it('two people, each on another instance, type into one page and see each other; one commit names both', async () => {
    const pages: Page[] = []
    for (const [server, person] of [
      [servers[0], ADA],
      [servers[1], GRACE],
    ] as const) {
      const context = await browser.newContext({
        baseURL: server?.url,
        viewport: { width: 1280, height: 800 },
      })
      const page = await context.newPage()
      await signIn(page, person)
      await page.goto('/s/acme/handbook/edit/team/plan.md')
      await page.getByRole('textbox', { name: 'Page text' }).waitFor()
      pages.push(page)
    }
    const [ada, grace] = pages as [Page, Page]
    for (const [page, names] of [
      [ada, ['Ada Lovelace (you)', 'Grace Hopper']],
      [grace, ['Grace Hopper (you)', 'Ada Lovelace']],
    ] as const)
      await expect
        .poll(() =>
          page.getByRole('list', { name: 'People in this page' }).getByRole('listitem').allTextContents(),
        )
        .toEqual(names)

    const type = async (page: Page, line: number, text: string) => {
      await page.getByRole('textbox', { name: 'Page text' }).click()
      await page.keyboard.press('Control+Home')
      for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown')
      await page.keyboard.press('End')
      await page.keyboard.type(text, { delay: 30 })
    }
    await Promise.all([type(ada, 3, ' write the plan for the week'), type(grace, 4, ' review')])
    const expected = WEEK.replace('Monday:', 'Monday: write the plan for the week').replace(
      'Tuesday:',
      'Tuesday: review',
    )
    for (const page of pages) await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(expected)

    await expect
      .poll(
        async () =>
          (await callApi<{ text: string }>(servers[1] as RunningServer, 'GET', `${S}/files/team/plan.md`))
            .text,
        {
          timeout: 20_000,
        },
      )
      .toBe(expected)
    // One commit, in the shared repositories folder: the top typist as author, the other as co-author.
    const { stdout } = await run('git', [
      '--git-dir',
      join(dataDir, 'repos', '1.git'),
      'log',
      '-1',
      '--format=%an%n%B',
    ])
    expect(stdout).toContain('Ada Lovelace\n')
    expect(stdout).toContain('Via: Web · live\nCo-authored-by: Grace Hopper <grace@example.com>')
  })
})
