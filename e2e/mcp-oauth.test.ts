import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client'
import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppHarness, callApi, ORG, PEOPLE, SPACE, startApp } from './helpers/app.ts'
import { AssistantAuth, startCallbackListener } from './helpers/assistant.ts'

type Listener = Awaited<ReturnType<typeof startCallbackListener>>

describe('an assistant connects to /mcp with OAuth, as the person allows it in the browser', () => {
  let app: AppHarness
  let callback: Listener
  beforeAll(async () => {
    app = await startApp()
    callback = await startCallbackListener()
  })
  afterAll(async () => {
    await callback?.close()
    await app?.close()
  })

  /** A client that authenticates through `auth`; connecting fails with UnauthorizedError until it has tokens. */
  const assistant = (auth: AssistantAuth) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${app.server.url}/mcp`), {
      authProvider: auth,
    })
    const client = new Client({ name: 'test-assistant', version: '1.0.0' })
    return { client, transport }
  }

  /** Opens the authorization page the assistant asked for, signs in when asked, and clicks a button of the consent page. */
  const consent = async (page: Page, auth: AssistantAuth, choice: 'Allow' | 'Deny') => {
    if (!auth.authorizationUrl) throw new Error('the assistant asked for no authorization')
    await page.goto(auth.authorizationUrl.href)
    if (new URL(page.url()).pathname === '/sign-in') {
      await page.getByLabel('Username').fill(PEOPLE.contributor.username)
      await page.getByLabel('Password', { exact: true }).fill(PEOPLE.contributor.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
    }
    await page.getByRole('button', { name: choice }).click()
    return callback.next()
  }

  it('discovers the server from the 401, registers, is allowed, calls tools, refreshes, and loses access on reuse and on revocation', async () => {
    const context = await app.newContext()
    const page = await context.newPage()

    // Discovery from the 401 and registration happen inside the official client's connect.
    const auth = new AssistantAuth(callback.url, 'Research Assistant')
    let { client, transport } = assistant(auth)
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(auth.clientInformation()?.client_id).toBeTruthy()
    expect(auth.authorizationUrl?.pathname).toBe('/oauth/authorize')

    // The person signs in and sees who asks for what before allowing it.
    const answer = await consent(page, auth, 'Allow')
    expect(answer.get('error')).toBeNull()
    await transport.finishAuth(answer)
    ;({ client, transport } = assistant(auth))
    await client.connect(transport)

    // The assistant acts as the person: it sees their space and writes in their name, through its app name.
    const spaces = await client.callTool({ name: 'list_spaces', arguments: {} })
    expect(spaces.structuredContent).toMatchObject({ spaces: [{ organization: ORG, slug: SPACE }] })
    const dropped = await client.callTool({
      name: 'drop_note',
      arguments: { space: `${ORG}/${SPACE}`, content: 'Rotate the staging keys every quarter.' },
    })
    expect(dropped.isError).toBeFalsy()
    expect(dropped.structuredContent).toMatchObject({ source: 'mcp', via: 'MCP · Research Assistant' })

    // The connection is listed for the person, who can see when it was last used.
    const apps = await callApi<{ id: string; name: string; read_only: boolean }[]>(
      app.server,
      'GET',
      '/me/apps',
      undefined,
      await personalToken(app, PEOPLE.contributor),
    )
    expect(apps).toMatchObject([{ name: 'Research Assistant', read_only: false }])

    // An expired access token: the client refreshes on its own, and the refresh token rotates.
    const first = auth.tokens()
    if (!first?.refresh_token) throw new Error('no refresh token was issued')
    auth.saveTokens({ ...first, access_token: 'no-longer-valid' })
    const again = await client.callTool({ name: 'list_spaces', arguments: {} })
    expect(again.isError).toBeFalsy()
    const rotated = auth.tokens()
    expect(rotated?.refresh_token).toBeTruthy()
    expect(rotated?.refresh_token).not.toBe(first.refresh_token)

    // The old refresh token, used again (stolen, say), ends the whole connection.
    const reuse = await fetch(`${app.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: auth.clientInformation()?.client_id ?? '',
      }),
    })
    expect(reuse.status).toBe(400)
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' })
    const denied = await fetch(`${app.server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rotated?.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(denied.status).toBe(401)
    await client.close()

    // A second connection, ended by the assistant itself through the revocation endpoint.
    const second = new AssistantAuth(callback.url, 'Second Assistant')
    ;({ client, transport } = assistant(second))
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError)
    await transport.finishAuth(await consent(page, second, 'Allow'))
    ;({ client, transport } = assistant(second))
    await client.connect(transport)
    const revoked = await fetch(`${app.server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: second.tokens()?.refresh_token ?? '',
        client_id: second.clientInformation()?.client_id ?? '',
      }),
    })
    expect(revoked.status).toBe(200)
    const after = await fetch(`${app.server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${second.tokens()?.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(after.status).toBe(401)
    await client.close()
    const left = await callApi<unknown[]>(
      app.server,
      'GET',
      '/me/apps',
      undefined,
      await personalToken(app, PEOPLE.contributor),
    )
    expect(left).toEqual([])

    // Deny: the assistant is told so, and gets nothing.
    const third = new AssistantAuth(callback.url, 'Denied Assistant')
    ;({ client, transport } = assistant(third))
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError)
    const refused = await consent(page, third, 'Deny')
    expect(refused.get('error')).toBe('access_denied')
    expect(refused.get('code')).toBeNull()
  })
})

const tokens = new Map<string, string>()

/** A personal token of a seeded person, made once through a password session. */
async function personalToken(
  app: AppHarness,
  person: { username: string; password: string },
): Promise<string> {
  const known = tokens.get(person.username)
  if (known) return known
  const session = await fetch(`${app.server.url}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: person.username, password: person.password }),
  })
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const made = await fetch(`${app.server.url}/api/v1/me/tokens`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'test', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'e2e', days: 1 }),
  })
  const { token } = (await made.json()) as { token: string }
  tokens.set(person.username, token)
  return token
}
