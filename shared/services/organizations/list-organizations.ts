import { decide, effectiveOrgRole } from '../../domain/policy.ts'
import type { OrgRole } from '../../domain/roles.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Organization } from '../../ports/store.ts'
import { orgFacts, refuseBeforePasswordChange } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type OrganizationView = { organization: Organization; role: OrgRole }

/** The organizations the caller can see, with its effective role in each. */
export async function listOrganizations(
  deps: Pick<Deps, 'store'>,
  actor: Actor,
): Promise<OrganizationView[]> {
  refuseBeforePasswordChange(actor)
  const candidates = actor.account.isSuperadmin
    ? await deps.store.organizations.list()
    : (await deps.store.organizations.ofAccount(actor.account.id)).map((entry) => entry.organization)
  const views: OrganizationView[] = []
  for (const organization of candidates) {
    const facts = await orgFacts(actor, deps.store.forOrg(organization.id))
    const role = effectiveOrgRole(facts)
    if (role && decide('org.read', facts) === 'allow') views.push({ organization, role })
  }
  return views
}
