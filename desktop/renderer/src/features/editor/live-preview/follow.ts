import { syntaxTree } from '@codemirror/language'
import type { EditorState } from '@codemirror/state'
import type { EditorView } from '@codemirror/view'
import type { Element, Root } from 'hast'
import { isExternalTarget } from '#shared/domain/links/paths.ts'
import { type PageContext, rehypeResolveLinks } from '../../../markdown/resolve-links.ts'
import { WIKI_LINK, WIKI_SCHEME } from '../../../markdown/wiki-links.ts'
import type { SyntaxNode } from './decorations.ts'
import { frontMatterSpan } from './front-matter.ts'
import { livePreviewOptions } from './options.ts'

/** Where a link of the page leads, as written: an address, a page's name (`[[…]]`), or a reference's label. */
export type LinkTarget =
  | { kind: 'url'; url: string }
  | { kind: 'wiki'; name: string }
  | { kind: 'reference'; label: string }

/** Outside addresses a click may open in a new tab; others (`javascript:`, `data:`…) are never opened. */
const OPENABLE = /^(https?:|mailto:)/i

/** An element's properties once the rendered page's own rules resolved them (relative links, wiki links, images). */
export function resolveElement(
  tagName: 'a' | 'img',
  properties: Element['properties'],
  context: PageContext,
): Element['properties'] {
  const element: Element = { type: 'element', tagName, properties: { ...properties }, children: [] }
  const root: Root = { type: 'root', children: [element] }
  rehypeResolveLinks(context)(root)
  return element.properties
}

/** The address of a link's destination node: angle brackets removed. */
export function urlText(state: EditorState, node: SyntaxNode): string {
  return state.sliceDoc(node.from, node.to).replace(/^<(.*)>$/, '$1')
}

/** The link at `pos`, if any: a Markdown link, an autolink, a bare address or a wiki link. */
export function linkAt(state: EditorState, pos: number): LinkTarget | undefined {
  const frontMatter = frontMatterSpan(state.doc)
  if (frontMatter && pos <= frontMatter.to) return undefined
  const wiki = wikiLinkAt(state, pos)
  if (wiki) return wiki
  const tree = syntaxTree(state)
  for (const side of [1, -1] as const) {
    for (let node: SyntaxNode | null = tree.resolveInner(pos, side); node; node = node.parent) {
      const target = targetOf(state, node)
      if (target) return target
    }
  }
  return undefined
}

function targetOf(state: EditorState, node: SyntaxNode): LinkTarget | undefined {
  if (node.name === 'URL' && node.parent?.name !== 'LinkReference')
    return { kind: 'url', url: urlText(state, node) }
  if (node.name !== 'Link' && node.name !== 'Autolink') return undefined
  const url = node.getChild('URL')
  if (url) return { kind: 'url', url: urlText(state, url) }
  const label = node.getChild('LinkLabel')
  if (label) return { kind: 'reference', label: state.sliceDoc(label.from + 1, label.to - 1) }
  return undefined
}

function wikiLinkAt(state: EditorState, pos: number): LinkTarget | undefined {
  const line = state.doc.lineAt(pos)
  for (const match of line.text.matchAll(WIKI_LINK)) {
    const from = line.from + match.index
    if (pos >= from && pos <= from + match[0].length) return { kind: 'wiki', name: match[1] ?? '' }
  }
  return undefined
}

/** The destination of a reference link's label, from the page's `[label]: destination` lines. */
function referenceUrl(state: EditorState, label: string): string | undefined {
  const wanted = normalizeLabel(label)
  let found: string | undefined
  syntaxTree(state).iterate({
    enter(node) {
      if (found !== undefined) return false
      if (node.name !== 'LinkReference') return node.name === 'Document'
      const name = node.node.getChild('LinkLabel')
      const url = node.node.getChild('URL')
      if (name && url && normalizeLabel(state.sliceDoc(name.from + 1, name.to - 1)) === wanted)
        found = urlText(state, url)
      return false
    },
  })
  return found
}

function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The address a link's target stands for, as the rendered page reads it; undefined for an unknown reference. */
function hrefOf(state: EditorState, target: LinkTarget): string | undefined {
  if (target.kind === 'wiki') return `${WIKI_SCHEME}${encodeURIComponent(target.name.trim())}`
  return target.kind === 'reference' ? referenceUrl(state, target.label) : target.url
}

/**
 * Whether a link leads to a file the space does not have, by the rendered page's rule (which draws it
 * red): only once the space's files are known, and never for an outside address.
 */
export function isMissing(state: EditorState, target: LinkTarget): boolean {
  const context = state.facet(livePreviewOptions).page()
  const href = context?.paths ? hrefOf(state, target) : undefined
  if (!context || href === undefined) return false
  if (isExternalTarget(href) && !href.startsWith('#') && !href.startsWith(WIKI_SCHEME)) return false
  const className = resolveElement('a', { href }, context).className
  return Array.isArray(className) && className.includes('broken')
}

/**
 * Opens a link: pages of the space (relative `.md` links, wiki links) in the app, outside addresses in
 * a new tab that cannot reach back to this one. A link to a missing page offers to write it.
 */
export function followLink(view: EditorView, target: LinkTarget): boolean {
  const options = view.state.facet(livePreviewOptions)
  const context = options.page()
  if (!context) return false
  const href = hrefOf(view.state, target)
  if (!href) return false
  if (isExternalTarget(href) && !href.startsWith('#') && !href.startsWith(WIKI_SCHEME)) {
    if (!OPENABLE.test(href.trim())) return false
    window.open(href.trim(), '_blank', 'noopener,noreferrer')
    return true
  }
  // A Markdown link to a missing file is followed all the same: it leads to the offer to write it.
  const resolved = resolveElement(
    'a',
    { href },
    href.startsWith(WIKI_SCHEME) ? context : { ...context, paths: undefined },
  )
  const isBroken = Array.isArray(resolved.className) && resolved.className.includes('broken')
  if (isBroken && target.kind === 'wiki') {
    const search = new URLSearchParams({ path: target.name.split('#')[0]?.trim() ?? '' })
    options.openInApp(
      `/s/${encodeURIComponent(context.org)}/${encodeURIComponent(context.space)}/new?${search}`,
    )
    return true
  }
  if (typeof resolved.href !== 'string' || isBroken) return false
  options.openInApp(resolved.href)
  return true
}

/** Follows the link under the cursor (Ctrl/Cmd+Enter). */
export function followLinkAtCursor(view: EditorView): boolean {
  const target = linkAt(view.state, view.state.selection.main.head)
  return target ? followLink(view, target) : false
}

/** Ctrl/Cmd+click on a link follows it instead of placing the cursor. */
export function followOnModClick(event: MouseEvent, view: EditorView): boolean {
  if (event.button !== 0 || !(event.ctrlKey || event.metaKey)) return false
  const pos = view.posAtCoords({ x: event.clientX, y: event.clientY })
  const target = pos === null ? undefined : linkAt(view.state, pos)
  if (!target) return false
  event.preventDefault()
  return followLink(view, target)
}
