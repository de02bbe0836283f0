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
import { couldNameAny, resolveWikiTarget, wikiTargetFor } from './wiki.ts'

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
 * Whether a page could link to one of `paths` at all, checked on the text before paying for a Markdown
 * parse. A wiki link names a file (in any case, with or without its folder, or by the title that names
 * it: `[[Coding Standards]]` for coding-standards.md), and a Markdown link spells its path, after
 * escapes and percent-encoding are undone: its name, or, for files that all sit in `folder`, linked
 * from outside it, that folder's name and a slash. Each page is folded once, whatever the number of paths.
 */
function mayLinkToAny(paths: readonly string[], folder?: string): (markdown: string) => boolean {
  const spelled =
    folder === undefined
      ? [...new Set(paths.map((path) => baseName(path).replace(/\.md$/i, '')))]
      : [`${baseName(folder)}/`]
  const folded = [...new Set(spelled.map(fold))]
  const wikiNames = couldNameAny(paths)
  return (markdown) => {
    const text = fold(markdown)
    if (folded.some((name) => text.includes(name))) return true
    const plain = percentDecode(unescapeMarkdown(markdown))
    if (spelled.some((name) => plain.includes(name))) return true
    for (const match of markdown.matchAll(WIKI_NAMES)) if (wikiNames(match[1] ?? '')) return true
    return false
  }
}

/**
 * Page `pagePath` after the files of `moves` (path before → path after) moved, itself among them or
 * not: its links to a moved file point at the new place, and a moved page's other relative links are
 * recomputed from its new folder. Wiki names are resolved among `before` and written for `after`, the
 * space's files before and after the moves. Every other byte is left alone.
 */
function rewritePage(
  markdown: string,
  pagePath: string,
  moves: ReadonlyMap<string, string>,
  before: readonly string[],
  after: readonly string[],
): string {
  const newPath = moves.get(pagePath) ?? pagePath
  const isMoved = newPath !== pagePath
  const edits: Edit[] = []
  for (const link of findLinks(markdown)) {
    if (link.kind === 'wiki') {
      const target = resolveWikiTarget(pagePath, link.target, before)
      if (target === undefined || (!isMoved && !moves.has(target))) continue
      const text = wikiTargetFor(newPath, link.target, moves.get(target) ?? target, after)
      if (text !== undefined) edits.push({ start: link.start, end: link.end, text })
      continue
    }
    const resolved = resolveTarget(pagePath, link.target)
    if (resolved === undefined || (!isMoved && !moves.has(resolved))) continue
    const target = moves.get(resolved) ?? resolved
    // Still right from the new place (root-absolute, or a move within the folder): keep every byte.
    if (resolveTarget(newPath, link.target) === target) continue
    edits.push({ start: link.start, end: link.end, text: markdownTarget(markdown, link, newPath, target) })
  }
  return applyEdits(markdown, edits)
}

/**
 * The rewrite of the pages when the files of `moves` (path before → path after: a folder's files)
 * move together, made once for them: given a page's path before the moves and its text, its text
 * after them, or undefined when they leave it as it is. Links between two moved files are kept right
 * too. `allPaths` holds every file of the space before the moves; `folder`, when the moves are those
 * of every file of a folder, is its path before: pages are then sifted for its name. The caller walks
 * the pages, and may let others work between two (a large space takes a second or more).
 */
export function moveRewriter(
  moves: ReadonlyMap<string, string>,
  allPaths: readonly string[],
  folder?: string,
): (path: string, markdown: string) => string | undefined {
  const moving = new Map([...moves].filter(([from, to]) => from !== to))
  if (moving.size === 0) return () => undefined
  // One list of paths before and one after, so that wiki names are looked up in one index of each.
  const before = [...new Set([...allPaths, ...moving.keys()])]
  const after = before.map((path) => moving.get(path) ?? path)
  const mayLink = mayLinkToAny([...moving.keys()], folder)
  return (path, markdown) => {
    if (!moving.has(path) && !mayLink(markdown)) return undefined
    const next = rewritePage(markdown, path, moving, before, after)
    return next === markdown ? undefined : next
  }
}
