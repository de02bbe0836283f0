import { isSlug } from '../../domain/identifiers.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'
import { checkBranch, checkRepoUrl } from './internal/space-rules.ts'
import type { SpaceView } from './list-spaces.ts'

export type CreateSpaceInput = {
  slug: string
  name: string
  description?: string
  repoUrl?: string
  branch?: string
}

export type CreateSpaceDeps = AccessOrgDeps & FireEventDeps & Pick<Deps, 'clock' | 'repos'>

/**
 * Creates a space (organization admin) and prepares its repository: with no `repo_url` the service
 * keeps it, with `content/` and an initial commit by the caller; with one, the first sync fills it.
 */
export async function createSpace(
  deps: CreateSpaceDeps,
  actor: Actor,
  orgSlug: string,
  input: CreateSpaceInput,
): Promise<SpaceView> {
  const { org, orgStore } = await accessOrg(deps, actor, orgSlug, 'space.create')
  if (!isSlug(input.slug)) throw new DomainError('slug_invalid', { value: input.slug })
  const repoUrl = checkRepoUrl(input.repoUrl ?? '')
  const branch = checkBranch(input.branch?.trim() || 'main')
  const name = input.name.trim()
  const space = await orgStore.spaces.create({
    slug: input.slug,
    name,
    description: input.description?.trim() ?? '',
    repoUrl,
    branch,
    reviewEvery: '',
    createdAt: deps.clock.now(),
  })
  if (!space) throw new DomainError('already_exists', { value: input.slug })
  try {
    await deps.repos.create(space.id, {
      repoUrl,
      branch,
      author: authorOf(actor),
      message: commitMessage(actor, `Create space ${name}`),
    })
  } catch (error) {
    await orgStore.spaces.delete(space.id)
    throw error
  }
  // Pages changed from now on are reported to the inbox; with a remote, from the first sync.
  if (!repoUrl)
    await orgStore
      .space(space.id)
      .marks.resetChangeBase((await deps.repos.open(space.id, branch).head()) ?? null)
  await fireEvent(deps, org.id, 'space.created', {
    ...eventWithoutCommit(actor, org.slug, space.slug),
    name: space.name,
  })
  return { space, organization: org, role: 'admin' }
}
