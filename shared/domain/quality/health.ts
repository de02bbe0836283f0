/**
 * The health report of a wiki: broken links, orphans, empty and untitled pages, pages not changed for a
 * long time, verifications past their review date and verified pages nobody owns. Pure: pages in, report out.
 */
import { freshnessOf } from '../freshness.ts'
import { splitFrontMatter } from '../front-matter.ts'
import { baseName } from '../links/paths.ts'
import { findLinks, resolveTarget, resolveWikiTarget } from '../links.ts'
import { closestNamed, type NamedPath, namedPaths } from './closest.ts'

export type HealthPage = { path: string; markdown: string; lastChange: number }

export type HealthInput = {
  pages: HealthPage[]
  /** Every file of the space (pages, images, PDFs...), so links to them are not broken; see wikiHealth. */
  files?: string[]
  /**
   * Each page's links, already resolved (from a link graph kept as files change); when absent they
   * are read from the pages' Markdown.
   */
  links?: Map<string, { target: string; resolved: string | null; wiki: boolean }[]>
  spaceReviewEvery: string
  now: number
  months: number
  limit: number
}

export type WikiHealth = {
  broken: { page: string; link: string; suggestion: string | null }[]
  orphans: string[]
  empty: string[]
  untitled: string[]
  stale: { page: string; date: string }[]
  due: { path: string; owner: string | null; verified: string | null; due: string }[]
  unowned: string[]
  counts: {
    broken: number
    orphans: number
    empty: number
    untitled: number
    stale: number
    due: number
    unowned: number
    verified: number
  }
}

/** A link of a page: as written, where it leads (null: nowhere), and whether it is a wiki link. */
export type PageLink = { target: string; resolved: string | null; wiki: boolean }

type Resolver = (path: string, markdown: string) => PageLink[]

/** Resolves the links of pages against one set of paths, built once for all the pages of a report. */
function linkResolver(allPaths: readonly string[]): Resolver {
  const known = new Set(allPaths)
  // A link to a folder (`guides/`) reaches something that exists, though no file.
  const folders = new Set<string>()
  for (const path of allPaths) {
    for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1))
      folders.add(path.slice(0, cut))
  }
  return (path, markdown) => {
    const out: PageLink[] = []
    const seen = new Set<string>()
    for (const link of findLinks(markdown)) {
      const wiki = link.kind === 'wiki'
      // The same words mean a name in a wiki link and a relative path in a Markdown link.
      const key = `${wiki ? 'w' : 'm'}:${link.target}`
      if (seen.has(key)) continue
      seen.add(key)
      const found = wiki ? resolveWikiTarget(path, link.target, allPaths) : resolveTarget(path, link.target)
      const resolved = found !== undefined && (known.has(found) || folders.has(found)) ? found : null
      out.push({ target: link.target, resolved, wiki })
    }
    return out
  }
}

/**
 * Gives the internal links of a page, each once, in source order: the target as written, the
 * content-relative path it reaches (null when nothing at that path exists) and its kind. Made once for
 * every file of the space (`allPaths`), then called for each of its pages.
 */
export function pageLinkResolver(allPaths: readonly string[]): Resolver {
  return linkResolver(allPaths)
}

