import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'

export type DeleteSpaceDeps = AccessSpaceDeps &
  FireEventDeps &
  Pick<Deps, 'forgetVectors' | 'repos' | 'textIndex'>

/** Deletes a space in the service (organization admin); its remote repository is never touched. */
export async function deleteSpace(
  deps: DeleteSpaceDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
): Promise<void> {
  const { org, space, orgStore } = await accessSpace(deps, actor, orgSlug, spaceSlug, 'space.admin')
  // The word and vector indexes are derived tables without foreign keys: forget the space there too.
  await deps.textIndex.forSpace(space.id).clear()
  await deps.forgetVectors(space.id)
  await orgStore.spaces.delete(space.id)
  await deps.repos.remove(space.id)
  await fireEvent(deps, org.id, 'space.deleted', eventWithoutCommit(actor, org.slug, space.slug))
}
