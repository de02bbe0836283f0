/** What a tidy-up run may do with an inbox note, whoever planned it (the built-in filer or a model). */
export type TidyOperation =
  | { kind: 'append'; note: string; path: string; text: string }
  | { kind: 'create'; note: string; path: string; text: string }
  | { kind: 'edit_section'; note: string; path: string; heading: string; text: string }
  | { kind: 'leave'; note: string; reason: string; candidates?: string[] }

/** Longest text one operation may add. */
export const OPERATION_TEXT_MAX = 100_000
/** Largest page a run may leave behind. */
export const PAGE_MAX = 1_000_000

/**
 * A page with the body of one section replaced: the section starts at a heading whose text is
 * `heading` (any level, case and surrounding spaces ignored) and runs to the next heading of the
 * same or a higher level. Undefined when the page has no such heading.
 */
export function replaceSection(page: string, heading: string, body: string): string | undefined {
  const lines = page.split('\n')
  const wanted = heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
  const start = lines.findIndex(
    (line) =>
      /^#{1,6}\s/.test(line) &&
      line
        .replace(/^#+\s*/, '')
        .trim()
        .toLowerCase() === wanted,
  )
  if (start < 0) return undefined
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1
  let end = lines.length
  for (let i = start + 1; i < lines.length; i++) {
    const match = /^(#{1,6})\s/.exec(lines[i] ?? '')
    if (match?.[1] && match[1].length <= level) {
      end = i
      break
    }
  }
  const replacement = body.endsWith('\n') ? body.slice(0, -1) : body
  return [
    ...lines.slice(0, start + 1),
    '',
    replacement,
    ...(end < lines.length ? [''] : []),
    ...lines.slice(end),
  ].join('\n')
}

/** A page with a section appended, separated from what was there by one blank line. */
export function appendSection(page: string, section: string): string {
  const base =
    page === '' ? '' : page.endsWith('\n\n') ? page : page.endsWith('\n') ? `${page}\n` : `${page}\n\n`
  const text = section.replace(/^\n+/, '')
  return `${base}${text.endsWith('\n') ? text : `${text}\n`}`
}
