import { syntaxTree } from '@codemirror/language'
import type { EditorState } from '@codemirror/state'
import { type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view'
import { fencedCode, indentedCode } from './code-blocks.ts'
import { Decorations, type SyntaxNode } from './decorations.ts'
import { frontMatterSpan } from './front-matter.ts'
import { atxHeading, setextHeading } from './headings.ts'
import { image } from './images.ts'
import { backslashEscape, emphasis, inlineCode } from './inline-marks.ts'
import { autolink, bareUrl, link, wikiLinks } from './links.ts'
import { filesRead, livePreviewOptions } from './options.ts'
import { blockquote, horizontalRule, linkReference, quoteMark, rawBlock } from './quotes-and-rules.ts'
import { focusEffect, focusState, revealedSpans, type Span, sameSpans } from './reveal.ts'
import { listMark, task } from './task-lists.ts'

/** What each kind of node becomes; `false` from a handler: its children need nothing more. */
type Handler = (node: SyntaxNode, out: Decorations) => unknown

const HANDLERS: Record<string, Handler> = {
  ATXHeading1: (node, out) => atxHeading(node, out, 1),
  ATXHeading2: (node, out) => atxHeading(node, out, 2),
  ATXHeading3: (node, out) => atxHeading(node, out, 3),
  ATXHeading4: (node, out) => atxHeading(node, out, 4),
  ATXHeading5: (node, out) => atxHeading(node, out, 5),
  ATXHeading6: (node, out) => atxHeading(node, out, 6),
  SetextHeading1: (node, out) => setextHeading(node, out, 1),
  SetextHeading2: (node, out) => setextHeading(node, out, 2),
  Emphasis: (node, out) => emphasis(node, out, 'EmphasisMark'),
  StrongEmphasis: (node, out) => emphasis(node, out, 'EmphasisMark'),
  Strikethrough: (node, out) => emphasis(node, out, 'StrikethroughMark'),
  InlineCode: inlineCode,
  Escape: backslashEscape,
  Link: link,
  Image: image,
  Autolink: autolink,
  URL: bareUrl,
  Blockquote: blockquote,
  QuoteMark: quoteMark,
  HorizontalRule: horizontalRule,
  FencedCode: fencedCode,
  CodeBlock: indentedCode,
  ListMark: listMark,
  Task: task,
  HTMLBlock: rawBlock,
  CommentBlock: rawBlock,
  LinkReference: linkReference,
  // Tables are drawn by the block widgets; while edited, their source lines line up in monospace.
  Table: (node, out) => {
    out.lines(node.from, node.to, 'cm-lp-table-source')
    return false
  },
}

/**
 * The inline part of the live preview over `ranges` (the visible ones): marks hidden, lines styled,
 * small widgets (checkboxes, images, link arrows). Only the syntax tree over those ranges is walked,
 * so the work per update follows the size of the screen, not of the page.
 */
export function buildInline(state: EditorState, ranges: readonly Span[]): DecorationSet {
  const out = new Decorations(state, revealedSpans(state))
  const frontMatter = frontMatterSpan(state.doc)
  const skipTo = frontMatter?.to ?? -1
  if (frontMatter && out.isRevealed(frontMatter.from, frontMatter.to))
    out.lines(frontMatter.from, frontMatter.to, 'cm-lp-frontmatter-source')
  const tree = syntaxTree(state)
  for (const { from, to } of ranges) {
    tree.iterate({
      from,
      to,
      enter(ref) {
        // The tree reads front matter as Markdown (a rule, a heading): it is the properties view's.
        if (ref.to <= skipTo) return false
        return HANDLERS[ref.name]?.(ref.node, out) !== false
      },
    })
    wikiLinks(out, from, to, skipTo)
  }
  return out.finish()
}

/** The inline decorations, computed again when the page, the screen, the parse or the edited lines change. */
export const inlinePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet
    private revealed: readonly Span[]
    private isDestroyed = false

    constructor(view: EditorView) {
      this.revealed = revealedSpans(view.state)
      this.decorations = buildInline(view.state, view.visibleRanges)
      // Turned on in an editor that already has the focus (from Source): the state is told.
      queueMicrotask(() => {
        if (!this.isDestroyed && view.hasFocus && !view.state.field(focusState, false))
          view.dispatch({ effects: focusEffect(true) })
      })
    }

    destroy() {
      this.isDestroyed = true
    }

    update(update: ViewUpdate) {
      const revealed = revealedSpans(update.state)
      if (
        update.docChanged ||
        update.viewportChanged ||
        syntaxTree(update.state) !== syntaxTree(update.startState) ||
        update.startState.facet(livePreviewOptions) !== update.state.facet(livePreviewOptions) ||
        update.transactions.some((tr) => tr.effects.some((effect) => effect.is(filesRead))) ||
        !sameSpans(revealed, this.revealed)
      ) {
        this.revealed = revealed
        this.decorations = buildInline(update.state, update.view.visibleRanges)
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
)
