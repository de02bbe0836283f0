import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { createOrganization } from '../organizations/create-organization.ts'
import { listOrgMembers, setOrgMember } from '../organizations/org-members.ts'
import { createSpace } from './create-space.ts'
import { deleteSpace } from './delete-space.ts'
import { getSpace } from './get-space.ts'
import { listOrgSpaces } from './list-spaces.ts'
import { listSpaceMembers, removeSpaceMember, setSpaceMember } from './space-members.ts'
import { updateSpace } from './update-space.ts'

let deps: Deps
let ada: Actor
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps()
  const person = async (name: string, superadmin = false) =>
    actorOf(deps, (await addPerson(deps, name, { superadmin })).token)
  const root = await person('root', true)
  ada = await person('ada')
  bob = await person('bob')
  await person('carol')
  await createOrganization(deps, root, { slug: 'acme', name: 'Acme' })
  await setOrgMember(deps, root, 'acme', 'ada', 'admin')
  await setOrgMember(deps, root, 'acme', 'bob', 'member')
})

describe('createSpace', () => {
  it('makes a space whose repository the service keeps, started by its creator', async () => {
    const { space, role } = await createSpace(deps, ada, 'acme', {
      slug: 'wiki',
      name: ' Team wiki ',
      description: ' What we know ',
    })
    expect(role).toBe('admin')
    expect(space).toMatchObject({ slug: 'wiki', name: 'Team wiki', description: 'What we know', repoUrl: '' })
    expect(space.branch).toBe('main')
    const repo = deps.repos.open(space.id, 'main')
    const first = await repo.commitInfo((await repo.head())!)
    expect(first).toMatchObject({ subject: 'Create space Team wiki', author: { name: 'Ada' } })
  })

  it('takes a remote as given, leaving the first sync to fill it', async () => {
    const { space } = await createSpace(deps, ada, 'acme', {
      slug: 'docs',
      name: 'Docs',
      repoUrl: ' https://git.example/acme/docs.git ',
      branch: 'trunk',
    })
    expect(space).toMatchObject({ repoUrl: 'https://git.example/acme/docs.git', branch: 'trunk' })
    expect(await deps.repos.open(space.id, 'trunk').head()).toBeUndefined()
  })

  it('refuses a bad slug, a taken one, a bad remote or branch, and leaves nothing behind', async () => {
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
    const refusals = [
      [{ slug: 'Wiki Two', name: 'x' }, 'slug_invalid'],
      [{ slug: 'wiki', name: 'Again' }, 'already_exists'],
      [{ slug: 'x1', name: 'x', repoUrl: 'file:///etc' }, 'repo_url_invalid'],
      [{ slug: 'x2', name: 'x', branch: 'bad..branch' }, 'branch_invalid'],
    ] as const
    for (const [input, reason] of refusals)
      await expect(createSpace(deps, ada, 'acme', input), reason).rejects.toMatchObject({ reason })
    expect((await listOrgSpaces(deps, ada, 'acme')).map((v) => v.space.slug)).toEqual(['wiki'])
  })

  it('is for the organization’s admins', async () => {
    await expect(createSpace(deps, bob, 'acme', { slug: 'mine', name: 'Mine' })).rejects.toMatchObject({
      code: 'forbidden',
    })
  })
})

describe('space members', () => {
  beforeEach(async () => {
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
  })

  it('let the admin give roles, seen by the space’s readers', async () => {
    await setSpaceMember(deps, ada, 'acme', 'wiki', 'bob', 'reader')
    await setSpaceMember(deps, ada, 'acme', 'wiki', 'BOB', 'contributor')
    expect((await listSpaceMembers(deps, bob, 'acme', 'wiki')).map((m) => [m.username, m.role])).toEqual([
      ['bob', 'contributor'],
    ])
    await expect(setSpaceMember(deps, bob, 'acme', 'wiki', 'bob', 'contributor')).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('bring someone from outside into the organization, so they can see where the space is', async () => {
    await setSpaceMember(deps, ada, 'acme', 'wiki', 'carol', 'reader')
    expect((await listOrgMembers(deps, ada, 'acme')).map((m) => m.username)).toContain('carol')
  })

  it('take a member out, and answer not_found for one who is not in', async () => {
    await setSpaceMember(deps, ada, 'acme', 'wiki', 'bob', 'reader')
    await removeSpaceMember(deps, ada, 'acme', 'wiki', 'bob')
    await expect(getSpace(deps, bob, 'acme', 'wiki')).rejects.toMatchObject({ code: 'not_found' })
    await expect(removeSpaceMember(deps, ada, 'acme', 'wiki', 'bob')).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

describe('updateSpace', () => {
  it('changes only what is given, spelling the review interval one way', async () => {
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki', description: 'Ours' })
    const { space } = await updateSpace(deps, ada, 'acme', 'wiki', {
      name: 'Handbook',
      reviewEvery: ' 6M ',
    })
    expect(space).toMatchObject({ name: 'Handbook', description: 'Ours', reviewEvery: '6m' })
    await expect(
      updateSpace(deps, ada, 'acme', 'wiki', { reviewEvery: 'now and then' }),
    ).rejects.toMatchObject({
      reason: 'review_every_unreadable',
    })
  })

  it('forgets the old remote’s credentials when the remote changes', async () => {
    const { space } = await createSpace(deps, ada, 'acme', {
      slug: 'docs',
      name: 'Docs',
      repoUrl: 'https://git.example/a.git',
    })
    const org = await deps.store.organizations.bySlug('acme')
    const git = deps.store.forOrg(org!.id).space(space.id).git
    await git.update({ credentials: 'sealed:user:pw', credentialsKind: 'https', synced: true })
    await updateSpace(deps, ada, 'acme', 'docs', { branch: 'main' })
    expect(await git.get()).toMatchObject({ credentialsKind: 'https' })
    await updateSpace(deps, ada, 'acme', 'docs', { repoUrl: 'https://git.example/b.git' })
    expect(await git.get()).toMatchObject({ credentials: null, credentialsKind: null, synced: false })
  })
})

describe('deleteSpace', () => {
  it('removes the space and its repository, for the organization’s admins', async () => {
    const { space } = await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
    await expect(deleteSpace(deps, bob, 'acme', 'wiki')).rejects.toMatchObject({ code: 'not_found' })
    await deleteSpace(deps, ada, 'acme', 'wiki')
    await expect(getSpace(deps, ada, 'acme', 'wiki')).rejects.toMatchObject({ code: 'not_found' })
    expect(await deps.repos.open(space.id, 'main').head()).toBeUndefined()
  })
})
