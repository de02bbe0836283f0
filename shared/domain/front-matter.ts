import { parse } from 'yaml'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

/** The front matter of a Markdown page as an object ({} when absent or unreadable). */
export function readFrontMatter(markdown: string): Record<string, unknown> {
  // Editors on some systems start files with a byte order mark; the front matter follows it.
  const match = FRONT_MATTER.exec(markdown.replace(/^\uFEFF/, ''))
  if (!match) return {}
  try {
    const value = parse(match[1] ?? '', { schema: 'core' }) as unknown
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}
