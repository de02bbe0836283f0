import { afterEach, beforeEach, expect, it } from 'vitest'
import { NO_INCOMING_OBJECTS } from '../../ports/incoming-objects.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { receivePush } from './receive-push.ts'

const S = '/organizations/acme/spaces/wiki'
let t: TestApp
let writer: string
beforeEach(async () => {
  t = await testApp()
  const root = await t.user('root', { superadmin: true })
  writer = await t.user('walt')
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme' } })
  await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'wiki', name: 'Wiki' } })
  await t.call('PUT', `${S}/members/walt`, { token: root, body: { role: 'contributor' } })
})
afterEach(() => t.close())

const commit = async (path: string) => {
  await t.call('PUT', `${S}/files/${path}`, { token: writer, body: { content: `# ${path}\n` } })
  return (await t.deps.repos.open(await t.idOf('space', 'wiki'), 'main').head()) ?? ''
}

const push = async (ref: string, from: string | null, to: string | null) => {
  const actor = await authenticateToken(t.deps, writer, 'git')
  const [outcome] = await receivePush(
    t.deps,
    actor,
    { org: 'acme', space: 'wiki' },
    { updates: [{ ref, from, to }], incoming: NO_INCOMING_OBJECTS },
  )
  return outcome?.refused?.reason ?? 'ok'
}

it('tells a push that drops commits it knew from one made on a branch that moved since', async () => {
  const a = await commit('a.md')
  const b = await commit('b.md')
  expect(await push('refs/heads/main', b, a)).toBe('push_rewrites_history')
  expect(await push('refs/heads/main', a, a)).toBe('push_stale')
  expect(await push('refs/heads/main', b, null)).toBe('push_deletes_branch')
  expect(await push('refs/heads/other', null, b)).toBe('push_other_ref')
  expect(await push('refs/heads/main', b, b)).toBe('ok')
  const page = await t.call('GET', `${S}/files/b.md`, { token: writer })
  expect((await json<{ text: string }>(page)).text).toBe('# b.md\n')
})
