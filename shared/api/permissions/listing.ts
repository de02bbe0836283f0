import { decide } from '../../domain/policy.ts'
import { targetOf } from './outcome.ts'
import type { Row, Sent } from './row.ts'
import { type Caller, ORGS, SPACES, type World } from './world.ts'

/**
 * What a listing shows of the seeded world, as `org` or `org/space`, sorted. Items made by other
 * rows are left out: only the seeded ones have known members.
 */
export function listedOf(row: Row<unknown>, items: unknown): string[] {
  const list = Array.isArray(items) ? (items as Record<string, string>[]) : []
  const names =
    row.lists === 'organizations'
      ? list.map((item) => item.slug ?? '').filter((slug) => slug in ORGS)
      : list.map((item) => `${item.organization}/${item.slug}`).filter((ref) => ref in SPACES)
  return names.sort()
}

/** What the policy lets a caller see in a listing: each seeded item whose read action allows it. */
export function expectedListing(row: Row<unknown>, caller: Caller, world: World, sent: Sent): string[] {
  if (row.lists === 'organizations')
    return Object.keys(ORGS)
      .filter((org) => decide('org.read', world.factsOf(caller, { org })) === 'allow')
      .sort()
  const within = targetOf(row, sent)?.org
  return Object.keys(SPACES)
    .filter((ref) => {
      const [org = '', space = ''] = ref.split('/')
      if (within !== undefined && org !== within) return false
      return decide('space.read', world.factsOf(caller, { org, space })) === 'allow'
    })
    .sort()
}
