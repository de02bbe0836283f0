import type { Deps } from '../../ports/deps.ts'
import { accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'

/** Deletes a space in the service (organization admin); its remote repository is never touched. */
export async function deleteSpace(
  deps: Deps,
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
