import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type MemoryMailer, memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { type MemoryWebhookSender, memoryWebhookSender } from '../../testing/fakes/memory-webhook-sender.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateSession } from '../accounts/authenticate.ts'
import { confirmEmailVerification } from '../accounts/confirm-email-verification.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { createWebhook } from '../webhooks/manage-webhooks.ts'
import { drainWebhooks } from '../webhooks/webhook-runner.ts'
import { acceptInvitation, type NewAccountInput } from './accept-invitation.ts'
import { cancelInvitation } from './cancel-invitation.ts'
import { type CreateInvitationInput, createInvitation } from './create-invitation.ts'

let deps: Deps & { clock: TestClock; mailer: MemoryMailer; webhookSender: MemoryWebhookSender }
let world: World
let ada: Actor

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock(), mailer: memoryMailer(), webhookSender: memoryWebhookSender() })
  world = await seedWorld(deps, {
    spaces: { wiki: {}, board: {}, archive: {} },
    members: ['bob'],
    outsiders: ['eve'],
  })
  ada = await world.actor('ada')
})

const SITE = 'http://q'
const CONTEXT = { baseUrl: SITE, locale: 'en' } as const

/** A pending invitation's two link secrets: the one shown to the inviter, and the one mailed to the address. */
async function linksFor(input: CreateInvitationInput): Promise<{ shown: string; mailed: string }> {
  const { link } = await createInvitation(deps, ada, 'acme', input, CONTEXT)
  if (!link) throw new Error('the invitation was granted at once')
  const mail = (await mailsTo(input.email.trim().toLowerCase())).at(-1)
  const mailed = /http:\/\/q\/invite\/(qinv_[\w-]+)/.exec(mail?.text ?? '')?.[1]
  if (!mailed) throw new Error(`no invitation link in ${mail?.text}`)
  return { shown: link.slice(link.lastIndexOf('/') + 1), mailed }
}

/** The secret of the link shown to the inviter (it proves nothing about the address). */
const linkFor = async (input: CreateInvitationInput) => (await linksFor(input)).shown

/** The messages sent to an address so far, once the queued mail went out. */
async function mailsTo(address: string) {
  await drainJobs(deps)
  return deps.mailer.sent.filter((mail) => mail.to.includes(address))
}

const accept = (caller: Actor | undefined, token: string, newAccount?: NewAccountInput) =>
  acceptInvitation(deps, caller, token, SITE, newAccount)

const roles = async (username: string) => {
  const account = await deps.store.accounts.byUsername(username)
  const orgStore = deps.store.forOrg(world.org.id)
  const spaces: Record<string, string | null> = {}
  for (const slug of ['wiki', 'board', 'archive'])
    spaces[slug] = await orgStore.space(world.space(slug).id).members.roleOf(account!.id)
  return { org: await orgStore.members.roleOf(account!.id), spaces }
}

const grace = { username: 'grace', displayName: 'Grace Hopper', password: 'grace-password' }

