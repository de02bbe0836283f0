import type { Deps } from '../../ports/deps.ts'

/** `<org_slug>/<space_slug>` for each space id that still exists, for presenting token restrictions. */
export async function spaceLabels(
  deps: Pick<Deps, 'store'>,
  spaceIds: readonly number[],
): Promise<Map<number, string>> {
  const labels = new Map<number, string>()
  for (const id of new Set(spaceIds)) {
    const found = await deps.store.spaceById(id)
    if (found) labels.set(id, `${found.organization.slug}/${found.space.slug}`)
  }
  return labels
}
