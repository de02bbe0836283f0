import type { Deps } from './deps.ts'

/** `<org_slug>/<space_slug>` for each space id that still exists, for presenting token restrictions. */
export function spaceLabels(deps: Deps, spaceIds: readonly number[]): Map<number, string> {
  const wanted = new Set(spaceIds)
  const labels = new Map<number, string>()
  if (wanted.size === 0) return labels
  for (const org of deps.store.organizations.list()) {
    for (const space of deps.store.forOrg(org.id).spaces()) {
      if (wanted.has(space.id)) labels.set(space.id, `${org.slug}/${space.slug}`)
    }
  }
  return labels
}
