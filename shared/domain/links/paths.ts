/** Path arithmetic for link targets between files of a space's content/ folder. */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/** Whether a link target leaves the space (URL scheme, `//host`) or stays on the same page (`#anchor`). */
export function isExternalTarget(target: string): boolean {
  const trimmed = target.trim()
  return trimmed.startsWith('#') || trimmed.startsWith('//') || SCHEME.test(trimmed)
}

/** Splits a link target into its path and the `?query` / `#anchor` suffix, kept verbatim. */
export function splitSuffix(target: string): { path: string; suffix: string } {
  const cut = target.search(/[?#]/)
  return cut === -1 ? { path: target, suffix: '' } : { path: target.slice(0, cut), suffix: target.slice(cut) }
}

/**
 * Case folding for names compared without regard to case. Lower then upper case, because lower-casing alone
 * depends on context (final sigma) and upper-casing alone misses some pairs (Kelvin sign and k).
 */
export function fold(text: string): string {
  return text.toLowerCase().toUpperCase()
}

/** The folder part of a content-relative path, as segments (empty at the root). */
export function folderSegments(path: string): string[] {
  return path.split('/').slice(0, -1)
}

/** The last segment of a content-relative path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** The folder of a content-relative path, '' at the root. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

/** Decodes `%XX` sequences, leaving any that do not form valid UTF-8 as written. */
export function percentDecode(text: string): string {
  // A stray '%' (a file named "100%.md" written by hand) must not make the whole target unreadable.
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** Removes CommonMark backslash escapes. */
export function unescapeMarkdown(text: string): string {
  // CommonMark lets any ASCII punctuation be backslash-escaped in a destination.
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

/** The content-relative path a Markdown link target reaches from a page; undefined outside content/. */
export function resolveTarget(fromPage: string, target: string): string | undefined {
  if (isExternalTarget(target)) return undefined
  const path = percentDecode(unescapeMarkdown(splitSuffix(target).path))
  if (path.trim() === '') return undefined
  const segments = path.startsWith('/') ? [] : folderSegments(fromPage)
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (segments.length === 0) return undefined
      segments.pop()
    } else {
      segments.push(segment)
    }
  }
  return segments.length === 0 ? undefined : segments.join('/')
}

// Characters that would end or change a destination: whitespace and parentheses in a bare destination,
// '%' (we percent-decode), '#' and '?' (suffix), '\' (escapes), '<' '>' and control characters.
const NEEDS_ENCODING_BARE = /[\s()%#?\\<>\p{Cc}]/gu
// Inside <...> spaces and parentheses are fine, so they stay readable.
const NEEDS_ENCODING_ANGLE = /[%#?\\<>\p{Cc}]/gu

/** Percent-encodes a content-relative path for a Markdown destination, bare or inside `<...>`. */
export function encodeDestination(path: string, angle = false): string {
  return path.replace(angle ? NEEDS_ENCODING_ANGLE : NEEDS_ENCODING_BARE, (ch) =>
    // encodeURIComponent leaves '(' and ')' alone; every character caught here is written as UTF-8 bytes.
    Array.from(
      new TextEncoder().encode(ch),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  )
}

/** Prefixes `./` to a relative target whose first segment would read as a URL scheme (`a:b.md`). */
export function guardScheme(target: string): string {
  return SCHEME.test(target) ? `./${target}` : target
}

/** The unencoded relative path from a page's folder to a file: `x.md`, `sub/x.md`, `../other/x.md`. */
export function relativePath(fromPage: string, toPath: string): string {
  const from = folderSegments(fromPage)
  const to = toPath.split('/')
  let common = 0
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++
  return '../'.repeat(from.length - common) + to.slice(common).join('/')
}

/**
 * The shortest relative Markdown link target from a page to a file, percent-encoded where needed: for a bare
 * destination, or for one written inside `<...>` when `angle`.
 */
export function relativeTarget(fromPage: string, toPath: string, angle = false): string {
  return guardScheme(encodeDestination(relativePath(fromPage, toPath), angle))
}

/**
 * The paths a link kept in the index may lead to by its path, in order: a Markdown link's own path
 * exactly, as the page view follows it; a link indexed before kinds were kept (`wiki` null) may also
 * mean that path with `.md`; a wiki link none (it names a page, looked up across the space).
 */
export function storedLinkPaths(link: { fromPath: string; target: string; wiki: boolean | null }): string[] {
  if (link.wiki) return []
  const path = resolveTarget(link.fromPath, link.target)
  if (!path) return []
  return link.wiki === false ? [path] : [path, `${path}.md`]
}
