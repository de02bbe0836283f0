import { beforeEach, describe, expect, it } from 'vitest'
import { SESSION_IDLE_MS, SESSION_PREFIX, SIGN_IN_PER_ACCOUNT } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import { authenticateSession, authenticateToken } from './authenticate.ts'
import { changePassword } from './change-password.ts'
import { signIn, signOut } from './sign-in.ts'
import { updateUser } from './update-user.ts'

let deps: Deps & { clock: TestClock }
let rootToken: string

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock() })
  rootToken = (await addPerson(deps, 'root', { superadmin: true })).token
  await addPerson(deps, 'ada')
})

const asAda = (password = 'ada-password', clientIp = '203.0.113.7') =>
  signIn(deps, { username: 'ada', password, clientIp })

describe('signIn', () => {
  it('opens a session whose cookie signs the person in until it lapses', async () => {
    const { account, cookie, expiresAt } = await signIn(deps, {
      username: '  Ada ',
      password: 'ada-password',
      clientIp: '203.0.113.7',
    })
    expect(account.username).toBe('ada')
    expect(cookie.startsWith(SESSION_PREFIX)).toBe(true)
    expect(expiresAt).toBe(deps.clock.now() + SESSION_IDLE_MS)
    const actor = await authenticateSession(deps, cookie)
    expect(actor).toMatchObject({
      account: { username: 'ada' },
      channel: 'web',
      credential: { kind: 'session' },
    })

    deps.clock.advance(SESSION_IDLE_MS)
    await expect(authenticateSession(deps, cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('answers a wrong password and an unknown username alike', async () => {
    await expect(asAda('not-her-password')).rejects.toMatchObject({
      reason: 'bad_credentials',
      code: 'unauthenticated',
    })
    await expect(
      signIn(deps, { username: 'nobody', password: 'x', clientIp: '203.0.113.7' }),
    ).rejects.toMatchObject({ reason: 'bad_credentials' })
  })

  it('refuses a deactivated account even with its password', async () => {
    const root = await authenticateToken(deps, rootToken)
    await updateUser(deps, root, 'ada', { isActive: false })
    await expect(asAda()).rejects.toMatchObject({ reason: 'bad_credentials' })
  })

  it('holds back an address after too many failures, not the person signing in from elsewhere', async () => {
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max; i++)
      await expect(asAda('guess')).rejects.toMatchObject({ reason: 'bad_credentials' })

    const refused = asAda()
    await expect(refused).rejects.toMatchObject({ reason: 'too_many_sign_ins', code: 'too_many_requests' })
    await expect(refused).rejects.toHaveProperty('retryAfter', expect.any(Number))
    await expect(asAda('ada-password', '198.51.100.20')).resolves.toMatchObject({
      account: { username: 'ada' },
    })

    deps.clock.advance(SIGN_IN_PER_ACCOUNT.windowMs)
    await expect(asAda()).resolves.toMatchObject({ account: { username: 'ada' } })
  })

  it('does not count a right password against the limit', async () => {
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max + 2; i++) await asAda()
    await expect(asAda()).resolves.toMatchObject({ account: { username: 'ada' } })
  })
})

describe('signOut', () => {
  it('ends the session, and ignores a cookie it does not know', async () => {
    const { cookie } = await asAda()
    await signOut(deps, 'qses_unknown')
    await signOut(deps, cookie)
    await expect(authenticateSession(deps, cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

describe('changePassword', () => {
  it('needs the current password, then signs out every other session and token', async () => {
    const person = await addPerson(deps, 'grace')
    const kept = await signIn(deps, {
      username: 'grace',
      password: 'grace-password',
      clientIp: '203.0.113.9',
    })
    const other = await signIn(deps, {
      username: 'grace',
      password: 'grace-password',
      clientIp: '203.0.113.9',
    })
    const actor = await authenticateSession(deps, kept.cookie)

    await expect(
      changePassword(deps, actor, { currentPassword: 'wrong', newPassword: 'new-secret-1' }),
    ).rejects.toMatchObject({ reason: 'wrong_current_password', code: 'forbidden' })

    await changePassword(deps, actor, { currentPassword: 'grace-password', newPassword: 'new-secret-1' })
    await expect(authenticateSession(deps, kept.cookie)).resolves.toMatchObject({
      account: { username: 'grace' },
    })
    await expect(authenticateSession(deps, other.cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(authenticateToken(deps, person.token)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(
      signIn(deps, { username: 'grace', password: 'grace-password', clientIp: '203.0.113.9' }),
    ).rejects.toMatchObject({ reason: 'bad_credentials' })
    await expect(
      signIn(deps, { username: 'grace', password: 'new-secret-1', clientIp: '203.0.113.9' }),
    ).resolves.toMatchObject({ account: { username: 'grace' } })
  })
})
