import { beforeEach, describe, expect, it } from 'vitest'
import { RESET_MAILS, RESET_REQUESTS_PER_IP } from '../../domain/limits.ts'
import { addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { testClock } from '../../testing/fakes/test-clock.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { requestPasswordReset } from './request-password-reset.ts'
import { checkPasswordReset } from './reset-password.ts'

const SITE = 'https://wiki.example'

const newDeps = () => memoryDeps({ clock: testClock(), mailer: memoryMailer() })
let deps: ReturnType<typeof newDeps>

/** Makes a person whose address is verified (or not), in a language. */
async function person(username: string, { verified = true, locale = null as string | null } = {}) {
  const { account } = await addPerson(deps, username)
  await deps.store.accounts.update(account.id, { emailVerified: verified, locale }, deps.clock.now())
}

beforeEach(async () => {
  deps = newDeps()
  await person('ada')
})

const ask = (login: string, clientIp = '203.0.113.7') => requestPasswordReset(deps, { login, clientIp }, SITE)

/** The messages sent since the last call, each with the secret of the reset link it carries. */
async function mailed() {
  await drainJobs(deps)
  return deps.mailer.sent.splice(0).map((message) => ({
    ...message,
    token: /\/reset-password\/(qrst_[\w-]+)/.exec(message.text)?.[1] ?? '',
  }))
}

describe('requestPasswordReset', () => {
  it('mails a link to the verified address of the account named by its username or that address', async () => {
    await ask(' Ada ')
    await ask('ADA@example.com')
    const mails = await mailed()
    expect(mails.map((m) => m.to)).toEqual([['ada@example.com'], ['ada@example.com']])
    const [mail] = mails
    expect(mail?.subject).toBe('Reset your password')
    expect(mail?.text).toContain(`${SITE}/reset-password/${mail?.token}`)
    expect(mail?.text).toContain('within 1 hour')
    expect(mail?.text).toContain('If you did not ask for this, ignore this mail')
    expect(mail?.html).toContain(`<a href="${SITE}/reset-password/${mail?.token}">`)
    for (const { token } of mails) await expect(checkPasswordReset(deps, token)).resolves.toBeUndefined()
  })

  it('writes in French to a French account', async () => {
    await person('o_brien', { locale: 'fr' })
    await ask('o_brien')
    const [mail] = await mailed()
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe')
    expect(mail?.text).toContain('« o_brien »')
    expect(mail?.text).toContain('dans l’heure')
    expect(mail?.html).toContain('Si vous n’avez rien demandé, ignorez ce message')
  })

  it('sends nothing, and says nothing, for an unknown, unverified, deactivated or ambiguous account', async () => {
    await person('bob', { verified: false })
    await person('gone')
    await deps.store.accounts.update(
      (await deps.store.accounts.byUsername('gone'))!.id,
      { isActive: false },
      deps.clock.now(),
    )
    // Two accounts that verified the same address: neither is the one the address names.
    await person('twin')
    await person('twain')
    for (const username of ['twin', 'twain']) {
      const { id } = (await deps.store.accounts.byUsername(username))!
      await deps.store.accounts.update(id, { email: 'shared@example.com' }, deps.clock.now())
    }
    for (const login of [
      'nobody',
      'nobody@example.com',
      'bob',
      'bob@example.com',
      'gone',
      'shared@example.com',
    ])
      await expect(ask(login)).resolves.toBeUndefined()
    expect(await mailed()).toEqual([])
  })

  it('sends an account three links an hour, then silently none', async () => {
    for (let i = 0; i < RESET_MAILS.max + 2; i++) await expect(ask('ada')).resolves.toBeUndefined()
    expect(await mailed()).toHaveLength(RESET_MAILS.max)
    deps.clock.advance(RESET_MAILS.windowMs)
    await ask('ada')
    expect(await mailed()).toHaveLength(1)
  })

  it('holds back a client address after too many requests (429), and no one else', async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++) await ask(`someone-${i}`, '2001:db8:1:2::7')
    // Another address of the same /64 is the same client.
    const refused = ask('ada', '2001:db8:1:2::8')
    await expect(refused).rejects.toMatchObject({
      reason: 'too_many_reset_requests',
      code: 'too_many_requests',
    })
    await expect(refused).rejects.toHaveProperty('retryAfter', 3600)
    await ask('ada', '198.51.100.20')
    expect(await mailed()).toHaveLength(1)
  })
})
