import { isExternalTarget, resolveTarget, splitSuffix } from '#shared/domain/links/paths.ts'
import type { PageContext } from './resolve-links.ts'
import { existsInSpace } from './space-files.ts'

/**
 * An inline link's destination (`](target`), or a reference definition's (`]: target`, wherever it
 * stands: in a quote or a list too).
 */
const DESTINATION = /\]\(\s*<?([^\s)>]*)|\]:\s*<?([^\s>]*)/g

/** Whether the `]` at `close` ends an image's alt text (`![alt]`) rather than a link's text. */
function closesImage(text: string, close: number): boolean {
  let depth = 0
  for (let at = close - 1; at >= 0; at--) {
    const char = text[at]
    if (char === ']') depth++
    else if (char === '[') {
      if (depth === 0) return text[at - 1] === '!'
      depth--
    } else if (char === '\n' && text[at - 1] === '\n') return false
  }
  return false
}

/**
 * The destinations of a text's Markdown links (not images) that stay in the space, as written. A
 * cheap scan of the source, not a parse: it may find what only looks like a link (in a code block),
 * so as not to miss one.
 */
function* internalDestinations(text: string): Generator<string> {
  for (const match of text.matchAll(DESTINATION)) {
    const target = match[1] ?? match[2] ?? ''
    if (target === '' || isExternalTarget(target)) continue
    if (match[1] === undefined || !closesImage(text, match.index)) yield target
  }
}

/**
 * Whether a page's text may link to a file of its space: a wiki link, or a Markdown link (inline or by
 * reference) to neither an outside address nor an anchor of the page.
 */
export function hasInternalLink(text: string): boolean {
  if (text.includes('[[')) return true
  for (const _ of internalDestinations(text)) return true
  return false
}

/**
 * Whether knowing the space's files changes how a text is drawn: it has a wiki link (resolved among
 * them), or a link to a file the space does not have (marked broken). A page whose links all work is
 * not drawn again once its space's files are read.
 */
export function isChangedByPaths(text: string, context: PageContext): boolean {
  if (!context.paths) return false
  if (text.includes('[[')) return true
  for (const destination of internalDestinations(text)) {
    const target = resolveTarget(context.path, splitSuffix(destination).path)
    if (target !== undefined && !existsInSpace(context.paths, target)) return true
  }
  return false
}
