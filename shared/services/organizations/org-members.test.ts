import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { createSpace } from '../spaces/create-space.ts'
import { listSpaceMembers, setSpaceMember } from '../spaces/space-members.ts'
import { createOrganization } from './create-organization.ts'
import { deleteOrganization } from './delete-organization.ts'
import { getOrganization } from './get-organization.ts'
import { listOrgMembers, removeOrgMember, setOrgMember } from './org-members.ts'
import { updateOrganization } from './update-organization.ts'

let deps: Deps
let root: Actor
let ada: Actor
let bob: Actor
let eve: Actor

beforeEach(async () => {
  deps = memoryDeps()
  const person = async (name: string, superadmin = false) =>
    actorOf(deps, (await addPerson(deps, name, { superadmin })).token)
  root = await person('root', true)
  ada = await person('ada')
  bob = await person('bob')
  eve = await person('eve')
  await createOrganization(deps, root, { slug: 'acme', name: ' Acme ' })
  await setOrgMember(deps, root, 'acme', 'ada', 'admin')
  await setOrgMember(deps, ada, 'acme', 'bob', 'member')
})

const usernames = async (actor: Actor) => (await listOrgMembers(deps, actor, 'acme')).map((m) => m.username)

describe('createOrganization', () => {
  it('is for the super admin, who joins it as admin only when asked', async () => {
    await expect(createOrganization(deps, ada, { slug: 'ada-co', name: 'Ada & Co' })).rejects.toMatchObject({
      code: 'forbidden',
    })
    const made = await createOrganization(deps, root, { slug: 'globex', name: 'Globex', join: true })
    expect(made).toMatchObject({ organization: { slug: 'globex', name: 'Globex' }, role: 'admin' })
    expect((await listOrgMembers(deps, root, 'globex')).map((m) => [m.username, m.role])).toEqual([
      ['root', 'admin'],
    ])
    expect((await getOrganization(deps, root, 'acme')).organization.name).toBe('Acme')
  })

  it('refuses a slug that is not one, or that is taken', async () => {
    await expect(createOrganization(deps, root, { slug: 'Not A Slug', name: 'x' })).rejects.toMatchObject({
      reason: 'slug_invalid',
      code: 'invalid',
    })
    await expect(createOrganization(deps, root, { slug: 'acme', name: 'Again' })).rejects.toMatchObject({
      reason: 'already_exists',
      code: 'conflict',
    })
  })
})

describe('setOrgMember and removeOrgMember', () => {
  it('let the admin add people and change their role, listed once each', async () => {
    await setOrgMember(deps, ada, 'acme', 'Eve', 'member')
    await setOrgMember(deps, ada, 'acme', 'eve', 'admin')
    const members = await listOrgMembers(deps, bob, 'acme')
    expect(members.map((m) => [m.username, m.role]).sort()).toEqual([
      ['ada', 'admin'],
      ['bob', 'member'],
      ['eve', 'admin'],
    ])
  })

  it('refuse a plain member, and hide the organization from an outsider', async () => {
    await expect(setOrgMember(deps, bob, 'acme', 'eve', 'member')).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(setOrgMember(deps, eve, 'acme', 'eve', 'admin')).rejects.toMatchObject({ code: 'not_found' })
    await expect(listOrgMembers(deps, eve, 'acme')).rejects.toMatchObject({ code: 'not_found' })
    expect(await usernames(ada)).not.toContain('eve')
  })

  it('answer not_found for a person who does not exist or is not a member', async () => {
    await expect(setOrgMember(deps, ada, 'acme', 'nobody', 'member')).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(removeOrgMember(deps, ada, 'acme', 'eve')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('never leave the organization without an admin', async () => {
    const lastAdmin = { code: 'invalid', reason: 'last_admin' }
    await expect(removeOrgMember(deps, ada, 'acme', 'ada')).rejects.toMatchObject(lastAdmin)
    await expect(setOrgMember(deps, ada, 'acme', 'ada', 'member')).rejects.toMatchObject(lastAdmin)
    await expect(removeOrgMember(deps, root, 'acme', 'ada')).rejects.toMatchObject(lastAdmin)
    expect((await listOrgMembers(deps, ada, 'acme')).find((m) => m.username === 'ada')?.role).toBe('admin')
    // With another admin, either may step down.
    await setOrgMember(deps, ada, 'acme', 'bob', 'admin')
    await setOrgMember(deps, ada, 'acme', 'ada', 'member')
    await removeOrgMember(deps, bob, 'acme', 'ada')
    expect(await usernames(bob)).toEqual(['bob'])
  })

  it('take someone removed from the organization out of its spaces too', async () => {
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
    await setSpaceMember(deps, ada, 'acme', 'wiki', 'bob', 'contributor')
    await removeOrgMember(deps, ada, 'acme', 'bob')
    expect(await usernames(ada)).toEqual(['ada'])
    expect((await listSpaceMembers(deps, ada, 'acme', 'wiki')).map((m) => m.username)).not.toContain('bob')
    await expect(listOrgMembers(deps, bob, 'acme')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('updateOrganization', () => {
  it('changes only what is given, trimmed, for the admin alone', async () => {
    await expect(updateOrganization(deps, bob, 'acme', { name: 'Bob Inc' })).rejects.toMatchObject({
      code: 'forbidden',
    })
    await updateOrganization(deps, ada, 'acme', { description: '  Makers of everything  ' })
    const { organization } = await updateOrganization(deps, ada, 'acme', { name: ' ACME ' })
    expect(organization).toMatchObject({ name: 'ACME', description: 'Makers of everything' })
  })
})

describe('deleteOrganization', () => {
  it('is for the super admin, and waits until no space is left', async () => {
    await expect(deleteOrganization(deps, ada, 'acme')).rejects.toMatchObject({ code: 'forbidden' })
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
    await expect(deleteOrganization(deps, root, 'acme')).rejects.toMatchObject({
      reason: 'organization_has_spaces',
    })
    expect((await getOrganization(deps, root, 'acme')).organization.slug).toBe('acme')
  })

  it('removes an empty organization', async () => {
    await deleteOrganization(deps, root, 'acme')
    await expect(getOrganization(deps, root, 'acme')).rejects.toMatchObject({ code: 'not_found' })
  })
})
