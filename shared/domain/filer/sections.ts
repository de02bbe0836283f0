/** The Markdown the filer writes: the section appended to a page, a new page, and new page names. */
import { foldText } from '../text-words.ts'
import { type LeadingHeading, leadingHeading, trimNoteText } from './page-text.ts'

/** Longest slug of a new page's name, in characters. */
export const SLUG_MAX = 60

/** A file name for a title: folded, lowercase, words joined by hyphens, at most SLUG_MAX characters. */
export function slugify(title: string): string {
  const slug = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= SLUG_MAX) return slug || 'note'
  const cut = slug.slice(0, SLUG_MAX + 1)
  // Cut at a word boundary when one is not too far back, so names do not end mid-word.
  const hyphen = cut.lastIndexOf('-')
  return (hyphen >= SLUG_MAX / 2 ? cut.slice(0, hyphen) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '')
}

// A level-one heading, or any heading that says the same as the title: "## Summary" under a note titled
// "Queue stalled" is a section of the note, not its title.
/** The note's leading heading when it is the note's own title. */
export function ownTitle(title: string, body: string): LeadingHeading | undefined {
  const lead = leadingHeading(body)
  if (!lead) return undefined
  const same =
    foldText(lead.heading).replace(/\W+/g, ' ').trim() === foldText(title).replace(/\W+/g, ' ').trim()
  return lead.level === 1 || same ? lead : undefined
}

function withEol(text: string, crlf: boolean): string {
  return crlf ? text.replace(/\r?\n/g, '\r\n') : text
}

// A note that starts with its own title as a heading has that heading turned into the section's, not
// repeated; the rest of its text is kept exactly as written. On a page with CRLF line ends the section
// uses CRLF too, so the page stays uniform.
/** The section appended to a page: `\n## <title> (<today>)\n\n<note text>\n`. */
export function appendedSection(title: string, text: string, today: string, crlf: boolean): string {
  const body = trimNoteText(text)
  const own = ownTitle(title, body)
  const heading = own?.heading || title
  const rest = own ? own.rest : body
  const section = rest ? `\n## ${heading} (${today})\n\n${rest}\n` : `\n## ${heading} (${today})\n`
  return withEol(section, crlf)
}

/** A new page: `# <title>\n\n<note text>\n`, or the note's own leading heading made the page's title. */
export function newPageText(title: string, text: string): string {
  const body = trimNoteText(text)
  const own = ownTitle(title, body)
  if (own) return own.rest ? `# ${own.heading}\n\n${own.rest}\n` : `# ${own.heading}\n`
  return body ? `# ${title}\n\n${body}\n` : `# ${title}\n`
}

export type NewPageTarget = { kind: 'create'; path: string } | { kind: 'append'; path: string }

// `taken` and `created` hold folded paths. A name taken by an existing page in any case is skipped, since
// it would collide on case-insensitive disks; a name this plan already creates is joined, not skipped.
/** Where a new page for `title` goes in `folder`: `<folder>/<slug>.md`, or -2, -3... when that is taken. */
export function newPagePath(
  folder: string,
  title: string,
  taken: ReadonlySet<string>,
  created: ReadonlySet<string>,
): NewPageTarget {
  const slug = slugify(title)
  const prefix = folder ? `${folder}/` : ''
  for (let n = 1; ; n++) {
    const path = `${prefix}${n === 1 ? slug : `${slug}-${n}`}.md`
    const key = foldText(path)
    if (created.has(key)) return { kind: 'append', path }
    if (!taken.has(key)) return { kind: 'create', path }
  }
}
