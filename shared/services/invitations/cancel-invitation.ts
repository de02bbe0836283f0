import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type CancelInvitationDeps = AccessOrgDeps & Pick<Deps, 'clock' | 'store'>

/** Cancels a pending invitation (admin): its link answers 404 from now on; 404 when none is pending by that id. */
export async function cancelInvitation(
  deps: CancelInvitationDeps,
  actor: Actor,
  orgSlug: string,
  id: string,
): Promise<void> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.members.manage')
  if (!(await deps.store.invitations.cancel(orgStore.orgId, id, deps.clock.now())))
    throw new DomainError('not_found')
}
