/** Rewriting link targets after a file moves, touching nothing but the targets themselves. */

import { findLinks, type LinkRef } from './find.ts'
import {
  baseName,
  encodeDestination,
  fold,
  percentDecode,
  relativeTarget,
  resolveTarget,
  splitSuffix,
  unescapeMarkdown,
} from './paths.ts'
import { couldName, resolveWikiTarget, wikiTargetFor } from './wiki.ts'

interface Edit {
  start: number
  end: number
  text: string
}

function applyEdits(markdown: string, edits: readonly Edit[]): string {
  let result = markdown
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
  }
  return result
}

// The caller may list the space's files from before or after the move; both views are derived from it.
function pathsBefore(allPaths: readonly string[], from: string, to: string): string[] {
  return [...new Set([...allPaths.filter((path) => path !== to), from])]
}

function pathsAfter(allPaths: readonly string[], from: string, to: string): string[] {
  return [...new Set([...allPaths.filter((path) => path !== from), to])]
}

/** The Markdown target written in `linkingPage` for `intended`, in the style of the link it replaces. */
function markdownTarget(markdown: string, link: LinkRef, linkingPage: string, intended: string): string {
  const { path, suffix } = splitSuffix(link.target)
  // The destination was written <like this>, so spaces and parentheses may stay as they are.
  const angle = markdown[link.start - 1] === '<'
  if (path.startsWith('/')) return `/${encodeDestination(intended, angle)}${suffix}`
  const relative = relativeTarget(linkingPage, intended, angle)
  const keepDot = path.startsWith('./') && !relative.startsWith('./') && !relative.startsWith('../')
  return (keepDot ? './' : '') + relative + suffix
}

/** The names wiki links write (`[[name]]`, `[[name|label]]`, `[[name#heading]]`), roughly: a quick test. */
const WIKI_NAMES = /\[\[([^\]|#\n]+)/g

/**
 * Whether a page could link to `path` at all, checked on the text before paying for a Markdown parse. Any
 * link to it spells its name without `.md`: as written in a wiki link (in any case, or as the title
 * that names the file: `[[Coding Standards]]` for coding-standards.md), or after escapes and
 * percent-encoding are undone in a Markdown link.
 */
function mayLinkTo(markdown: string, path: string): boolean {
  const name = baseName(path).replace(/\.md$/i, '')
  return (
    fold(markdown).includes(fold(name)) ||
    percentDecode(unescapeMarkdown(markdown)).includes(name) ||
    [...markdown.matchAll(WIKI_NAMES)].some((match) => couldName(match[1] ?? '', path))
  )
}

/** In page `pagePath`, points every link that resolves to `from` at `to`, leaving every other byte alone. */
export function rewriteLinksTo(
  markdown: string,
  pagePath: string,
  from: string,
  to: string,
  allPaths: readonly string[],
): string {
  if (from === to) return markdown
  // The moved page itself needs all its relative links recomputed, not just those to itself.
  if (pagePath === from) return rewriteOwnLinks(markdown, from, to, allPaths)
  if (!mayLinkTo(markdown, from)) return markdown
  const before = pathsBefore(allPaths, from, to)
  const after = pathsAfter(allPaths, from, to)
  const edits: Edit[] = []
  for (const link of findLinks(markdown)) {
    if (link.kind === 'wiki') {
      if (!couldName(link.target, from) || resolveWikiTarget(pagePath, link.target, before) !== from) continue
      const text = wikiTargetFor(pagePath, link.target, to, after)
      if (text !== undefined) edits.push({ start: link.start, end: link.end, text })
    } else if (resolveTarget(pagePath, link.target) === from) {
      edits.push({ start: link.start, end: link.end, text: markdownTarget(markdown, link, pagePath, to) })
    }
  }
  return applyEdits(markdown, edits)
}

/** Rewrites the moved page's own links so they reach the same files from `to` (self links reach `to`). */
export function rewriteOwnLinks(
  markdown: string,
  from: string,
  to: string,
  allPaths: readonly string[],
): string {
  if (from === to) return markdown
  const before = pathsBefore(allPaths, from, to)
  const after = pathsAfter(allPaths, from, to)
  const edits: Edit[] = []
  for (const link of findLinks(markdown)) {
    if (link.kind === 'wiki') {
      const target = resolveWikiTarget(from, link.target, before)
      if (target === undefined) continue
      const text = wikiTargetFor(to, link.target, target === from ? to : target, after)
      if (text !== undefined) edits.push({ start: link.start, end: link.end, text })
      continue
    }
    const resolved = resolveTarget(from, link.target)
    if (resolved === undefined) continue
    const target = resolved === from ? to : resolved
    // Still right from the new place (root-absolute, or a move within the folder): keep every byte.
    if (resolveTarget(to, link.target) === target) continue
    edits.push({ start: link.start, end: link.end, text: markdownTarget(markdown, link, to, target) })
  }
  return applyEdits(markdown, edits)
}

/**
 * The pages whose text changes when the file `from` moves to `to`, keyed by their path after the move, in the
 * order of `pages`. `pages` holds the Markdown pages by path before the move (the moved one included when it
 * is a page); `allPaths` every file of the space before the move.
 */
export function rewriteAfterMove(
  pages: ReadonlyMap<string, string>,
  from: string,
  to: string,
  allPaths: readonly string[],
): Map<string, string> {
  const changed = new Map<string, string>()
  if (from === to) return changed
  // The moved page is read against the files before the move, the pages linking to it against those after.
  const after = allPaths.map((path) => (path === from ? to : path))
  for (const [path, markdown] of pages) {
    const next =
      path === from
        ? rewriteOwnLinks(markdown, from, to, allPaths)
        : rewriteLinksTo(markdown, path, from, to, after)
    if (next !== markdown) changed.set(path === from ? to : path, next)
  }
  return changed
}