// Entry pages are reached from the space's own navigation, not from links: never orphans.
const ENTRY_PAGE = /^(?:index|readme|home|_index)\.md$/i
const MARKDOWN = /\.md$/i
const OTHER_FILE = /\.[A-Za-z0-9]{1,8}$/
const FENCE = /^ {0,3}(?:```|~~~)/
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/
const TEXT = /[\p{L}\p{N}]/u

/** Whether a page has a level-one heading, and any text besides front matter, headings and HTML comments. */
function scanBody(body: string): { h1: boolean; text: boolean } {
  const rows = body.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/)
  let h1 = false
  let text = false
  let fenced = false
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? ''
    if (FENCE.test(row)) {
      fenced = !fenced
      continue
    }
    const atx = fenced ? null : ATX.exec(row)
    const underline = fenced || row.trim() === '' ? null : SETEXT.exec(rows[i + 1] ?? '')
    if (atx || underline) {
      if (atx?.[1] === '#' || underline?.[1]?.startsWith('=')) h1 = true
      if (underline) i++
    } else if (TEXT.test(row)) text = true
  }
  return { h1, text }
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The day `months` calendar months before `now`, in ms. */
function monthsBefore(now: number, months: number): number {
  const date = new Date(now)
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.getTime()
}

/**
 * The health report of a space's pages, each list sorted and cut to `limit`, counts before the cut.
 * Without `files`, links to non-Markdown files (images, PDFs) cannot be checked and are taken as working.
 */
export function wikiHealth(input: HealthInput): WikiHealth {
  const pagePaths = input.pages.map((page) => page.path)
  const allPaths = [...new Set([...pagePaths, ...(input.files ?? [])])]
  // Links already resolved need no resolver.
  const resolve = input.links ? undefined : linkResolver(allPaths)
  const staleBefore = monthsBefore(input.now, input.months)

  // Broken links are listed first, their suggestions found after the cut: finding one compares a name
  // with every page's (a space of 10,000 pages with thousands of broken links held the server minutes).
  const broken: { page: string; link: string; guess: string; otherFile: boolean }[] = []
  const linked = new Set<string>()
  const empty: string[] = []
  const untitled: string[] = []
  const stale: WikiHealth['stale'] = []
  const due: WikiHealth['due'] = []
  const unowned: string[] = []
  let verified = 0

  for (const page of [...input.pages].sort((a, b) => byText(a.path, b.path))) {
    for (const link of resolve ? resolve(page.path, page.markdown) : (input.links?.get(page.path) ?? [])) {
      if (link.resolved !== null) {
        if (link.resolved !== page.path) linked.add(link.resolved)
        continue
      }
      // Where the link meant to go: a wiki name is looked up from the root, a Markdown path from the page.
      const guess =
        (link.wiki ? undefined : resolveTarget(page.path, link.target)) ??
        link.target.trim().replace(/^\//, '')
      const otherFile = !MARKDOWN.test(guess) && OTHER_FILE.test(guess)
      if (otherFile && !input.files) continue
      broken.push({ page: page.path, link: link.target, guess, otherFile })
    }

    const { data: front, body: text } = splitFrontMatter(page.markdown)
    const body = scanBody(text)
    if (!body.text) empty.push(page.path)
    const title = typeof front.title === 'string' && front.title.trim() !== ''
    if (!body.h1 && !title) untitled.push(page.path)
    if (page.lastChange < staleBefore) stale.push({ page: page.path, date: day(page.lastChange) })

    const freshness = freshnessOf(front, input.spaceReviewEvery, input.now)
    if (freshness.state === 'verified') verified++
    if (freshness.stale && freshness.review_due) {
      due.push({
        path: page.path,
        owner: freshness.owner,
        verified: freshness.verified_at,
        due: freshness.review_due,
      })
    }
    if (freshness.verified_at && !freshness.owner) unowned.push(page.path)
  }

  const orphans = pagePaths.filter((path) => !linked.has(path) && !ENTRY_PAGE.test(baseName(path)))
  orphans.sort(byText)
  stale.sort((a, b) => byText(a.date, b.date) || byText(a.page, b.page))
  due.sort((a, b) => byText(a.due, b.due) || byText(a.path, b.path))

  const limit = Math.max(0, Math.floor(input.limit))
  return {
    broken: withSuggestions(broken.slice(0, limit), pagePaths, allPaths),
    orphans: orphans.slice(0, limit),
    empty: empty.slice(0, limit),
    untitled: untitled.slice(0, limit),
    stale: stale.slice(0, limit),
    due: due.slice(0, limit),
    unowned: unowned.slice(0, limit),
    counts: {
      broken: broken.length,
      orphans: orphans.length,
      empty: empty.length,
      untitled: untitled.length,
      stale: stale.length,
      due: due.length,
      unowned: unowned.length,
      verified,
    },
  }
}

/** A file's extension (of a file other than a page), lowercased; undefined for none. */
function extensionOf(path: string): string | undefined {
  return OTHER_FILE.exec(path)?.[0].toLowerCase()
}

/**
 * The broken links listed, each with the file it most likely meant: a broken image is best replaced
 * by another file of its kind, a broken page link by a page. Names are folded once for all, and one
 * target broken in many pages is looked up once.
 */
function withSuggestions(
  broken: { page: string; link: string; guess: string; otherFile: boolean }[],
  pagePaths: string[],
  allPaths: string[],
): WikiHealth['broken'] {
  let pages: NamedPath[] | undefined
  const byExtension = new Map<string | undefined, NamedPath[]>()
  const found = new Map<string, string | null>()
  return broken.map(({ page, link, guess, otherFile }) => {
    const key = `${otherFile ? 'file' : 'page'}:${guess}`
    let suggestion = found.get(key)
    if (suggestion === undefined) {
      let candidates: NamedPath[]
      if (otherFile) {
        const extension = extensionOf(guess)
        candidates =
          byExtension.get(extension) ?? namedPaths(allPaths.filter((path) => extensionOf(path) === extension))
        byExtension.set(extension, candidates)
      } else candidates = pages ??= namedPaths(pagePaths)
      suggestion = closestNamed(guess, candidates)
      found.set(key, suggestion)
    }
    return { page, link, suggestion }
  })
}
