import type { SpaceMemberRole } from '../../domain/roles.ts'
import type { Locale } from '../../errors/catalog.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../../services/access/actor.ts'
import { updateUser } from '../../services/accounts/update-user.ts'
import { writeFile } from '../../services/content/write-file.ts'
import { requestSync, setCredentials } from '../../services/git/git-settings.ts'
import { createOrganization } from '../../services/organizations/create-organization.ts'
import { setOrgMember } from '../../services/organizations/org-members.ts'
import { createSpace } from '../../services/spaces/create-space.ts'
import { setSpaceMember } from '../../services/spaces/space-members.ts'
import { actorOf, addPerson, type PersonDeps } from './person.ts'

/** The super admin every world has, who makes the organization. */
export const ROOT = 'root'

/** The ports a world is made with: what its services take and no more, so in-memory fakes do. */
export type WorldDeps = PersonDeps &
  Parameters<typeof updateUser>[0] &
  Parameters<typeof createOrganization>[0] &
  Parameters<typeof setOrgMember>[0] &
  Parameters<typeof createSpace>[0] &
  Parameters<typeof setSpaceMember>[0] &
  Parameters<typeof setCredentials>[0] &
  Parameters<typeof requestSync>[0] &
  Parameters<typeof writeFile>[0] &
  Pick<Deps, 'queue'>

/** A space to make in the world's organization. */
export type SpacePlan = {
  /** Its name; the slug with a capital letter when not given (`wiki` is "Wiki"). */
  name?: string
  description?: string
  /** Its Git remote; without one the service keeps the repository itself. */
  repoUrl?: string
  /** The remote's HTTPS credentials (`user:password`), set by the organization's admin. */
  credentials?: string
  /** Whether to sync with the remote once and wait for it, as a new space's first sync. */
  synced?: boolean
  /** Roles on the space by username, given by the organization's admin in this order. */
  members?: Record<string, SpaceMemberRole>
  /** Pages (path under `content/` -> text) the organization's admin writes once the space exists. */
  pages?: Record<string, string>
}

/** The people, organization and spaces a test starts from. */
export type WorldPlan = {
  /** The organization: `acme` ("Acme") unless told otherwise. */
  org?: { slug?: string; name?: string; description?: string }
  /**
   * Who administers the organization: `ada` unless told otherwise. `root` creates the organization
   * and joins it as its admin; `null` leaves it without members, for the super admin to run.
   */
  admin?: string | null
  /** Plain members of the organization, added by the super admin. */
  members?: string[]
  /** The spaces, made in this order; `wiki` alone unless told otherwise. */
  spaces?: Record<string, SpacePlan>
  /** People with no role anywhere, to show what a stranger is refused. */
  outsiders?: string[]
  /** The language some people chose for themselves, by username. */
  locales?: Record<string, Locale>
}

/** A space of the world: its id and the REST prefix of its routes. */
export type SeededSpace = { id: number; slug: string; path: string }

/** What {@link seedWorld} made. */
export type World = {
  org: { id: number; slug: string; path: string }
  /** A space the world made, by slug. */
  space(slug: string): SeededSpace
  /** A person's full-rights token, by username: anyone the world made, the super admin (`root`) included. */
  token(username: string): string
  /** Who `username` is to the services, as their token would make them over the API. */
  actor(username: string): Promise<Actor>
  /** Writes pages (path -> text) in a space as `username`, one commit each, as the API would. */
  write(username: string, space: string, pages: Record<string, string>, message?: string): Promise<void>
}

/**
 * Makes the setup most tests share, through the services and the ports alone (so it serves an
 * HTTP test app and in-memory fakes alike): the super admin `root`; an organization with its
 * admin; spaces with their members, remotes and first pages; and outsiders. Accounts are made
 * first, in a fixed order (root, the admin, the spaces' members, the organization's members, the
 * outsiders), then the organization, then each space in turn. The admin (the super admin when
 * there is none) makes the spaces and gives their roles.
 */
export async function seedWorld(deps: WorldDeps, plan: WorldPlan = {}): Promise<World> {
  const adminName = plan.admin === undefined ? 'ada' : plan.admin
  const spacePlans = plan.spaces ?? { wiki: {} }
  const names = new Set([
    ROOT,
    ...(adminName ? [adminName] : []),
    ...Object.values(spacePlans).flatMap((space) => Object.keys(space.members ?? {})),
    ...(plan.members ?? []),
    ...(plan.outsiders ?? []),
  ])
  const tokens: Record<string, string> = {}
  for (const name of names) tokens[name] = (await addPerson(deps, name, { superadmin: name === ROOT })).token
  const token = (username: string) => {
    const found = tokens[username]
    if (found === undefined) throw new Error(`${username} is not one of the world's people`)
    return found
  }
  const actor = (username: string) => actorOf(deps, token(username))
  const root = await actor(ROOT)
  for (const [username, locale] of Object.entries(plan.locales ?? {}))
    await updateUser(deps, root, username, { locale })

  const slug = plan.org?.slug ?? 'acme'
  const { organization } = await createOrganization(deps, root, {
    slug,
    name: plan.org?.name ?? capitalized(slug),
    description: plan.org?.description,
    join: adminName === ROOT,
  })
  if (adminName && adminName !== ROOT) await setOrgMember(deps, root, slug, adminName, 'admin')
  for (const member of plan.members ?? []) await setOrgMember(deps, root, slug, member, 'member')

  const admin = await actor(adminName ?? ROOT)
  const write: World['write'] = async (username, space, pages, message) => {
    const writer = await actor(username)
    for (const [path, content] of Object.entries(pages))
      await writeFile(deps, writer, { org: slug, space }, path, { content, message })
  }
  const spaces: Record<string, SeededSpace> = {}
  for (const [spaceSlug, space] of Object.entries(spacePlans)) {
    const ref = { org: slug, space: spaceSlug }
    const made = await createSpace(deps, admin, slug, {
      slug: spaceSlug,
      name: space.name ?? capitalized(spaceSlug),
      description: space.description,
      repoUrl: space.repoUrl,
    })
    spaces[spaceSlug] = {
      id: made.space.id,
      slug: spaceSlug,
      path: `/organizations/${slug}/spaces/${spaceSlug}`,
    }
    for (const [username, role] of Object.entries(space.members ?? {}))
      await setSpaceMember(deps, admin, slug, spaceSlug, username, role)
    if (space.credentials !== undefined)
      await setCredentials(deps, admin, ref, { kind: 'https', token: space.credentials })
    if (space.synced) {
      // The outcome shows in the space's Git state, as after `POST .../git/sync`.
      await (await requestSync(deps, admin, ref)).done.catch(() => undefined)
      await deps.queue.idle()
    }
    if (space.pages) await write(adminName ?? ROOT, spaceSlug, space.pages)
  }
  const space = (spaceSlug: string) => {
    const found = spaces[spaceSlug]
    if (!found) throw new Error(`${spaceSlug} is not one of the world's spaces`)
    return found
  }
  return { org: { id: organization.id, slug, path: `/organizations/${slug}` }, space, token, actor, write }
}

function capitalized(slug: string): string {
  return slug.charAt(0).toUpperCase() + slug.slice(1)
}
