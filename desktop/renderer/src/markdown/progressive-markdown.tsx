import { startTransition, useEffect, useMemo, useState } from 'react'
import { Markdown } from './markdown.tsx'
import type { PageContext } from './resolve-links.ts'
import { MarkdownParts } from './sectioned-markdown.tsx'
import { markdownSections } from './sections.ts'

/**
 * Pages longer than this are shown part by part. Rendering takes about 0.15 ms a line here: a
 * 5,000-line handbook held its page's first screen back 0.8 s, for text far below it.
 */
const PROGRESSIVE_LINES = 600
/** Lines of such a page shown at once (more than a screen), then added at each step after. */
const FIRST_LINES = 150
const STEP_LINES = 500

function lineCount(text: string): number {
  let lines = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++
  return lines
}

/** How many parts from `from` on hold `lines` lines: one at least, unless none are left. */
function partsWithin(parts: readonly string[], from: number, lines: number): number {
  let count = from
  for (let seen = 0; count < parts.length && (count === from || seen < lines); count++) {
    seen += lineCount(parts[count] as string)
  }
  return count
}

/**
 * A page's text as the page view shows it. A long page shows its first parts at once and the rest
 * after, a few hundred lines at a time at low priority: the person can read, scroll and click at
 * once, and a click (`Edit`, another page) waits for one step at most, not for the whole page. Its
 * parts off screen are not laid out (`.markdown-part`). Opened at a section (`#…` in the address),
 * it is shown whole at once, so that the section is there to scroll to. `onShown` is called whenever
 * more of the page is in the document (a table of contents reads its headings then).
 */
export function PageMarkdown(props: { text: string; context: PageContext; onShown?: () => void }) {
  const { text, context, onShown } = props
  const parts = useMemo(
    () => (lineCount(text) > PROGRESSIVE_LINES ? markdownSections(text) : undefined),
    [text],
  )
  // How many parts are shown: the first lines' until the first step, all at once for a section.
  const [upTo, setUpTo] = useState(() => (window.location.hash ? Number.POSITIVE_INFINITY : undefined))
  const end = parts ? Math.min(parts.length, upTo ?? partsWithin(parts, 0, FIRST_LINES)) : 0
  useEffect(() => {
    if (parts && end < parts.length) startTransition(() => setUpTo(partsWithin(parts, end, STEP_LINES)))
  }, [parts, end])
  const shown = useMemo(() => parts?.slice(0, end), [parts, end])
  if (!shown) return <Markdown text={text} context={context} />
  return <MarkdownParts parts={shown} context={context} onShown={onShown} />
}
