import { accessSpace } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'
import type { SpaceView } from './list-spaces.ts'

/** One space the caller can read, with its role. */
export function getSpace(deps: Deps, actor: Actor, orgSlug: string, spaceSlug: string): SpaceView {
  const { space, org, spaceRole } = accessSpace(deps, actor, orgSlug, spaceSlug, 'space.read')
  return { space, organization: org, role: spaceRole }
}
