/** A space a token may be restricted to, as `GET /spaces` lists it. */
export type SpaceChoice = { organization: string; slug: string; name: string }

/** The spaces of one organization, for the token form's checkboxes. */
export type OrgGroup = { slug: string; name: string; spaces: SpaceChoice[] }

/** How the API names a space in a token's `spaces`: `<org>/<space>`. */
export function spaceRef(space: { organization: string; slug: string }): string {
  return `${space.organization}/${space.slug}`
}

/**
 * The spaces grouped by organization, the organizations in alphabetical order of their names as the
 * person reads them (slug to break ties), the spaces of each in order of name.
 */
export function groupSpaces(
  spaces: readonly SpaceChoice[],
  organizations: readonly { slug: string; name: string }[],
  language: string,
): OrgGroup[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
  const byName = (a: { name: string; slug: string }, b: { name: string; slug: string }) =>
    collator.compare(a.name, b.name) || a.slug.localeCompare(b.slug)
  const names = new Map(organizations.map((org) => [org.slug, org.name]))
  const groups = new Map<string, OrgGroup>()
  for (const space of spaces) {
    const slug = space.organization
    const group = groups.get(slug) ?? { slug, name: names.get(slug) ?? slug, spaces: [] }
    group.spaces.push(space)
    groups.set(slug, group)
  }
  const sorted = [...groups.values()].sort(byName)
  for (const group of sorted) group.spaces.sort(byName)
  return sorted
}

/**
 * The spaces a new token starts with (SPEC 5.4): only those of the first organization in
 * alphabetical order, so that a person in several organizations does not hand one program the keys
 * to all of them by default. Organizations where the person reads no space are not candidates.
 */
export function preselectedSpaces(groups: readonly OrgGroup[]): string[] {
  return groups[0]?.spaces.map(spaceRef) ?? []
}
