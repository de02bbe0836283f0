import { syntaxTree } from '@codemirror/language'
import { type EditorView, WidgetType } from '@codemirror/view'
import { WIKI_LINK } from '../../../markdown/wiki-links.ts'
import { childrenNamed, type Decorations, type SyntaxNode } from './decorations.ts'
import { followLink, isMissing, type LinkTarget, urlText } from './follow.ts'
import { livePreviewOptions } from './options.ts'

/** The small arrow after a link's text: a click on it follows the link. */
class FollowWidget extends WidgetType {
  private readonly target: LinkTarget

  constructor(target: LinkTarget) {
    super()
    this.target = target
  }

  override eq(other: FollowWidget): boolean {
    return JSON.stringify(other.target) === JSON.stringify(this.target)
  }

  toDOM(view: EditorView): HTMLElement {
    const arrow = document.createElement('span')
    arrow.className = 'cm-lp-follow'
    arrow.title = view.state.facet(livePreviewOptions).labels.openLink
    arrow.setAttribute('aria-hidden', 'true')
    arrow.addEventListener('mousedown', (event) => {
      event.preventDefault()
      followLink(view, this.target)
    })
    return arrow
  }

  override ignoreEvent(): boolean {
    return true
  }
}

/**
 * `[text](destination)` and `[text][label]`: the text shown as a link, the brackets and destination
 * hidden off the edited lines, with an arrow to follow it. A link whose text is an image (a badge)
 * gets no arrow: Ctrl/Cmd+click follows it.
 */
export function link(node: SyntaxNode, out: Decorations): void {
  const [open, close] = childrenNamed(node, 'LinkMark')
  if (!open || !close || close.to === node.to) return
  const url = node.getChild('URL')
  const label = node.getChild('LinkLabel')
  const target: LinkTarget | undefined = url
    ? { kind: 'url', url: urlText(out.state, url) }
    : label
      ? { kind: 'reference', label: out.text(label.from + 1, label.to - 1) }
      : undefined
  out.mark(open.to, close.from, linkClass(out, target))
  if (out.isRevealed(node.from, node.to)) return
  out.hide(node.from, open.to)
  out.hide(close.from, node.to)
  if (target && !isImageOnly(node, open.to, close.from)) out.widget(node.to, new FollowWidget(target))
}

/** A link's class: red and dashed, as on the rendered page, when the space has no file where it leads. */
function linkClass(out: Decorations, target: LinkTarget | undefined): string {
  return target && isMissing(out.state, target) ? 'cm-lp-link cm-lp-missing' : 'cm-lp-link'
}

function isImageOnly(node: SyntaxNode, from: number, to: number): boolean {
  const image = node.getChild('Image')
  return image !== null && image.from === from && image.to === to
}

/** `<https://…>`: the address shown as a link, its angle brackets hidden off the edited lines. */
export function autolink(node: SyntaxNode, out: Decorations): boolean {
  const url = node.getChild('URL')
  if (url) out.mark(url.from, url.to, 'cm-lp-link')
  if (!out.isRevealed(node.from)) for (const mark of childrenNamed(node, 'LinkMark')) out.hideNode(mark)
  return false
}

/** A bare address in the text: shown as a link (Ctrl/Cmd+click follows it). */
export function bareUrl(node: SyntaxNode, out: Decorations): void {
  const parent = node.parent?.name
  if (parent === 'Link' || parent === 'Image' || parent === 'Autolink' || parent === 'LinkReference') return
  out.mark(node.from, node.to, 'cm-lp-link')
}

/** Nodes inside which `[[…]]` is code or raw text, not a link. */
const NOT_TEXT = new Set([
  'InlineCode',
  'FencedCode',
  'CodeBlock',
  'HTMLBlock',
  'CommentBlock',
  'Comment',
  'HTMLTag',
  'URL',
])

/**
 * `[[Page]]` and `[[Page|label]]` on the lines of `from`–`to`: the name (or label) shown as a link,
 * the brackets and the name before a label hidden off the edited lines, with an arrow to follow it.
 */
export function wikiLinks(out: Decorations, from: number, to: number, skipTo: number): void {
  const { doc } = out.state
  const tree = syntaxTree(out.state)
  for (let n = doc.lineAt(from).number, last = doc.lineAt(to).number; n <= last; n++) {
    const line = doc.line(n)
    if (line.to <= skipTo || !line.text.includes('[[')) continue
    for (const match of line.text.matchAll(WIKI_LINK)) {
      const start = line.from + match.index
      if (isInside(tree.resolveInner(start, 1), NOT_TEXT)) continue
      wikiLink(out, start, match[0], match[1] ?? '', match[2])
    }
  }
}

function wikiLink(out: Decorations, start: number, source: string, name: string, label: string | undefined) {
  const end = start + source.length
  const textFrom = label === undefined ? start + 2 : start + 2 + name.length + 1
  const target: LinkTarget = { kind: 'wiki', name }
  out.mark(textFrom, end - 2, linkClass(out, target))
  if (out.isRevealed(start)) return
  out.hide(start, textFrom)
  out.hide(end - 2, end)
  out.widget(end, new FollowWidget(target))
}

function isInside(node: SyntaxNode | null, names: ReadonlySet<string>): boolean {
  for (let at = node; at; at = at.parent) if (names.has(at.name)) return true
  return false
}
