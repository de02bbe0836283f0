import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

/**
 * The permission matrix through HTTP: each caller runs the same requests, and the whole vector of
 * outcomes is compared at once: A = allowed (2xx), F = refused (403), N = not visible (404).
 * Every request is idempotent or creates something new, so the order of callers does not matter.
 */
const REQUESTS: [string, string, (n: number) => unknown][] = [
  ['GET', '/me', () => undefined],
  ['POST', '/me/tokens', () => ({ name: 'probe' })],
  ['GET', '/users', () => undefined],
  ['POST', '/organizations', (n) => ({ slug: `probe-${n}`, name: 'Probe' })],
  ['GET', '/organizations/acme', () => undefined],
  ['PATCH', '/organizations/acme', () => ({ name: 'Acme' })],
  ['PUT', '/organizations/acme/members/extra', () => ({ role: 'member' })],
  ['POST', '/organizations/acme/spaces', (n) => ({ slug: `probe-${n}`, name: 'Probe' })],
  ['GET', '/organizations/acme/spaces/wiki', () => undefined],
  ['GET', '/organizations/acme/spaces/wiki/members', () => undefined],
  ['PATCH', '/organizations/acme/spaces/wiki', () => ({ description: 'The wiki' })],
  ['PUT', '/organizations/acme/spaces/wiki/members/extra', () => ({ role: 'reader' })],
]

type Credential = 'full' | 'read_only' | 'wiki_only' | 'board_only'

// Columns: me, new token, users, new org | org read, org update, org member | new space |
//          space read, space members, space update, space member
const CASES: [string, Credential, string][] = [
  ['root', 'full', 'AAAA AAA A AAAA'],
  ['root', 'read_only', 'AFFF AFF F AAFF'],
  ['root', 'wiki_only', 'AFFF AFF F AAFF'],
  ['root', 'board_only', 'AFFF AFF F NNNN'],
  ['orgadmin', 'full', 'AAFF AAA A AAAA'],
  ['orgadmin', 'read_only', 'AFFF AFF F AAFF'],
  ['orgadmin', 'wiki_only', 'AFFF AFF F AAFF'],
  ['orgadmin', 'board_only', 'AFFF AFF F NNNN'],
  ['writer', 'full', 'AAFF AFF F AAFF'],
  ['writer', 'read_only', 'AFFF AFF F AAFF'],
  ['writer', 'wiki_only', 'AFFF AFF F AAFF'],
  ['reader', 'full', 'AAFF AFF F AAFF'],
  ['reader', 'wiki_only', 'AFFF AFF F AAFF'],
  ['member', 'full', 'AAFF AFF F NNNN'],
  ['outsider', 'full', 'AAFF NNN N NNNN'],
  ['outsider', 'read_only', 'AFFF NNN N NNNN'],
]

let t: TestApp
const tokens = new Map<string, string>()
let probe = 0

beforeAll(async () => {
  t = await testApp()
  const root = await t.user('root', { superadmin: true })
  tokens.set('root', root)
  for (const name of ['orgadmin', 'writer', 'reader', 'member', 'outsider', 'extra'])
    tokens.set(name, await t.user(name))
  const as = (method: string, path: string, body: unknown) => t.call(method, path, { token: root, body })
  await as('POST', '/organizations', { slug: 'acme', name: 'Acme' })
  await as('PUT', '/organizations/acme/members/orgadmin', { role: 'admin' })
  await as('PUT', '/organizations/acme/members/member', { role: 'member' })
  await as('PUT', '/organizations/acme/members/extra', { role: 'member' })
  await as('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
  await as('POST', '/organizations/acme/spaces', { slug: 'board', name: 'Board' })
  await as('PUT', '/organizations/acme/spaces/wiki/members/writer', { role: 'contributor' })
  await as('PUT', '/organizations/acme/spaces/wiki/members/reader', { role: 'reader' })
  await as('PUT', '/organizations/acme/spaces/board/members/writer', { role: 'reader' })
})
afterAll(() => t.close())

async function credentialFor(who: string, kind: Credential): Promise<string> {
  const full = tokens.get(who) ?? ''
  if (kind === 'full') return full
  const body =
    kind === 'read_only'
      ? { name: kind, read_only: true }
      : { name: kind, spaces: [kind === 'wiki_only' ? 'acme/wiki' : 'acme/board'] }
  const response = await t.call('POST', '/me/tokens', { token: full, body })
  expect(response.status).toBe(201)
  return (await json<{ token: string }>(response)).token
}

const outcome = (status: number) =>
  status < 300 ? 'A' : status === 403 ? 'F' : status === 404 ? 'N' : `?${status}`

describe('permission matrix over HTTP', () => {
  it.each(CASES)('%s with a %s token', async (who, kind, expected) => {
    const token = await credentialFor(who, kind)
    const outcomes: string[] = []
    for (const [method, path, body] of REQUESTS) {
      const response = await t.call(method, path, { token, body: body(probe++) })
      outcomes.push(outcome(response.status))
    }
    const vector = outcomes.join('')
    const grouped = `${vector.slice(0, 4)} ${vector.slice(4, 7)} ${vector.slice(7, 8)} ${vector.slice(8)}`
    expect(grouped).toBe(expected)
  })
})
