import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { type CreateTokenInput, createToken } from '../accounts/create-token.ts'
import { createOrganization } from '../organizations/create-organization.ts'
import { setOrgMember } from '../organizations/org-members.ts'
import { createSpace } from '../spaces/create-space.ts'
import { listVisibleSpaces } from '../spaces/list-spaces.ts'
import { setSpaceMember } from '../spaces/space-members.ts'
import { accessOrg, accessSpace, accessSpaceRef } from './access.ts'
import type { Actor } from './actor.ts'

let deps: Deps
/** People by name, signed in with a full-rights token. */
const people: Record<string, Actor> = {}

const who = (name: string) => people[name]!

beforeEach(async () => {
  deps = memoryDeps()
  for (const name of ['root', 'ada', 'bob', 'rita', 'mo', 'zed'])
    people[name] = await actorOf(deps, (await addPerson(deps, name, { superadmin: name === 'root' })).token)
  await createOrganization(deps, who('root'), { slug: 'acme', name: 'Acme' })
  await setOrgMember(deps, who('root'), 'acme', 'ada', 'admin')
  await setOrgMember(deps, who('root'), 'acme', 'mo', 'member')
  for (const slug of ['wiki', 'ops']) await createSpace(deps, who('ada'), 'acme', { slug, name: slug })
  await setSpaceMember(deps, who('ada'), 'acme', 'wiki', 'bob', 'contributor')
  await setSpaceMember(deps, who('ada'), 'acme', 'wiki', 'rita', 'reader')
})

/** What the caller's check of `action` on a space of acme comes to: `allow`, or the refusal's reason. */
async function onSpace(
  actor: Actor,
  space: string,
  action: Parameters<typeof accessSpace>[4],
): Promise<string> {
  try {
    await accessSpace(deps, actor, 'acme', space, action)
    return 'allow'
  } catch (error) {
    return (error as { reason: string }).reason
  }
}
/** `name` signed in with a token of their own, restricted as asked. */
async function withToken(name: string, input: Omit<CreateTokenInput, 'name'>): Promise<Actor> {
  const { secret } = await createToken(deps, who(name), { name: 'limited', ...input })
  return authenticateToken(deps, secret)
}

describe('accessSpace', () => {
  it('lets each member do what their role allows, on their own space', async () => {
    expect(await onSpace(who('rita'), 'wiki', 'space.read')).toBe('allow')
    expect(await onSpace(who('rita'), 'wiki', 'space.write')).toBe('forbidden')
    expect(await onSpace(who('bob'), 'wiki', 'space.write')).toBe('allow')
    expect(await onSpace(who('bob'), 'wiki', 'space.admin')).toBe('forbidden')
  })

  it('hides a space from those with no role on it, as if it did not exist', async () => {
    expect(await onSpace(who('bob'), 'ops', 'space.read')).toBe('not_found')
    expect(await onSpace(who('mo'), 'wiki', 'space.read')).toBe('not_found')
    expect(await onSpace(who('zed'), 'wiki', 'space.read')).toBe('not_found')
    expect(await onSpace(who('bob'), 'nowhere', 'space.read')).toBe('not_found')
  })

  it('gives the organization’s admins, and the super admin, every right on its spaces', async () => {
    expect(await onSpace(who('ada'), 'ops', 'space.admin')).toBe('allow')
    expect(await onSpace(who('root'), 'ops', 'space.admin')).toBe('allow')
  })

  it('holds a token to its restrictions, never beyond its owner’s rights', async () => {
    const readOnly = await withToken('bob', { readOnly: true })
    expect(await onSpace(readOnly, 'wiki', 'space.read')).toBe('allow')
    expect(await onSpace(readOnly, 'wiki', 'space.write')).toBe('read_only_token')

    const wikiOnly = await withToken('ada', { spaces: ['acme/wiki'] })
    expect(await onSpace(wikiOnly, 'wiki', 'space.write')).toBe('allow')
    expect(await onSpace(wikiOnly, 'wiki', 'space.admin')).toBe('restricted_token')
    expect(await onSpace(wikiOnly, 'ops', 'space.read')).toBe('not_found')
    expect((await listVisibleSpaces(deps, wikiOnly)).map((v) => v.space.slug)).toEqual(['wiki'])
  })
})

describe('accessOrg', () => {
  it('shows the organization to its members and to a token limited to one of its spaces', async () => {
    await expect(accessOrg(deps, who('mo'), 'acme', 'org.read')).resolves.toMatchObject({ role: 'member' })
    await expect(accessOrg(deps, who('ada'), 'acme', 'org.update')).resolves.toMatchObject({ role: 'admin' })
    await expect(accessOrg(deps, who('mo'), 'acme', 'org.update')).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(accessOrg(deps, who('zed'), 'acme', 'org.read')).rejects.toMatchObject({ code: 'not_found' })
    const wikiOnly = await withToken('ada', { spaces: ['acme/wiki'] })
    await expect(accessOrg(deps, wikiOnly, 'acme', 'org.read')).resolves.toMatchObject({ role: 'member' })
  })
})

describe('accessSpaceRef', () => {
  it('calls a space the caller cannot see unknown, and keeps the reason of a visible one', async () => {
    await expect(accessSpaceRef(deps, who('bob'), 'acme/wiki', 'space.write')).resolves.toMatchObject({
      space: { slug: 'wiki' },
    })
    for (const ref of ['acme/ops', 'acme/nowhere', 'not-a-ref'])
      await expect(accessSpaceRef(deps, who('bob'), ref, 'space.read'), ref).rejects.toMatchObject({
        reason: 'unknown_space',
        code: 'invalid',
      })
    await expect(accessSpaceRef(deps, who('rita'), 'acme/wiki', 'space.write')).rejects.toMatchObject({
      reason: 'forbidden',
    })
  })
})

describe('createToken', () => {
  it('limits a token only to spaces its owner can read', async () => {
    await expect(createToken(deps, who('bob'), { name: 't', spaces: ['acme/ops'] })).rejects.toMatchObject({
      reason: 'unknown_space',
    })
  })
})
