import type { Deps } from '../../ports/deps.ts'
import type { Space } from '../../ports/store.ts'

/**
 * Every space of every organization, one organization after another: for the host's own work over
 * all of them (checks, indexing), which no person asks for and no access check guards.
 */
export async function everySpace(deps: Pick<Deps, 'store'>): Promise<Space[]> {
  const orgs = await deps.store.organizations.list()
  return (await Promise.all(orgs.map((org) => deps.store.forOrg(org.id).spaces.list()))).flat()
}