describe('accepting with a new account', () => {
  it('through the mailed link, makes the account with the invited address verified, signs it in, and gives exactly the roles offered', async () => {
    const { shown, mailed: token } = await linksFor({
      email: 'grace@example.com',
      orgRole: 'member',
      spaces: { wiki: 'contributor', board: 'reader' },
    })
    const { account, session } = await accept(undefined, token, grace)
    expect(account).toMatchObject({
      username: 'grace',
      displayName: 'Grace Hopper',
      email: 'grace@example.com',
      emailVerified: true,
      isActive: true,
    })
    expect((await authenticateSession(deps, session!.cookie)).account.username).toBe('grace')
    expect(await roles('grace')).toEqual({
      org: 'member',
      spaces: { wiki: 'contributor', board: 'reader', archive: null },
    })
    // Once in all: the link shown to the inviter is used up with it.
    for (const used of [token, shown])
      await expect(accept(undefined, used, { ...grace, username: 'grace2' })).rejects.toMatchObject({
        code: 'not_found',
      })
    expect(await deps.store.accounts.byUsername('grace2')).toBeUndefined()
    expect((await mailsTo('grace@example.com')).map((mail) => mail.subject)).toEqual([
      'Ada invites you to join Acme',
    ])
  })

  it('through the link shown to the inviter, leaves the address unverified and mails it a link that verifies it', async () => {
    const { shown, mailed } = await linksFor({ email: 'grace@example.com', spaces: { wiki: 'reader' } })
    const { account, session } = await accept(undefined, shown, grace)
    expect(account).toMatchObject({ username: 'grace', email: 'grace@example.com', emailVerified: false })
    expect((await authenticateSession(deps, session!.cookie)).account.username).toBe('grace')
    expect(await roles('grace')).toEqual({
      org: 'member',
      spaces: { wiki: 'reader', board: null, archive: null },
    })
    await expect(accept(undefined, mailed, { ...grace, username: 'grace2' })).rejects.toMatchObject({
      code: 'not_found',
    })

    // Whoever followed the shown link (the inviter, maybe) holds no proved address: a later
    // invitation to it still goes by mail, giving nothing at once.
    const later = await createInvitation(deps, ada, 'acme', { email: 'grace@example.com' }, CONTEXT)
    expect(later.granted).toBe(false)

    const [, verification] = await mailsTo('grace@example.com')
    expect(verification?.subject).toBe('Confirm your e-mail address')
    const secret = /http:\/\/q\/verify-email\/(qver_[\w-]+)/.exec(verification?.text ?? '')?.[1]
    await confirmEmailVerification(deps, secret ?? '')
    expect(await deps.store.accounts.byUsername('grace')).toMatchObject({ emailVerified: true })
  })

  it('refuses a taken username and leaves the link open', async () => {
    const token = await linkFor({ email: 'grace@example.com' })
    await expect(accept(undefined, token, { ...grace, username: 'bob' })).rejects.toMatchObject({
      reason: 'already_exists',
      code: 'conflict',
    })
    expect((await accept(undefined, token, grace)).account.username).toBe('grace')
  })

  it('is refused to someone signed in (sign out first), and signed out with no account asks for one (401)', async () => {
    const token = await linkFor({ email: 'grace@example.com' })
    await expect(accept(await world.actor('eve'), token, grace)).rejects.toMatchObject({
      reason: 'invitation_sign_out_first',
      code: 'invalid',
    })
    await expect(accept(undefined, token)).rejects.toMatchObject({ code: 'unauthenticated' })
    expect(await deps.store.accounts.byUsername('grace')).toBeUndefined()
  })
})

