/** What a Markdown page says of itself: its headings, and the title it gives itself. */

/** An ATX heading line: its level marks and its text, without a closing run of `#`. */
export const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const FENCE = /^ {0,3}(```|~~~)/

/**
 * The headings of Markdown outside code blocks, in one pass: the text of the first level-one heading
 * (trimmed, '' when there is none) and the text of every heading, one per line.
 */
export function headingsIn(markdown: string): { h1: string; headings: string } {
  const out: string[] = []
  let h1: string | undefined
  let fenced = false
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced
    const match = fenced ? null : HEADING.exec(line)
    if (!match) continue
    out.push(match[2] ?? '')
    if (h1 === undefined && match[1] === '#') h1 = (match[2] ?? '').trim()
  }
  return { h1: h1 ?? '', headings: out.join('\n') }
}

/**
 * The title a page gives itself: its front matter `title`, else its first level-one heading outside code
 * blocks; '' when it has neither. `front` and `body` are the page split at its front matter.
 */
export function ownTitle(front: Record<string, unknown>, body: string): string {
  return (typeof front.title === 'string' ? front.title.trim() : '') || headingsIn(body).h1
}
