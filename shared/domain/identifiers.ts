/** Rules for the readable identifiers used in paths: organization and space slugs, usernames. */

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62})$/
const USERNAME = /^[a-z0-9](?:[a-z0-9._-]{0,38})$/

/** Whether a string is a valid organization or space slug. */
export function isSlug(value: string): boolean {
  return SLUG.test(value)
}

/** Whether a string is a valid username (already lowercased). */
export function isUsername(value: string): boolean {
  return USERNAME.test(value) && !value.includes('..')
}

/** Splits `<org_slug>/<space_slug>` into its parts, or undefined when it is not of that shape. */
export function parseSpaceRef(ref: string): { org: string; space: string } | undefined {
  const parts = ref.split('/')
  if (parts.length !== 2) return undefined
  const [org = '', space = ''] = parts
  return isSlug(org) && isSlug(space) ? { org, space } : undefined
}

/**
 * A person's name as it is shown and put in mails' subjects: on one line (line breaks, tabs and other
 * control characters become a space), spaces run together, trimmed.
 */
export function oneLineName(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim()
}
