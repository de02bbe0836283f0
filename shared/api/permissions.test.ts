import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../testing/test-app.ts'
import { createApp } from './app.ts'
import { expectedListing, listedOf } from './permissions/listing.ts'
import { expectedOutcome, type Outcome, outcomeOf } from './permissions/outcome.ts'
import type { Probe, Row } from './permissions/row.ts'
import { ROWS } from './permissions/rows.ts'
import { issueCredentials, mintToken, seedWorld } from './permissions/seed.ts'
import { CALLERS, type Caller, PEOPLE, type Person, SUPERADMINS, World } from './permissions/world.ts'

/**
 * Every route of the API over HTTP, each tied to the policy action it is checked against: each
 * caller of `world.ts` sends the row's request, and the answers are compared with what the
 * policy's `decide` says of that caller on the route's target. The world is seeded once; a row
 * that uses something up (a page to delete, a note to move) makes it anew after each allowed call.
 */

let t: TestApp
let probe: Probe
const credentials = new Map<string, Record<string, string>>()

/** Issues a person's credentials again, after a call that ended them. */
async function reissue(who: Person) {
  for (const [name, headers] of await issueCredentials(probe, who)) credentials.set(name, headers)
}

beforeAll(async () => {
  t = await testApp()
  for (const who of PEOPLE) await t.user(who, { superadmin: SUPERADMINS.includes(who) })
  let count = 0
  const send: Probe['send'] = (method, path, { headers, body } = {}) =>
    t.call(method, path, { headers, body })
  probe = {
    send,
    admin: async (method, path, body) => {
      const response = await send(method, path, { headers: credentials.get('super admin'), body })
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return response.status === 204 ? undefined : await response.json()
    },
    fresh: () => ++count,
    mintToken: (who) => mintToken(probe, who),
    connectApp: (who) => connectApp(who, ++count),
    world: new World(),
    seeded: undefined as never,
  }
  // The super admin seeds the world; the others' tokens name its spaces, so they come after.
  await reissue('root')
  probe.seeded = await seedWorld(probe)
  for (const who of PEOPLE.filter((p) => p !== 'root')) await reissue(who)
})
afterAll(() => t.close())

/** An OAuth connection of an account, stored as the token endpoint leaves it after a consent. */
async function connectApp(who: Person, n: number): Promise<string> {
  const { oauth } = t.deps.store
  const now = t.clock.now()
  const clientId = `client-${n}`
  const grantId = `grant-${n}`
  await oauth.createClient({
    id: clientId,
    name: 'Probe assistant',
    redirectUris: ['http://127.0.0.1/callback'],
    authMethod: 'none',
    grantTypes: ['authorization_code', 'refresh_token'],
    responseTypes: ['code'],
    scope: null,
    createdAt: now,
    secretHash: null,
  })
  const code = {
    hash: `code-${n}`,
    clientId,
    accountId: await t.idOf('account', who),
    redirectUri: 'http://127.0.0.1/callback',
    codeChallenge: 'challenge',
    scope: 'mcp',
    spaceIds: null,
    expiresAt: now + 60_000,
    usedAt: null,
    grantId: null,
  }
  await oauth.createCode(code, now)
  const grant = {
    id: grantId,
    clientId,
    accountId: code.accountId,
    scope: 'mcp',
    spaceIds: null,
    createdAt: now,
    lastUsedAt: null,
  }
  const refresh = { hash: `refresh-${n}`, grantId, createdAt: now, expiresAt: now + 60_000, rotatedAt: null }
  if (!(await oauth.redeemCode(code.hash, now, grant, refresh))) throw new Error('the code was not redeemed')
  return grantId
}

/** One caller's answer to a row's request beside the policy's, with what a listing shows. */
async function ask(row: Row<unknown>, caller: Caller, made: unknown) {
  const sent = row.request(probe, made)
  const method = row.route.slice(0, row.route.indexOf(' '))
  const headers = { ...credentials.get(caller.name), ...sent.headers }
  const response = await probe.send(method, sent.path, { headers, body: sent.body })
  const listed = row.lists && response.status === 200 ? listedOf(row, await response.clone().json()) : []
  const got = await outcomeOf(row, sent, response)
  const expected = expectedOutcome(row, caller, probe.world, sent)
  if (!row.lists || expected !== 'allow') return { got, expected }
  return {
    got: got === 'allow' ? `allow: ${listed.join(', ')}` : got,
    expected: `allow: ${expectedListing(row, caller, probe.world, sent).join(', ')}`,
  }
}

describe('each route answers each caller as the policy decides', () => {
  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const expected: Record<string, Outcome> = {}
    const got: Record<string, Outcome> = {}
    let made: unknown
    let isMade = false
    for (const caller of CALLERS) {
      if (row.setUp && (!isMade || row.perCaller)) {
        made = await row.setUp(probe, caller)
        isMade = true
      }
      const answer = await ask(row, caller, made)
      expected[caller.name] = answer.expected
      got[caller.name] = answer.got
      if (!answer.got.startsWith('allow')) continue
      // What the call used up is made again for the next caller, and what it ended is issued again.
      isMade = false
      if (caller.who && (row.revokes === 'account' || (row.revokes === 'session' && caller.session)))
        await reissue(caller.who)
    }
    expect(got).toEqual(expected)
  })
})

/** A route of the app as the OpenAPI document writes it: `{name}` for `:name` and `:name{pattern}`. */
const template = (path: string) => path.replace(/:(\w+)(?:\{.*?\}(?=\/|$))?/g, '{$1}')

describe('the rows', () => {
  it('are one for each route the app registers under /api/v1, and for each operation it documents', async () => {
    const rows = ROWS.map((row) => row.route)
    expect(new Set(rows).size).toBe(rows.length)
    const registered = t.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/'))
      .map((route) => `${route.method} ${template(route.path.slice('/api/v1'.length))}`)
    expect([...new Set(registered)].sort()).toEqual([...rows].sort())

    const documented = await createApp(t.deps, { apiDocs: true }).request('/api/v1/openapi.json')
    const { paths } = (await documented.json()) as { paths: Record<string, Record<string, unknown>> }
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations.sort()).toEqual([...rows].sort())
  })
})
