/** Longest `next` kept; a longer one goes home. */
const NEXT_MAX = 2000
/** Stands in for this site's origin while a path is checked: a path that leaves it is not local. */
const HERE = 'http://here.invalid'

/**
 * Where to go once signed in: `next` when it is a path of this site (one `/`, not `//` nor `/\`,
 * which browsers read as another host), else home (`/`).
 */
export function localPath(next: string | null | undefined): string {
  if (!next || next.length > NEXT_MAX || !next.startsWith('/') || next.startsWith('//')) return '/'
  // Backslashes and control characters are read as slashes or dropped by browsers: never local.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return '/'
  const url = new URL(next, HERE)
  if (url.origin !== HERE) return '/'
  // Dot segments fold away (`/.//evil.example` is `//evil.example`): what comes out is checked too.
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('//') || path.startsWith('/\\') ? '/' : path
}
