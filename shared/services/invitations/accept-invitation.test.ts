import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type MemoryWebhookSender, memoryWebhookSender } from '../../testing/fakes/memory-webhook-sender.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateSession } from '../accounts/authenticate.ts'
import { createWebhook } from '../webhooks/manage-webhooks.ts'
import { drainWebhooks } from '../webhooks/webhook-runner.ts'
import { acceptInvitation } from './accept-invitation.ts'
import { cancelInvitation } from './cancel-invitation.ts'
import { type CreateInvitationInput, createInvitation } from './create-invitation.ts'

let deps: Deps & { clock: TestClock; webhookSender: MemoryWebhookSender }
let world: World
let ada: Actor

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock(), webhookSender: memoryWebhookSender() })
  world = await seedWorld(deps, {
    spaces: { wiki: {}, board: {}, archive: {} },
    members: ['bob'],
    outsiders: ['eve'],
  })
  ada = await world.actor('ada')
})

/** A pending invitation's link secret. */
async function linkFor(input: CreateInvitationInput): Promise<string> {
  const { link } = await createInvitation(deps, ada, 'acme', input, { baseUrl: 'http://q', locale: 'en' })
  if (!link) throw new Error('the invitation was granted at once')
  return link.slice(link.lastIndexOf('/') + 1)
}

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
  it('makes the account with the invited address verified, signs it in, and gives exactly the roles offered', async () => {
    const token = await linkFor({
      email: 'grace@example.com',
      orgRole: 'member',
      spaces: { wiki: 'contributor', board: 'reader' },
    })
    const { account, session } = await acceptInvitation(deps, undefined, token, grace)
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
    await expect(
      acceptInvitation(deps, undefined, token, { ...grace, username: 'grace2' }),
    ).rejects.toMatchObject({ code: 'not_found' })
    expect(await deps.store.accounts.byUsername('grace2')).toBeUndefined()
  })

  it('refuses a taken username and leaves the link open', async () => {
    const token = await linkFor({ email: 'grace@example.com' })
    await expect(
      acceptInvitation(deps, undefined, token, { ...grace, username: 'bob' }),
    ).rejects.toMatchObject({
      reason: 'already_exists',
      code: 'conflict',
    })
    expect((await acceptInvitation(deps, undefined, token, grace)).account.username).toBe('grace')
  })

  it('is refused to someone signed in (sign out first), and signed out with no account asks for one (401)', async () => {
    const token = await linkFor({ email: 'grace@example.com' })
    await expect(acceptInvitation(deps, await world.actor('eve'), token, grace)).rejects.toMatchObject({
      reason: 'invitation_sign_out_first',
      code: 'invalid',
    })
    await expect(acceptInvitation(deps, undefined, token)).rejects.toMatchObject({ code: 'unauthenticated' })
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
    const { account, session } = await acceptInvitation(deps, bob, token)
    expect(session).toBeNull()
    expect(account).toMatchObject({ username: 'bob', email: 'bob@example.com', emailVerified: false })
    expect(await roles('bob')).toEqual({
      org: 'admin',
      spaces: { wiki: 'contributor', board: null, archive: null },
    })
  })

  it('proves an unverified address that is the invited one, and gives one to an account without', async () => {
    const token = await linkFor({ email: 'EVE@example.com' })
    expect((await acceptInvitation(deps, await world.actor('eve'), token)).account).toMatchObject({
      email: 'eve@example.com',
      emailVerified: true,
    })
    const nomail = await addPerson(deps, 'nomail')
    await deps.store.accounts.update(nomail.account.id, { email: '' }, 0)
    const other = await linkFor({ email: 'nomail@elsewhere.example' })
    const joined = await acceptInvitation(deps, await actorOf(deps, nomail.token), other)
    expect(joined.account).toMatchObject({ email: 'nomail@elsewhere.example', emailVerified: true })
  })

  it('leaves the address unproved when another account already proved it', async () => {
    // Two accounts proved first@example.com: an invitation to it waits for its link.
    await addPerson(deps, 'first', { emailVerified: true })
    const second = await addPerson(deps, 'second', { emailVerified: true })
    await deps.store.accounts.update(second.account.id, { email: 'first@example.com' }, 0)
    const token = await linkFor({ email: 'first@example.com' })
    const third = await addPerson(deps, 'third')
    await deps.store.accounts.update(third.account.id, { email: 'first@example.com' }, 0)
    const joined = await acceptInvitation(deps, await actorOf(deps, third.token), token)
    expect(joined.account).toMatchObject({ username: 'third', emailVerified: false })
    expect((await roles('third')).org).toBe('member')
  })

  it('is refused to a restricted token, and to an account that must change its password', async () => {
    const token = await linkFor({ email: 'eve@example.com' })
    const eve = await world.actor('eve')
    await expect(
      acceptInvitation(
        deps,
        { ...eve, credential: { kind: 'token', readOnly: true, spaceIds: null } },
        token,
      ),
    ).rejects.toMatchObject({ reason: 'restricted_token', code: 'forbidden' })
    await expect(
      acceptInvitation(deps, { ...eve, account: { ...eve.account, mustChangePassword: true } }, token),
    ).rejects.toMatchObject({ reason: 'password_change_required' })
    expect((await roles('eve')).org).toBeNull()
  })
})

describe('the organization’s webhooks', () => {
  it('hear of a member who arrives by invitation, not of one already there', async () => {
    await createWebhook(deps, ada, 'acme', { url: 'https://hooks.example/quire', events: ['member.added'] })
    await acceptInvitation(deps, undefined, await linkFor({ email: 'grace@example.com' }), grace)
    await acceptInvitation(deps, await world.actor('bob'), await linkFor({ email: 'bob@example.com' }))
    await drainWebhooks(deps)
    expect(deps.webhookSender.sent.map((r) => JSON.parse(r.body))).toMatchObject([
      { type: 'member.added', data: { organization: 'acme', member: { username: 'grace', role: 'member' } } },
    ])
  })
})

describe('a link that no longer works', () => {
  it('is 404 once cancelled, once run out, or once its organization or secret is gone', async () => {
    const eve = await world.actor('eve')
    const cancelled = await linkFor({ email: 'eve@example.com' })
    const [invitation] = await deps.store.invitations.listPending(world.org.id, deps.clock.now())
    await cancelInvitation(deps, ada, 'acme', invitation!.id)
    await expect(acceptInvitation(deps, eve, cancelled)).rejects.toMatchObject({ code: 'not_found' })

    const late = await linkFor({ email: 'eve@example.com' })
    deps.clock.advance(7 * 24 * 3600_000)
    await expect(acceptInvitation(deps, eve, late)).rejects.toMatchObject({ code: 'not_found' })
    await expect(acceptInvitation(deps, eve, 'qinv_made-up')).rejects.toMatchObject({ code: 'not_found' })
    expect((await roles('eve')).org).toBeNull()
  })
})
