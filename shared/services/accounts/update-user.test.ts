import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_TOKEN_DAYS } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { memoryStore } from '../../testing/fakes/memory-store.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateToken } from './authenticate.ts'
import { bootstrapAdmin } from './bootstrap-admin.ts'
import { createToken } from './create-token.ts'
import { createUser } from './create-user.ts'
import { listTokens } from './list-tokens.ts'
import { listUsers } from './list-users.ts'
import { revokeToken } from './revoke-token.ts'
import { updateUser } from './update-user.ts'

const DAY = 24 * 3_600_000
const SITE = 'https://wiki.example'

let deps: Deps & { clock: TestClock }
let root: Actor
let ada: Actor
let adaToken: string

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock() })
  root = await actorOf(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  adaToken = (await addPerson(deps, 'ada')).token
  ada = await actorOf(deps, adaToken)
})

describe('bootstrapAdmin and createUser', () => {
  it('makes the first super admin once, with the token it is given', async () => {
    const empty = { ...deps, store: memoryStore() }
    expect(
      await bootstrapAdmin(empty, { username: 'Admin', password: 'pw', token: 'qpat_given_token' }),
    ).toBe(true)
    expect(await authenticateToken(empty, 'qpat_given_token')).toMatchObject({
      account: { username: 'admin', isSuperadmin: true },
    })
    expect(await bootstrapAdmin(empty, { username: 'other', password: 'pw' })).toBe(false)
    expect((await listUsers(empty, await authenticateToken(empty, 'qpat_given_token'))).length).toBe(1)
  })

  it('lets the super admin create accounts with names that are usernames and free', async () => {
    const made = await createUser(deps, root, { username: ' Grace ', password: 'pw' }, SITE)
    expect(made).toMatchObject({
      username: 'grace',
      displayName: 'grace',
      isSuperadmin: false,
      isActive: true,
    })
    await expect(createUser(deps, root, { username: 'GRACE', password: 'pw' }, SITE)).rejects.toMatchObject({
      reason: 'already_exists',
    })
    await expect(
      createUser(deps, root, { username: 'no spaces', password: 'pw' }, SITE),
    ).rejects.toMatchObject({
      reason: 'username_invalid',
    })
    await expect(createUser(deps, ada, { username: 'hers', password: 'pw' }, SITE)).rejects.toMatchObject({
      code: 'forbidden',
    })
  })
})

describe('updateUser', () => {
  it('lets people change their own name and language, and nothing else', async () => {
    expect(await updateUser(deps, ada, 'ada', { displayName: '  ', locale: 'fr' })).toMatchObject({
      displayName: 'ada',
      locale: 'fr',
    })
    // A name is shown and mailed on one line: a line break would start a mail header of its own.
    expect(
      await updateUser(deps, ada, 'ada', { displayName: 'Ada\r\nBcc: eve@example.com\t ' }),
    ).toMatchObject({
      displayName: 'Ada Bcc: eve@example.com',
    })
    await expect(updateUser(deps, ada, 'ada', { isSuperadmin: true })).rejects.toMatchObject({
      reason: 'own_profile_only',
    })
    await expect(updateUser(deps, ada, 'root', { displayName: 'Boss' })).rejects.toMatchObject({
      reason: 'own_profile_only',
    })
  })

  it('keeps one active super admin at least', async () => {
    await expect(updateUser(deps, root, 'root', { isSuperadmin: false })).rejects.toMatchObject({
      reason: 'last_superadmin',
    })
    await expect(updateUser(deps, root, 'root', { isActive: false })).rejects.toMatchObject({
      reason: 'last_superadmin',
    })
    await updateUser(deps, root, 'ada', { isSuperadmin: true })
    await expect(updateUser(deps, root, 'root', { isSuperadmin: false })).resolves.toMatchObject({
      isSuperadmin: false,
    })
  })

  it('signs a deactivated account out of every token', async () => {
    await updateUser(deps, root, 'ada', { isActive: false })
    await expect(authenticateToken(deps, adaToken)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(updateUser(deps, root, 'nobody', { isActive: false })).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

describe('personal tokens', () => {
  it('last the default lifetime unless told otherwise, and are listed without their secret', async () => {
    const { token, secret } = await createToken(deps, ada, { name: ' laptop ' })
    expect(token).toMatchObject({
      name: 'laptop',
      expiresAt: deps.clock.now() + DEFAULT_TOKEN_DAYS * DAY,
      hint: secret.slice(-4),
    })
    const forever = await createToken(deps, ada, { name: 'ci', days: null, readOnly: true })
    expect(forever.token).toMatchObject({ expiresAt: null, readOnly: true })
    expect(JSON.stringify(await listTokens(deps, ada))).not.toContain(secret)

    deps.clock.advance(DEFAULT_TOKEN_DAYS * DAY)
    await expect(authenticateToken(deps, secret)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(authenticateToken(deps, forever.secret)).resolves.toMatchObject({
      credential: { kind: 'token', readOnly: true },
    })
  })

  it('are revoked by their owner alone', async () => {
    const { token, secret } = await createToken(deps, ada, { name: 'laptop', days: 7 })
    await expect(revokeToken(deps, root, token.id)).rejects.toMatchObject({ code: 'not_found' })
    await revokeToken(deps, ada, token.id)
    await expect(authenticateToken(deps, secret)).rejects.toMatchObject({ code: 'unauthenticated' })
    expect((await listTokens(deps, ada)).map((t) => t.name)).toEqual(['test'])
    await expect(revokeToken(deps, ada, token.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})
