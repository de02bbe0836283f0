import GithubSlugger from 'github-slugger'
import { memo, type ReactNode, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { pathKey } from '#shared/domain/path-key.ts'
import { isChangedByPaths } from './internal-links.ts'
import { HEADING_ID_PREFIX, PageLinks, renderMarkdown } from './markdown.tsx'
import type { PageContext } from './resolve-links.ts'
import { markdownSections } from './sections.ts'

/**
 * Parts already rendered, by text, per page context. Kept outside React: a render at low priority
 * that a keystroke interrupts is thrown away with what it computed, and the next one, for a text a
 * key longer, would start again from the first part; on a long page it might then never end.
 */
const renderedParts = new WeakMap<PageContext, Map<string, ReactNode>>()

function partsOf(context: PageContext): Map<string, ReactNode> {
  let parts = renderedParts.get(context)
  if (!parts) {
    parts = new Map()
    renderedParts.set(context, parts)
  }
  return parts
}

/** A page's context and the same without the space's files, each kept while the page's stays the same. */
type PartContexts = { withPaths: PageContext; withoutPaths: PageContext }

/**
 * One part of a page, rendered again only when its text or the page's context changes (the space's
 * files, only if they change what the part shows); laid out and painted only near the visible part of
 * the page (`.markdown-part`: content-visibility).
 */
const Section = memo(function Section({ text, contexts }: { text: string; contexts: PartContexts }) {
  const context = isChangedByPaths(text, contexts.withPaths) ? contexts.withPaths : contexts.withoutPaths
  const parts = partsOf(context)
  let content = parts.get(text)
  if (content === undefined) {
    content = renderMarkdown(text, context)
    parts.set(text, content)
  }
  return <div className="markdown-part">{content}</div>
})

/**
 * A long page rendered part by part, from heading to heading, behind the person's typing: each part
 * is its own unit of React's work, rendered at low priority (a keystroke is handled between two
 * parts, never after the whole page), and an edit renders again the part it changed only. A page
 * with footnotes is rendered whole, at the same low priority.
 */
export function SectionedMarkdown({ text, context }: { text: string; context: PageContext }) {
  const deferred = useDeferredValue(text, '')
  const parts = useMemo(() => markdownSections(deferred) ?? [deferred], [deferred])
  return <MarkdownParts parts={parts} context={context} />
}

/**
 * Parts of a page, each its own memoized unit (see Section), their headings numbered over the page;
 * `onShown` is called once they are in the document, their ids given.
 */
export function MarkdownParts(props: { parts: string[]; context: PageContext; onShown?: () => void }) {
  const { parts, onShown } = props
  const { org, space, path, paths } = props.context
  const withoutPaths = useMemo(() => ({ org, space, path }), [org, space, path])
  const contexts = useMemo(
    () => ({ withPaths: paths ? { ...withoutPaths, paths } : withoutPaths, withoutPaths }),
    [withoutPaths, paths],
  )
  // Once shown, only the parts of the text shown are kept.
  useEffect(() => {
    const shown = new Set(parts)
    for (const context of [contexts.withPaths, contexts.withoutPaths]) {
      const kept = partsOf(context)
      for (const part of kept.keys()) if (!shown.has(part)) kept.delete(part)
    }
  }, [parts, contexts])
  const shown = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    numberHeadings(shown.current, parts)
    onShown?.()
  }, [parts, onShown])
  const seen = new Map<string, number>()
  // Each part keyed by its text's hash: a part moved by an edit above it keeps its DOM.
  const rendered: ReactNode[] = parts.map((part) => {
    const print = pathKey(part)
    const count = seen.get(print) ?? 0
    seen.set(print, count + 1)
    return <Section key={`${print}:${count}`} text={part} contexts={contexts} />
  })
  return (
    <PageLinks context={props.context}>
      <div className="markdown" ref={shown}>
        {rendered}
      </div>
    </PageLinks>
  )
}

/**
 * Gives the headings of the parts the ids the whole page's render gives them. Each part numbers its
 * own repeated headings, so a second "Usage" in another part was `usage` again, and a link to
 * `#usage-1` went nowhere; numbered over the page, in order, as the renderer does, they match the page
 * view's.
 */
function numberHeadings(container: HTMLElement | null, parts: readonly string[]): void {
  if (!container || parts.length < 2) return
  const slugger = new GithubSlugger()
  for (const heading of container.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
    if (!heading.id.startsWith(HEADING_ID_PREFIX)) continue
    const id = HEADING_ID_PREFIX + slugger.slug(heading.textContent ?? '')
    if (heading.id !== id) heading.id = id
  }
}
