import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import {
  baseName,
  folderOf,
  isExternalTarget,
  resolveTarget,
  splitSuffix,
} from '#shared/domain/links/paths.ts'
import { fileNamedByTitle, resolveWikiTarget } from '#shared/domain/links/wiki.ts'
import { encodePath, rawUrl } from '../app/api.ts'
import { safeDecode } from './safe-decode.ts'
import { existsInSpace } from './space-files.ts'
import { WIKI_SCHEME } from './wiki-links.ts'

/** Where a page sits, so its relative links and images resolve inside its space. */
export type PageContext = {
  org: string
  space: string
  /** The page's path under `content/`. */
  path: string
  /**
   * Every file of the space, to resolve wiki links like the server does and to mark links to missing
   * files; absent (not read yet, or the page has no such link): best guess, nothing marked missing.
   */
  paths?: readonly string[]
}

/** The app's address of a file of a space. */
/** The prefix the sanitizer gives every id of a rendered page (GitHub's own). */
export const HEADING_ID_PREFIX = 'user-content-'

export function pageHref(org: string, space: string, path: string): string {
  return `/s/${encodeURIComponent(org)}/${encodeURIComponent(space)}/page/${encodePath(path)}`
}

function wikiTarget(context: PageContext, name: string): string | undefined {
  const [target = ''] = name.split('#')
  if (context.paths) return resolveWikiTarget(context.path, target, context.paths)
  return target.endsWith('.md') ? target : `${target}.md`
}

/**
 * A rehype plugin: links between pages open in the app, wiki links are resolved, a link to a file the
 * space does not have is marked `broken` (it leads to the offer to write that page), anchors stay on
 * the page, relative images load from the space's raw files, and outside links open in a new tab
 * without giving it this page.
 */
export function rehypeResolveLinks(context: PageContext) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string') resolveAnchor(node, context)
      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        const src = node.properties.src
        if (!isExternalTarget(src)) {
          const target = resolveTarget(context.path, splitSuffix(src).path)
          node.properties.src = target ? rawUrl(context.org, context.space, target) : ''
        }
        node.properties.loading = 'lazy'
      }
    })
  }
}

function resolveAnchor(node: Element, context: PageContext): void {
  const href = node.properties.href as string
  // A link that leads nowhere stays on the page it is in.
  const here = pageHref(context.org, context.space, context.path)
  if (href.startsWith(WIKI_SCHEME)) {
    // A hand-written `wiki:` address may not decode: it leads nowhere, like a missing page.
    const name = safeDecode(href.slice(WIKI_SCHEME.length))
    const target = name === undefined ? undefined : wikiTarget(context, name)
    node.properties.href = target ? pageHref(context.org, context.space, target) : missingHref(context, name)
    if (!target) node.properties.className = ['broken']
    // Its address is a guess until the space's files are read: a click before waits for them.
    else if (!context.paths && name !== undefined) node.properties.dataWiki = name
    return
  }
  // The app's `<base href="/">` would send a bare `#anchor` to the app's root: keep it on this page.
  if (href.startsWith('#')) {
    node.properties.href = `${here}${toSection(href)}`
    return
  }
  if (isExternalTarget(href)) {
    node.properties.target = '_blank'
    node.properties.rel = ['noopener', 'noreferrer']
    return
  }
  const { path, suffix } = splitSuffix(href)
  const target = resolveTarget(context.path, path)
  node.properties.href = target ? `${pageHref(context.org, context.space, target)}${toSection(suffix)}` : here
  // Missing: no file or folder at that exact path, as the server's link graph resolves a Markdown link.
  if (!target || (context.paths && !existsInSpace(context.paths, target)))
    node.properties.className = ['broken']
}

/** Where a wiki link `[[name]]` of a page leads, once the space's files are known. */
export function wikiHref(context: PageContext & { paths: readonly string[] }, name: string): string {
  const target = wikiTarget(context, name)
  return target ? pageHref(context.org, context.space, target) : missingHref(context, name)
}

/**
 * Where a wiki link to a page nobody wrote leads: the page the app would make from its name, beside
 * the linking page (`[[Deploy Guide]]` → `deploy-guide.md`), with the name as the title to start from;
 * the linking page itself when the name makes no file name.
 */
function missingHref(context: PageContext, name: string | undefined): string {
  const [wanted = ''] = (name ?? '').split('#')
  const title = wanted.trim().replace(/^\//, '')
  const named = fileNamedByTitle(title)
  if (named === undefined) return pageHref(context.org, context.space, context.path)
  const folder = folderOf(context.path)
  const path = title.includes('/') || folder === '' ? named : `${folder}/${named}`
  return `${pageHref(context.org, context.space, path)}?title=${encodeURIComponent(baseName(title))}`
}

/**
 * A link's `#section` as the id its heading has once rendered: the sanitizer prefixes every id of a
 * page (so none can shadow a global of the app), and the links to them follow.
 */
function toSection(suffix: string): string {
  const hash = suffix.indexOf('#')
  if (hash === -1 || suffix.length === hash + 1) return suffix
  const section = suffix.slice(hash + 1)
  return section.startsWith(HEADING_ID_PREFIX)
    ? suffix
    : `${suffix.slice(0, hash)}#${HEADING_ID_PREFIX}${section}`
}
