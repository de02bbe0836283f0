import { beforeEach, describe, expect, it } from 'vitest'
import { VERIFICATION_MAILS } from '../../domain/limits.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { confirmEmailVerification } from './confirm-email-verification.ts'
import { createToken } from './create-token.ts'
import { createUser } from './create-user.ts'
import { requestEmailVerification } from './request-email-verification.ts'
import { updateUser } from './update-user.ts'

const SITE = 'https://wiki.example'

const newDeps = () => memoryDeps({ clock: testClock(), mailer: memoryMailer() })
let deps: ReturnType<typeof newDeps>
let root: Actor
let ada: Actor
let adaToken: string

beforeEach(async () => {
  deps = newDeps()
  root = await actorOf(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  adaToken = (await addPerson(deps, 'ada')).token
  ada = await actorOf(deps, adaToken)
})

/** The messages sent since the last call, each with the secret of the verification link it carries. */
async function mailed() {
  await drainJobs(deps)
  return deps.mailer.sent.splice(0).map((message) => ({
    ...message,
    token: /\/verify-email\/(qver_[\w-]+)/.exec(message.text)?.[1] ?? '',
  }))
}

const accountOf = async (username: string) => (await deps.store.accounts.byUsername(username))!

describe('requestEmailVerification', () => {
  it('mails the address a link to confirm it, in English for an account without a language', async () => {
    await requestEmailVerification(deps, ada, SITE)
    const [mail, ...more] = await mailed()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: ['ada@example.com'], subject: 'Confirm your e-mail address' })
    expect(mail?.text).toContain(`${SITE}/verify-email/${mail?.token}`)
    expect(mail?.text).toContain('within 24 hours')
    expect(mail?.text).toContain('If you did not ask for this, ignore this mail')
    expect(mail?.html).toContain(`<a href="${SITE}/verify-email/${mail?.token}">`)
    // The link's secret is kept as its digest only.
    expect(await deps.store.accountLinks.peek(mail!.token, 'verify_email', deps.clock.now())).toBeUndefined()
  })

  it('writes in French to a French account', async () => {
    await updateUser(deps, ada, 'ada', { locale: 'fr' })
    await requestEmailVerification(deps, await actorOf(deps, adaToken), SITE)
    const [mail] = await mailed()
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail')
    expect(mail?.text).toContain('dans les 24 heures')
    expect(mail?.text).toContain('Si vous n’avez rien demandé, ignorez ce message')
  })

  it('sends the person at most three links an hour, then 429 until the oldest leaves the window', async () => {
    for (let i = 0; i < VERIFICATION_MAILS.max; i++) await requestEmailVerification(deps, ada, SITE)
    const refused = requestEmailVerification(deps, ada, SITE)
    await expect(refused).rejects.toMatchObject({
      reason: 'too_many_verification_mails',
      code: 'too_many_requests',
    })
    await expect(refused).rejects.toHaveProperty('retryAfter', 3600)
    expect(await mailed()).toHaveLength(VERIFICATION_MAILS.max)

    deps.clock.advance(VERIFICATION_MAILS.windowMs)
    await requestEmailVerification(deps, ada, SITE)
    expect(await mailed()).toHaveLength(1)
  })

  it('voids the links sent before: only the newest one works', async () => {
    await requestEmailVerification(deps, ada, SITE)
    await requestEmailVerification(deps, ada, SITE)
    const [older, newer] = await mailed()
    await expect(confirmEmailVerification(deps, older!.token)).rejects.toMatchObject({ code: 'not_found' })
    await confirmEmailVerification(deps, newer!.token)
    expect((await accountOf('ada')).emailVerified).toBe(true)
  })

  it('refuses an account without an address, or with a verified one (400)', async () => {
    await updateUser(deps, root, 'ada', { email: '' }, SITE)
    const noAddress = await actorOf(deps, adaToken)
    await expect(requestEmailVerification(deps, noAddress, SITE)).rejects.toMatchObject({
      reason: 'no_email',
      code: 'invalid',
    })
    await deps.store.accounts.update(
      noAddress.account.id,
      { email: 'ada@example.com', emailVerified: true },
      0,
    )
    const verified = await actorOf(deps, adaToken)
    await expect(requestEmailVerification(deps, verified, SITE)).rejects.toMatchObject({
      reason: 'email_already_verified',
      code: 'invalid',
    })
  })

  it('is refused to a restricted token (403): it does not manage the account', async () => {
    const { secret } = await createToken(deps, ada, { name: 'reader', readOnly: true })
    await expect(requestEmailVerification(deps, await actorOf(deps, secret), SITE)).rejects.toMatchObject({
      reason: 'restricted_token',
      code: 'forbidden',
    })
    expect(await mailed()).toEqual([])
  })
})

describe('addresses the super admin sets', () => {
  it('are unverified on a new account, which is mailed a link', async () => {
    const grace = await createUser(
      deps,
      root,
      { username: 'grace', password: 'grace-password', email: ' grace@example.com ', emailVerified: true },
      SITE,
    )
    expect(grace).toMatchObject({ email: 'grace@example.com', emailVerified: false })
    const [mail] = await mailed()
    expect(mail?.to).toEqual(['grace@example.com'])
    await confirmEmailVerification(deps, mail!.token)
    expect((await accountOf('grace')).emailVerified).toBe(true)

    await createUser(deps, root, { username: 'nomail', password: 'nomail-password' }, SITE)
    expect(await mailed()).toEqual([])
  })

  it('become unverified when changed: the old link dies and the new address gets one', async () => {
    await requestEmailVerification(deps, ada, SITE)
    const [old] = await mailed()
    await confirmEmailVerification(deps, old!.token)
    await requestEmailVerification(deps, root, SITE)
    const [stale] = await mailed()

    const changed = await updateUser(deps, root, 'ada', { email: 'ada@corp.example' }, SITE)
    expect(changed).toMatchObject({ email: 'ada@corp.example', emailVerified: false })
    const [fresh, ...more] = await mailed()
    expect(more).toEqual([])
    expect(fresh?.to).toEqual(['ada@corp.example'])
    expect(fresh?.text).toContain('ada@corp.example')

    // Root's own pending link is not Ada's business: it still works.
    await confirmEmailVerification(deps, stale!.token)
    await confirmEmailVerification(deps, fresh!.token)
    expect((await accountOf('ada')).emailVerified).toBe(true)
  })

  it('change nothing when the same address comes again, whatever its case', async () => {
    await requestEmailVerification(deps, ada, SITE)
    const [link] = await mailed()
    await confirmEmailVerification(deps, link!.token)

    const same = await updateUser(
      deps,
      root,
      'ada',
      { email: 'Ada@Example.com', displayName: 'Ada L.' },
      SITE,
    )
    expect(same).toMatchObject({ emailVerified: true, displayName: 'Ada L.' })
    expect(await mailed()).toEqual([])
  })

  it('void the pending link when cleared, and mail nothing', async () => {
    await requestEmailVerification(deps, ada, SITE)
    const [link] = await mailed()
    expect(await updateUser(deps, root, 'ada', { email: '' }, SITE)).toMatchObject({
      email: '',
      emailVerified: false,
    })
    expect(await mailed()).toEqual([])
    await expect(confirmEmailVerification(deps, link!.token)).rejects.toMatchObject({ code: 'not_found' })
  })
})
