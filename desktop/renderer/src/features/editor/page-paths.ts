/** A path as typed, cleaned: no surrounding spaces, no leading or doubled slash. */
export function cleanPath(input: string): string {
  return input
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+/, '')
}

/** The path of a Markdown page from what was typed: `.md` added when missing. */
export function pagePath(input: string): string {
  const path = cleanPath(input)
  if (path === '' || path.endsWith('/')) return path
  return path.toLowerCase().endsWith('.md') ? path : `${path}.md`
}

/** The folder of a path, with its trailing slash (`''` at the top of the space). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash + 1)
}

/** A file name as a Markdown link target: what would end or break the link is percent-encoded. */
export function linkTarget(name: string): string {
  return name.replace(
    /[%\s()<>[\]#?]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  )
}
