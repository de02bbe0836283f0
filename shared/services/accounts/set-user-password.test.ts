import { beforeEach, describe, expect, it } from 'vitest'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateSession, authenticateToken } from './authenticate.ts'
import { changePassword } from './change-password.ts'
import { createToken } from './create-token.ts'
import { listTokens } from './list-tokens.ts'
import { setUserPassword } from './set-user-password.ts'
import { signIn } from './sign-in.ts'

let deps: ReturnType<typeof memoryDeps>
let root: Actor
let adaToken: string

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock() })
  root = await actorOf(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  adaToken = (await addPerson(deps, 'ada')).token
})

const signInAs = (password: string) => signIn(deps, { username: 'ada', password, clientIp: '203.0.113.7' })

describe('setUserPassword', () => {
  it('sets the password given, signs the account out everywhere, and makes the person change it first', async () => {
    const { cookie } = await signInAs('ada-password')
    expect(await setUserPassword(deps, root, ' Ada ', 'temporary password')).toEqual({
      password: 'temporary password',
    })
    await expect(authenticateToken(deps, adaToken)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(authenticateSession(deps, cookie)).rejects.toMatchObject({ code: 'unauthenticated' })

    const signedIn = await signInAs('temporary password')
    expect(signedIn.account.mustChangePassword).toBe(true)
    const ada = await authenticateSession(deps, signedIn.cookie)
    await expect(listTokens(deps, ada)).resolves.toEqual([])
    await expect(createToken(deps, ada, { name: 'laptop' })).rejects.toMatchObject({
      reason: 'password_change_required',
      code: 'forbidden',
    })

    await changePassword(deps, ada, { currentPassword: 'temporary password', newPassword: 'ada chose this' })
    const after = await authenticateSession(deps, signedIn.cookie)
    expect(after.account.mustChangePassword).toBe(false)
    await expect(createToken(deps, after, { name: 'laptop' })).resolves.toMatchObject({
      token: { name: 'laptop' },
    })
  })

  it('generates a strong password when none is given, a new one each time', async () => {
    const first = await setUserPassword(deps, root, 'ada')
    const second = await setUserPassword(deps, root, 'ada')
    expect(first.password.length).toBeGreaterThanOrEqual(22)
    expect(second.password).not.toBe(first.password)
    await expect(signInAs(first.password)).rejects.toMatchObject({ reason: 'bad_credentials' })
    await expect(signInAs(second.password)).resolves.toMatchObject({
      account: { username: 'ada', mustChangePassword: true },
    })
  })

  it('belongs to the super admin with a full credential: 403 for others, 404 for an unknown account', async () => {
    const ada = await actorOf(deps, adaToken)
    await expect(setUserPassword(deps, ada, 'root', 'taking over')).rejects.toMatchObject({
      code: 'forbidden',
    })
    const { secret } = await createToken(deps, root, { name: 'ci', readOnly: true })
    await expect(setUserPassword(deps, await actorOf(deps, secret), 'ada')).rejects.toMatchObject({
      reason: 'restricted_token',
    })
    await expect(setUserPassword(deps, root, 'nobody')).rejects.toMatchObject({ code: 'not_found' })
    await expect(signInAs('ada-password')).resolves.toMatchObject({ account: { mustChangePassword: false } })
  })
})