describe('accepting as the signed-in account', () => {
  it('joins whatever its address, and never lowers a role it holds', async () => {
    const bob = await world.actor('bob')
    await deps.store
      .forOrg(world.org.id)
      .space(world.space('wiki').id)
      .members.set(bob.account.id, 'contributor')
    const token = await linkFor({
      email: 'someone@else.example',
      orgRole: 'admin',
      spaces: { wiki: 'reader' },
    })
    const { account, session } = await accept(bob, token)
    expect(session).toBeNull()
    expect(account).toMatchObject({ username: 'bob', email: 'bob@example.com', emailVerified: false })
    expect(await roles('bob')).toEqual({
      org: 'admin',
      spaces: { wiki: 'contributor', board: null, archive: null },
    })
  })

  it('through the mailed link, proves an unverified address that is the invited one, and gives one to an account without', async () => {
    const { mailed: token } = await linksFor({ email: 'EVE@example.com' })
    expect((await accept(await world.actor('eve'), token)).account).toMatchObject({
      email: 'eve@example.com',
      emailVerified: true,
    })
    const nomail = await addPerson(deps, 'nomail')
    await deps.store.accounts.update(nomail.account.id, { email: '' }, 0)
    const { mailed: other } = await linksFor({ email: 'nomail@elsewhere.example' })
    const joined = await accept(await actorOf(deps, nomail.token), other)
    expect(joined.account).toMatchObject({ email: 'nomail@elsewhere.example', emailVerified: true })
  })

  it('through the link shown to the inviter, proves nothing: the address stays unverified, or absent', async () => {
    const eve = await world.actor('eve')
    const joined = await accept(eve, await linkFor({ email: 'eve@example.com' }))
    expect(joined.account).toMatchObject({ email: 'eve@example.com', emailVerified: false })
    expect((await roles('eve')).org).toBe('member')
    const nomail = await addPerson(deps, 'nomail')
    await deps.store.accounts.update(nomail.account.id, { email: '' }, 0)
    const other = await linkFor({ email: 'nomail@elsewhere.example' })
    expect((await accept(await actorOf(deps, nomail.token), other)).account).toMatchObject({
      email: '',
      emailVerified: false,
    })
    expect(await mailsTo('eve@example.com')).toHaveLength(1)
  })

  it('leaves the address unproved when another account already proved it', async () => {
    // Two accounts proved first@example.com: an invitation to it waits for its link.
    await addPerson(deps, 'first', { emailVerified: true })
    const second = await addPerson(deps, 'second', { emailVerified: true })
    await deps.store.accounts.update(second.account.id, { email: 'first@example.com' }, 0)
    const { mailed: token } = await linksFor({ email: 'first@example.com' })
    const third = await addPerson(deps, 'third')
    await deps.store.accounts.update(third.account.id, { email: 'first@example.com' }, 0)
    const joined = await accept(await actorOf(deps, third.token), token)
    expect(joined.account).toMatchObject({ username: 'third', emailVerified: false })
    expect((await roles('third')).org).toBe('member')
  })

  it('is refused to a restricted token, and to an account that must change its password', async () => {
    const token = await linkFor({ email: 'eve@example.com' })
    const eve = await world.actor('eve')
    await expect(
      accept({ ...eve, credential: { kind: 'token', readOnly: true, spaceIds: null } }, token),
    ).rejects.toMatchObject({ reason: 'restricted_token', code: 'forbidden' })
    await expect(
      accept({ ...eve, account: { ...eve.account, mustChangePassword: true } }, token),
    ).rejects.toMatchObject({ reason: 'password_change_required' })
    expect((await roles('eve')).org).toBeNull()
  })
})

describe('the organization’s webhooks', () => {
  it('hear of a member who arrives by invitation, in the organization and in each space, not of one already there', async () => {
    await createWebhook(deps, ada, 'acme', { url: 'https://hooks.example/quire', events: ['member.added'] })
    await accept(undefined, await linkFor({ email: 'grace@example.com', spaces: { wiki: 'reader' } }), grace)
    await accept(await world.actor('bob'), await linkFor({ email: 'bob@example.com' }))
    // Already in the organization, bob arrives in a space: that space hears of it, as when he is added.
    await accept(
      await world.actor('bob'),
      await linkFor({ email: 'bob@example.com', spaces: { archive: 'contributor' } }),
    )
    await drainWebhooks(deps)
    const sent = deps.webhookSender.sent.map((r) => JSON.parse(r.body).data)
    expect(sent.map((d) => [d.space ?? null, d.member.username, d.member.role])).toEqual([
      [null, 'grace', 'member'],
      ['wiki', 'grace', 'reader'],
      ['archive', 'bob', 'contributor'],
    ])
  })
})

describe('a link that no longer works', () => {
  it('is 404 once cancelled, once run out, or once its organization or secret is gone', async () => {
    const eve = await world.actor('eve')
    const cancelled = await linkFor({ email: 'eve@example.com' })
    const [invitation] = await deps.store.invitations.listPending(world.org.id, deps.clock.now())
    await cancelInvitation(deps, ada, 'acme', invitation!.id)
    await expect(accept(eve, cancelled)).rejects.toMatchObject({ code: 'not_found' })

    const late = await linkFor({ email: 'eve@example.com' })
    deps.clock.advance(7 * 24 * 3600_000)
    await expect(accept(eve, late)).rejects.toMatchObject({ code: 'not_found' })
    await expect(accept(eve, 'qinv_made-up')).rejects.toMatchObject({ code: 'not_found' })
    expect((await roles('eve')).org).toBeNull()
  })
})
