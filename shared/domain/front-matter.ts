/** The YAML front matter block at the top of a Markdown page: where it ends and what it says. */
import { parse } from 'yaml'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export type FrontMatterSplit = { data: Record<string, unknown>; body: string }

/** The YAML text of the front matter block (undefined when absent) and the Markdown after it. */
function locate(markdown: string): { yaml: string | undefined; body: string } {
  // Editors on some systems start files with a byte order mark; the front matter follows it.
  const text = markdown.replace(/^\uFEFF/, '')
  const match = FRONT_MATTER.exec(text)
  return match ? { yaml: match[1] ?? '', body: text.slice(match[0].length) } : { yaml: undefined, body: text }
}

function parseData(yaml: string | undefined): Record<string, unknown> {
  if (yaml === undefined) return {}
  try {
    const value = parse(yaml, { schema: 'core' }) as unknown
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * A Markdown page's front matter as an object ({} when absent or unreadable) and the Markdown after the
 * block (the whole page when there is none), a leading byte order mark removed from both.
 */
export function splitFrontMatter(markdown: string): FrontMatterSplit {
  const { yaml, body } = locate(markdown)
  return { data: parseData(yaml), body }
}

/** The front matter of a Markdown page as an object ({} when absent or unreadable). */
export function readFrontMatter(markdown: string): Record<string, unknown> {
  return splitFrontMatter(markdown).data
}

/** The Markdown without its front matter block (and without a leading byte order mark). */
export function withoutFrontMatter(markdown: string): string {
  return locate(markdown).body
}
