import { beforeEach, describe, expect, it } from 'vitest'
import { RESET_LINK_MS } from '../../domain/limits.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { testClock } from '../../testing/fakes/test-clock.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { authenticateSession, authenticateToken } from './authenticate.ts'
import { requestPasswordReset } from './request-password-reset.ts'
import { checkPasswordReset, resetPassword } from './reset-password.ts'
import { setUserPassword } from './set-user-password.ts'
import { signIn } from './sign-in.ts'

const newDeps = () => memoryDeps({ clock: testClock(), mailer: memoryMailer() })
let deps: ReturnType<typeof newDeps>
let adaToken: string
let adaId: number

beforeEach(async () => {
  deps = newDeps()
  const { account, token } = await addPerson(deps, 'ada')
  adaToken = token
  adaId = account.id
  await deps.store.accounts.update(adaId, { emailVerified: true }, deps.clock.now())
})

/** Asks for a reset link for Ada and returns its secret, as read from the mail. */
async function resetLink(): Promise<string> {
  await requestPasswordReset(deps, { login: 'ada', clientIp: '203.0.113.7' }, 'https://wiki.example')
  await drainJobs(deps)
  const text = deps.mailer.sent.splice(0).at(-1)?.text ?? ''
  return /\/reset-password\/(qrst_[\w-]+)/.exec(text)?.[1] ?? ''
}

const signInAs = (password: string) => signIn(deps, { username: 'ada', password, clientIp: '203.0.113.7' })
const unusable = { reason: 'link_unusable', code: 'not_found' }

describe('resetPassword', () => {
  it('sets the new password once, signing the account out of every token and session', async () => {
    const { cookie } = await signInAs('ada-password')
    const link = await resetLink()
    await resetPassword(deps, { secret: link, password: 'a brand new password' })

    await expect(authenticateToken(deps, adaToken)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(authenticateSession(deps, cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(signInAs('ada-password')).rejects.toMatchObject({ reason: 'bad_credentials' })
    await expect(signInAs('a brand new password')).resolves.toMatchObject({ account: { username: 'ada' } })

    await expect(checkPasswordReset(deps, link)).rejects.toMatchObject(unusable)
    await expect(resetPassword(deps, { secret: link, password: 'yet another one' })).rejects.toMatchObject(
      unusable,
    )
    await expect(signInAs('a brand new password')).resolves.toMatchObject({ account: { username: 'ada' } })
  })

  it('ends the other reset links of the account', async () => {
    const first = await resetLink()
    const second = await resetLink()
    await resetPassword(deps, { secret: second, password: 'a brand new password' })
    await expect(resetPassword(deps, { secret: first, password: 'an older link' })).rejects.toMatchObject(
      unusable,
    )
  })

  it('lasts one hour', async () => {
    const link = await resetLink()
    deps.clock.advance(RESET_LINK_MS - 1)
    await expect(checkPasswordReset(deps, link)).resolves.toBeUndefined()
    deps.clock.advance(1)
    await expect(checkPasswordReset(deps, link)).rejects.toMatchObject(unusable)
    await expect(resetPassword(deps, { secret: link, password: 'too late now' })).rejects.toMatchObject(
      unusable,
    )
    await expect(signInAs('ada-password')).resolves.toMatchObject({ account: { username: 'ada' } })
  })

  it('clears a password the super admin set, which had to be changed', async () => {
    const root = await actorOf(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
    await setUserPassword(deps, root, 'ada', 'set by the admin')
    expect((await deps.store.accounts.byId(adaId))?.mustChangePassword).toBe(true)
    await resetPassword(deps, { secret: await resetLink(), password: 'chosen by ada' })
    expect((await deps.store.accounts.byId(adaId))?.mustChangePassword).toBe(false)
  })

  it('does nothing once the account changed address or was deactivated', async () => {
    const link = await resetLink()
    await deps.store.accounts.update(adaId, { email: 'ada@corp.example' }, deps.clock.now())
    await expect(checkPasswordReset(deps, link)).rejects.toMatchObject(unusable)
    await expect(
      resetPassword(deps, { secret: link, password: 'not through that link' }),
    ).rejects.toMatchObject(unusable)

    await deps.store.accounts.update(
      adaId,
      { email: 'ada@example.com', emailVerified: true },
      deps.clock.now(),
    )
    const other = await resetLink()
    await deps.store.accounts.update(adaId, { isActive: false }, deps.clock.now())
    await expect(resetPassword(deps, { secret: other, password: 'not while away' })).rejects.toMatchObject(
      unusable,
    )
    await expect(checkPasswordReset(deps, 'qrst_made-up')).rejects.toMatchObject(unusable)
  })
})
