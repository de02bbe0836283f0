import { beforeEach, describe, expect, it } from 'vitest'
import { INVITATIONS_PER_ORG } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { addPerson } from '../../testing/builders/person.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type MemoryMailer, memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { cancelInvitation } from './cancel-invitation.ts'
import { type CreateInvitationInput, createInvitation } from './create-invitation.ts'
import { getInvitation } from './get-invitation.ts'
import { listInvitations } from './list-invitations.ts'

const BASE = 'https://quire.example'
const HOUR = 3600_000

let deps: Deps & { clock: TestClock; mailer: MemoryMailer }
let world: World
let ada: Actor

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock(), mailer: memoryMailer() })
  world = await seedWorld(deps, {
    spaces: { wiki: { name: 'Team wiki' }, board: {} },
    members: ['bob'],
    outsiders: ['eve'],
    locales: { bob: 'fr' },
  })
  ada = await world.actor('ada')
})

const invite = (input: CreateInvitationInput, by = ada, locale: 'en' | 'fr' = 'en') =>
  createInvitation(deps, by, 'acme', input, { baseUrl: BASE, locale })

/** The messages the queued mail jobs handed to the mailer. */
async function sentMail() {
  await drainJobs(deps)
  return deps.mailer.sent
}

const orgRoleOf = async (username: string) => {
  const account = await deps.store.accounts.byUsername(username)
  return deps.store.forOrg(world.org.id).members.roleOf(account!.id)
}
const spaceRoleOf = async (username: string, space: string) => {
  const account = await deps.store.accounts.byUsername(username)
  return deps.store.forOrg(world.org.id).space(world.space(space).id).members.roleOf(account!.id)
}

