import { type EditorView, WidgetType } from '@codemirror/view'
import { isExternalTarget } from '#shared/domain/links/paths.ts'
import { childrenNamed, type Decorations, type SyntaxNode } from './decorations.ts'
import { resolveElement, urlText } from './follow.ts'
import { livePreviewOptions } from './options.ts'

/** Images the app may load: the space's own files and inline `data:` images (its policy refuses others). */
const LOADABLE_OUTSIDE = /^data:image\//i

/** An image of the page, drawn after its source (which is hidden off the edited lines). */
class ImageWidget extends WidgetType {
  private readonly src: string | undefined
  private readonly alt: string
  private readonly title: string
  private readonly isBlock: boolean

  constructor(src: string | undefined, alt: string, title: string, isBlock: boolean) {
    super()
    this.src = src
    this.alt = alt
    this.title = title
    this.isBlock = isBlock
  }

  override eq(other: ImageWidget): boolean {
    return (
      other.src === this.src &&
      other.alt === this.alt &&
      other.title === this.title &&
      other.isBlock === this.isBlock
    )
  }

  toDOM(view: EditorView): HTMLElement {
    if (!this.src) return this.placeholder(view)
    const image = document.createElement('img')
    image.className = this.isBlock ? 'cm-lp-image cm-lp-image-block' : 'cm-lp-image'
    image.alt = this.alt
    if (this.title) image.title = this.title
    // Its size is known once loaded: the editor measures its lines again.
    image.addEventListener('load', () => view.requestMeasure())
    image.addEventListener('error', () => image.replaceWith(this.placeholder(view)))
    image.src = this.src
    return image
  }

  /** An image that cannot be shown: its description, from an attribute (so the line's text stays the file's). */
  private placeholder(view: EditorView): HTMLElement {
    const box = document.createElement('span')
    box.className = 'cm-lp-image-missing'
    box.dataset.alt = this.alt || this.src || '—'
    box.title = view.state.facet(livePreviewOptions).labels.imageNotLoaded
    box.setAttribute('role', 'img')
    box.setAttribute('aria-label', this.alt)
    return box
  }

  override ignoreEvent(): boolean {
    return false
  }
}

/** Where an image's file is served from, as the rendered page resolves it; none when it cannot load. */
function sourceOf(out: Decorations, url: string): string | undefined {
  const trimmed = url.trim()
  if (trimmed === '') return undefined
  if (isExternalTarget(trimmed)) return LOADABLE_OUTSIDE.test(trimmed) ? trimmed : undefined
  const context = out.state.facet(livePreviewOptions).page()
  if (!context) return undefined
  const src = resolveElement('img', { src: trimmed }, context).src
  return typeof src === 'string' && src !== '' ? src : undefined
}

/** Whether an image (or a link around it) is all its line holds, to be drawn as a block. */
function isAlone(out: Decorations, node: SyntaxNode): boolean {
  const line = out.state.doc.lineAt(node.from)
  const around = node.parent?.name === 'Link' ? node.parent : node
  return line.text.trim() === out.text(around.from, around.to).trim()
}

/** `![alt](file "title")`: the image drawn in place, its source hidden off the edited lines. */
export function image(node: SyntaxNode, out: Decorations): boolean {
  const [open, close] = childrenNamed(node, 'LinkMark')
  if (!open || !close) return false
  const url = node.getChild('URL')
  const title = node.getChild('LinkTitle')
  const widget = new ImageWidget(
    url ? sourceOf(out, urlText(out.state, url)) : undefined,
    out.text(open.to, close.from),
    title ? out.text(title.from + 1, title.to - 1) : '',
    isAlone(out, node),
  )
  out.widget(node.to, widget)
  if (!out.isRevealed(node.from, node.to)) out.hide(node.from, node.to)
  return false
}
