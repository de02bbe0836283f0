import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceView } from './list-spaces.ts'

export type GetSpaceDeps = AccessSpaceDeps

/** One space the caller can read, with its role. */
export async function getSpace(
  deps: GetSpaceDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
): Promise<SpaceView> {
  const { space, org, spaceRole } = await accessSpace(deps, actor, orgSlug, spaceSlug, 'space.read')
  return { space, organization: org, role: spaceRole }
}