describe('inviting an address no account has proved', () => {
  it('mails a link and shows the inviter another, each working by its secret alone, kept as a digest, the mail in the inviter’s language', async () => {
    const created = await invite({
      email: ' Grace@Example.com ',
      orgRole: 'member',
      spaces: { wiki: 'contributor', board: 'reader' },
    })
    expect(created).toMatchObject({
      granted: false,
      invitation: { email: 'grace@example.com', orgRole: 'member' },
      spaces: [
        { slug: 'wiki', name: 'Team wiki', role: 'contributor' },
        { slug: 'board', name: 'Board', role: 'reader' },
      ],
    })
    const shown = created.link?.slice(`${BASE}/invite/`.length) ?? ''
    expect(created.link).toBe(`${BASE}/invite/${shown}`)
    expect(shown).toMatch(/^qinv_/)
    expect(created.invitation.tokenHash).toBe(deps.secrets.digest(shown))

    const [mail] = await sentMail()
    expect(mail?.to).toEqual(['grace@example.com'])
    expect(mail?.subject).toBe('Ada invites you to join Acme')
    const mailedLink = /Accept the invitation: (\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
    const mailed = mailedLink.slice(`${BASE}/invite/`.length)
    expect(mailedLink).toBe(`${BASE}/invite/${mailed}`)
    expect(mailed).toMatch(/^qinv_/)
    // The inviter never sees the mailed link: only it proves the address.
    expect(mailed).not.toBe(shown)
    expect(created.invitation.mailTokenHash).toBe(deps.secrets.digest(mailed))
    expect(JSON.stringify(created)).not.toContain(mailed)
    expect(mail?.text).toContain('Spaces: Team wiki (contributor), Board (reader).')
    expect(mail?.html).toContain(`<a href="${mailedLink}">`)
    expect(mail?.text).not.toContain(shown)

    for (const token of [shown, mailed])
      expect(await getInvitation(deps, token)).toMatchObject({
        organization: { slug: 'acme', name: 'Acme' },
        invitedBy: 'Ada',
        email: 'grace@example.com',
        orgRole: 'member',
        expiresAt: deps.clock.now() + 7 * 24 * HOUR,
      })
    expect(await orgRoleOf('bob')).toBe('member')
  })

  it('writes in French when the inviter chose it, or when the request asks for it', async () => {
    await deps.store.accounts.update(ada.account.id, { locale: 'fr' }, deps.clock.now())
    await invite({ email: 'grace@example.com' }, await world.actor('ada'))
    await invite({ email: 'henri@example.com' }, ada, 'fr')
    const mails = await sentMail()
    expect(mails.map((m) => m.subject)).toEqual([
      'Ada vous invite à rejoindre Acme',
      'Ada vous invite à rejoindre Acme',
    ])
    expect(mails[0]?.text).toContain('en tant que membre')
  })

  it('escapes in HTML what it quotes', async () => {
    await deps.store.organizations.update(world.org.id, { name: 'Acme <R&D>' })
    await invite({ email: 'grace@example.com' })
    const [mail] = await sentMail()
    expect(mail?.subject).toBe('Ada invites you to join Acme <R&D>')
    expect(mail?.html).toContain('Acme &lt;R&amp;D&gt;')
    expect(mail?.html).not.toContain('<R&D>')
  })

  it('gives nothing to an account whose address is that one but unproved', async () => {
    const created = await invite({ email: 'bob@example.com', orgRole: 'admin' })
    expect(created.granted).toBe(false)
    expect(created.link).not.toBeNull()
    expect(await orgRoleOf('bob')).toBe('member')
  })
})

describe('inviting an address an account has proved', () => {
  it('gives that account the roles at once, with no link, and tells it in its own language', async () => {
    await deps.store.accounts.update(
      (await deps.store.accounts.byUsername('bob'))!.id,
      { emailVerified: true },
      0,
    )
    const created = await invite({ email: 'BOB@example.com', orgRole: 'admin', spaces: { wiki: 'reader' } })
    expect(created).toMatchObject({
      granted: true,
      link: null,
      invitation: { tokenHash: null, mailTokenHash: null },
    })
    expect(await orgRoleOf('bob')).toBe('admin')
    expect(await spaceRoleOf('bob', 'wiki')).toBe('reader')
    expect(await listInvitations(deps, ada, 'acme')).toEqual([])

    const [mail] = await sentMail()
    expect(mail?.to).toEqual(['bob@example.com'])
    expect(mail?.subject).toBe('Vous avez désormais accès à Acme')
    expect(mail?.text).toContain('Ada vous a donné accès à l’organisation Acme en tant qu’administrateur.')
    expect(mail?.text).toContain(`${BASE}/org/acme`)
  })

  it('never lowers a role held, and its mail says the role held and links where an admin goes', async () => {
    const grace = await addPerson(deps, 'grace', { emailVerified: true })
    await invite({ email: 'grace@example.com', orgRole: 'admin' })
    const again = await invite({ email: 'grace@example.com', orgRole: 'member', spaces: { wiki: 'reader' } })
    expect(again.granted).toBe(true)
    expect(await orgRoleOf('grace')).toBe('admin')
    const mails = await sentMail()
    expect(mails.map((m) => m.to)).toEqual([[grace.account.email], [grace.account.email]])
    expect(mails[1]?.text).toContain('to the organization Acme as an admin.')
    expect(mails[1]?.text).toContain(`Open it: ${BASE}/org/acme\n`)
  })

  it('sends a link when several active accounts proved the address, and grants when the others are off', async () => {
    await addPerson(deps, 'grace', { emailVerified: true })
    const twin = await addPerson(deps, 'gracie', { emailVerified: true })
    await deps.store.accounts.update(twin.account.id, { email: 'grace@example.com' }, 0)
    expect((await invite({ email: 'grace@example.com' })).granted).toBe(false)
    await deps.store.accounts.update(twin.account.id, { isActive: false }, 0)
    expect((await invite({ email: 'grace@example.com' })).granted).toBe(true)
    expect(await orgRoleOf('grace')).toBe('member')
    expect(await orgRoleOf('gracie')).toBeNull()
  })
})

describe('what may be invited, by whom, how often', () => {
  it('refuses an unknown space, role or address as invalid', async () => {
    await expect(invite({ email: 'g@example.com', spaces: { nowhere: 'reader' } })).rejects.toMatchObject({
      reason: 'invitation_space_unknown',
      code: 'invalid',
    })
    await expect(invite({ email: 'g@example.com', spaces: { wiki: 'admin' } })).rejects.toMatchObject({
      reason: 'invitation_space_role_invalid',
    })
    await expect(invite({ email: 'g@example.com', orgRole: 'owner' })).rejects.toMatchObject({
      reason: 'invitation_org_role_invalid',
    })
    // A list the mailer would split, sending the link to someone else than the address shown.
    for (const email of ['not an address', 'eve,frank@example.com', 'x;y@example.com', 'a@b@example.com'])
      await expect(invite({ email })).rejects.toMatchObject({ reason: 'invitation_email_invalid' })
    expect(await sentMail()).toEqual([])
  })

  it('is for the organization’s admins: 403 for a member, 404 for anyone else', async () => {
    await expect(invite({ email: 'g@example.com' }, await world.actor('bob'))).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(invite({ email: 'g@example.com' }, await world.actor('eve'))).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(listInvitations(deps, await world.actor('bob'), 'acme')).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(cancelInvitation(deps, await world.actor('eve'), 'acme', 'inv_x')).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it(`allows ${INVITATIONS_PER_ORG.max} per organization per hour; refused ones do not count`, async () => {
    await expect(invite({ email: 'g@example.com', orgRole: 'owner' })).rejects.toMatchObject({
      code: 'invalid',
    })
    for (let n = 0; n < INVITATIONS_PER_ORG.max; n++) await invite({ email: `g${n}@example.com` })
    await expect(invite({ email: 'late@example.com' })).rejects.toMatchObject({
      reason: 'too_many_invitations',
      code: 'too_many_requests',
      retryAfter: 3600,
    })
    deps.clock.advance(HOUR)
    expect((await invite({ email: 'late@example.com' })).granted).toBe(false)
  })
})

describe('pending invitations', () => {
  it('lists those still open, newest first, and a cancelled one’s link stops working', async () => {
    const first = await invite({ email: 'grace@example.com', spaces: { wiki: 'reader' } })
    deps.clock.advance(1000)
    const second = await invite({ email: 'henri@example.com', orgRole: 'admin' })
    expect(
      (await listInvitations(deps, ada, 'acme')).map((p) => [p.invitation.email, p.invitedBy, p.spaces]),
    ).toEqual([
      ['henri@example.com', 'ada', []],
      ['grace@example.com', 'ada', [{ slug: 'wiki', name: 'Team wiki', role: 'reader' }]],
    ])
    await cancelInvitation(deps, ada, 'acme', first.invitation.id)
    await expect(cancelInvitation(deps, ada, 'acme', first.invitation.id)).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(getInvitation(deps, first.link!.split('/').at(-1)!)).rejects.toMatchObject({
      code: 'not_found',
    })
    expect((await listInvitations(deps, ada, 'acme')).map((p) => p.invitation.id)).toEqual([
      second.invitation.id,
    ])
  })

  it('runs out after 7 days', async () => {
    const { link } = await invite({ email: 'grace@example.com' })
    const token = link!.split('/').at(-1)!
    deps.clock.advance(7 * 24 * HOUR - 1)
    expect((await getInvitation(deps, token)).email).toBe('grace@example.com')
    deps.clock.advance(1)
    await expect(getInvitation(deps, token)).rejects.toMatchObject({ code: 'not_found' })
    expect(await listInvitations(deps, ada, 'acme')).toEqual([])
  })
})
