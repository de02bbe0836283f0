import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
let root: string
let admin: string
const S = '/organizations/acme/spaces/ops'

beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, { spaces: { ops: {} } })
  root = world.token('root')
  admin = world.token('ada')
})
afterEach(() => t.close())

/** Bodies that change nothing: empty, or holding only fields the route does not know. */
const NOTHING = [{}, { unknown: 1 }]

/** Sends each change of nothing and expects `status` with the resource as GET shows it. */
async function expectUnchanged(path: string, token: string, status: 200 | 204, read = path) {
  const before = await json(await t.call('GET', read, { token }))
  for (const body of NOTHING) {
    const response = await t.call('PATCH', path, { token, body })
    expect(response.status, await response.clone().text()).toBe(status)
    // The answer is the resource as GET shows it (a note's answer leaves out its body).
    if (status === 200) expect(before).toMatchObject(await json(response))
    expect(await json(await t.call('GET', read, { token }))).toEqual(before)
  }
}

describe('a PATCH that changes nothing', () => {
  it('answers an account with the account unchanged, for its owner and for the super admin', async () => {
    const me = await json(await t.call('GET', '/me', { token: admin }))
    for (const token of [admin, root]) {
      for (const body of NOTHING) {
        const response = await t.call('PATCH', '/users/ada', { token, body })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await json(response)).toMatchObject({ username: 'ada', display_name: me.display_name })
      }
    }
    expect(await json(await t.call('GET', '/me', { token: admin }))).toEqual(me)
  })

  it('answers an organization and a space unchanged', async () => {
    await expectUnchanged('/organizations/acme', admin, 200)
    await expectUnchanged(S, admin, 200)
  })

  it('leaves tidy settings, a routine and an inbox note as they were', async () => {
    await expectUnchanged(`${S}/tidy-settings`, admin, 204)
    const routine = await json<{ id: string }>(
      await t.call('POST', `${S}/routines`, { token: admin, body: { template: 'coherence' } }),
    )
    await expectUnchanged(`${S}/routines/${routine.id}`, admin, 200)
    const note = await json<{ name: string }>(
      await t.call('POST', `${S}/inbox`, {
        token: admin,
        body: { title: 'Idea', content: 'Write it down.' },
      }),
    )
    await expectUnchanged(`${S}/inbox/${note.name}`, admin, 200)
  })
})
