import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { resolveTarget, resolveWikiTarget, storedLinkPaths } from '../../domain/links.ts'
import { nextTurn } from '../../domain/next-turn.ts'
import { type WikiHealth, wikiHealth } from '../../domain/quality/health.ts'
import {
  decodeTerms,
  type Related,
  type RelatedGraph,
  type RelatedPage,
  relatedGraph,
  relatedIn,
  termFrequencies,
} from '../../domain/quality/related.ts'
import type { Locale } from '../../errors/catalog.ts'
import { DomainError, isDomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { IndexLink } from '../../ports/index-store.ts'
import type { Space } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type ReadyEmbedderDeps, readyEmbedder } from '../search/embedder-for.ts'
import { meaningSettled, type RequestIndexDeps, requestIndex } from '../search/index-space.ts'

export type HealthReportDeps = AccessSpaceDeps & HealthOfSpaceDeps

/** The wiki health report of a space (readers), from its index brought up to date first. */
export async function healthReport(
  deps: HealthReportDeps,
  actor: Actor,
  ref: SpaceRef,
  options: { months: number; limit: number },
): Promise<WikiHealth> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return await healthOfSpace(deps, space, options)
}

export type HealthOfSpaceDeps = RequestIndexDeps &
  StoredLinksDeps &
  Pick<Deps, 'clock' | 'store' | 'textIndex'>

/** The wiki health report of a space, whoever asks (background work such as routines). */
export async function healthOfSpace(
  deps: HealthOfSpaceDeps,
  space: Space,
  options: { months: number; limit: number },
): Promise<WikiHealth> {
  await requestIndex(deps, space)
  const files = await deps.store.index.forSpace(space.id).files()
  const pages = await Promise.all(
    files
      .filter((f) => f.kind === 'markdown')
      .map(async (f) => ({
        path: f.path,
        markdown: (await deps.textIndex.forSpace(space.id).text(f.path)) ?? '',
        lastChange: f.lastChange,
      })),
  )
  const allPaths = files.map((f) => f.path)
  return wikiHealth({
    pages,
    files: allPaths,
    links: await storedLinks(deps, space.id, allPaths),
    spaceReviewEvery: space.reviewEvery,
    now: deps.clock.now(),
    months: options.months,
    limit: options.limit,
  })
}

type StoredLink = { target: string; resolved: string | null; wiki: boolean }

type StoredLinksDeps = Pick<Deps, 'store'>

/** The space's link graph as the index keeps it, each link resolved against the files that exist now. */
async function storedLinks(
  deps: StoredLinksDeps,
  spaceId: number,
  allPaths: string[],
): Promise<Map<string, StoredLink[]>> {
  const existing = new Set(allPaths)
  const folders = new Set(
    allPaths.flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  )
  const byPage = new Map<string, StoredLink[]>()
  for (const link of await deps.store.index.forSpace(spaceId).links()) {
    // A link indexed before kinds were kept is told by its looks: a name, or a path.
    const wiki = link.wiki ?? (!link.target.includes('/') && !/\.[A-Za-z0-9]{1,8}$/.test(link.target))
    const relative = link.wiki ? undefined : resolveTarget(link.fromPath, link.target)
    const resolved =
      resolveStored(link, existing, allPaths) ??
      (relative && folders.has(relative.replace(/\/$/, '')) ? relative : null)
    byPage.set(link.fromPath, [...(byPage.get(link.fromPath) ?? []), { target: link.target, resolved, wiki }])
  }
  return byPage
}

/**
 * Where a stored link leads now: the page it was stored with while that exists, else its target
 * resolved again (a link stored while its target did not exist may point at a page created since).
 */
function resolveStored(link: IndexLink, existing: Set<string>, allPaths: string[]): string | undefined {
  return link.toPath && existing.has(link.toPath) ? link.toPath : resolveLink(link, existing, allPaths)
}

/**
 * Where a stored link leads among the pages that exist now, as the page view follows it: a Markdown
 * link's path exactly, a wiki link's name looked up across the space. A link of unknown kind (indexed
 * before kinds were kept) may be either.
 */
function resolveLink(link: IndexLink, existing: Set<string>, allPaths: string[]): string | undefined {
  const found = storedLinkPaths(link).find((path) => existing.has(path))
  if (found || link.wiki === false) return found
  return resolveWikiTarget(link.fromPath, link.target, allPaths)
}

/**
 * Each space's related-pages graph (TF-IDF vectors and links of every page), kept with the index
 * commit it was made at, and each page's term counts with the blob they came from: a space's pages
 * are read and weighed again only once its index moved on, and then only changed pages are counted
 * again. At 10,000 pages, making the graph took 300 ms of every page view.
 */
type KeptGraph = {
  commit: string | null
  /** Shared by the requests that come while it is made. */
  made: Promise<{ graph: RelatedGraph; terms: Map<string, { sha: string; words: Map<string, number> }> }>
}
const keptGraphs = new WeakMap<object, Map<number, KeptGraph>>()
/** The spaces whose graphs are kept, the most recently read ones. */
const KEPT_GRAPHS = 16

/**
 * How long related pages wait for the vectors of a page just written: on a small space they are
 * there; a large space being embedded answers with what it has meanwhile.
 */
const RELATED_MEANING_WAIT_MS = 3_000

export type RelatedToDeps = AccessSpaceDeps &
  RequestIndexDeps &
  ReadyEmbedderDeps &
  Pick<Deps, 'store' | 'textIndex' | 'vectorIndex'>

/**
 * Pages related to a page (readers): by meaning, words, links, shared links and folder. 404 for a
 * file that does not exist, 400 for one that is not a Markdown page.
 */
export async function relatedTo(
  deps: RelatedToDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  options: { limit: number; locale: Locale },
): Promise<Related[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const page = relativeToContent(contentPath(path))
  await meaningSettled(deps, space, RELATED_MEANING_WAIT_MS)
  const index = deps.store.index.forSpace(space.id)
  const file = await index.file(page)
  if (!file) throw new DomainError('not_found')
  if (file.kind !== 'markdown') throw new DomainError('related_not_markdown', { value: page.slice(0, 200) })
  const { meaning: hasMeaningIndex, commit } = await index.state()
  const graph = await spaceGraph(deps, space.id, commit)
  // A turn for the requests waiting meanwhile: a graph just made (its last step weighs every page at
  // once) and the first search of the space's meaning (its vectors read into memory) would otherwise
  // hold the event loop together, a quarter of a second at 10,000 pages.
  await nextTurn()
  let meaning: Map<string, number> | undefined
  // A provider whose vectors' size is not known yet, and cannot be asked now (down, its key refused),
  // leaves the related pages to links and words; any other failure (the database) is the request's.
  const unanswered = (error: unknown) => {
    if (isDomainError(error) && error.reason === 'embeddings_unavailable') return undefined
    throw error
  }
  const embedder = hasMeaningIndex ? await readyEmbedder(deps, space.orgId).catch(unanswered) : undefined
  if (embedder) {
    const vectors = deps.vectorIndex(embedder.dimensions)
    const own = await vectors.forSpace(space.id).pageVector(page)
    if (own) {
      meaning = new Map()
      for (const hit of await vectors.search(own, [space.id], 200)) {
        if (hit.path !== page && !meaning.has(hit.path)) meaning.set(hit.path, hit.score)
      }
    }
  }
  return relatedIn(graph, { page, meaning, limit: options.limit, locale: options.locale })
}

/** The space's related-pages graph at index commit `commit`: the kept one, or made again (see KeptGraph). */
async function spaceGraph(
  deps: Pick<Deps, 'store' | 'textIndex'>,
  spaceId: number,
  commit: string | null,
): Promise<RelatedGraph> {
  const kept = keptGraphs.get(deps.store) ?? new Map<number, KeptGraph>()
  keptGraphs.set(deps.store, kept)
  const before = kept.get(spaceId)
  // Read last: the first to go when more spaces are kept than KEPT_GRAPHS.
  kept.delete(spaceId)
  if (before && commit !== null && before.commit === commit) {
    kept.set(spaceId, before)
    return (await before.made).graph
  }
  // Kept at once, so a request arriving while the last graph is still being made waits for this one.
  const made =
    before?.made.catch(() => undefined).then((last) => makeGraph(deps, spaceId, last?.terms)) ??
    makeGraph(deps, spaceId, undefined)
  kept.set(spaceId, { commit, made })
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_GRAPHS) break
    kept.delete(oldest)
  }
  try {
    return (await made).graph
  } catch (error) {
    if (kept.get(spaceId)?.made === made) kept.delete(spaceId)
    throw error
  }
}

/** Pages whose texts are read and counted between two turns of the event loop (about 10 ms of work). */
const GRAPH_BATCH = 150

/** The graph of a space's pages as indexed now, counting again only the pages changed since `counted`. */
async function makeGraph(
  deps: Pick<Deps, 'store' | 'textIndex'>,
  spaceId: number,
  counted: Map<string, { sha: string; words: Map<string, number> }> | undefined,
): Promise<{ graph: RelatedGraph; terms: Map<string, { sha: string; words: Map<string, number> }> }> {
  const index = deps.store.index.forSpace(spaceId)
  const indexed = await index.files()
  const allPaths = indexed.map((f) => f.path)
  const existing = new Set(allPaths)
  const outgoing = new Map<string, string[]>()
  for (const link of await index.links()) {
    const to = resolveStored(link, existing, allPaths)
    if (to) outgoing.set(link.fromPath, [...(outgoing.get(link.fromPath) ?? []), to])
  }
  // The first graph since a start takes the counts indexing wrote (10,000 pages' texts counted again
  // took a second); later ones count the few pages changed since from their text, as do pages indexed
  // before the counts were kept.
  const written = counted ? undefined : new Map((await index.pageTerms()).map((row) => [row.path, row]))
  // Only the pages indexed now are kept: a removed page's counts go with it.
  const terms = new Map<string, { sha: string; words: Map<string, number> }>()
  const count = async (f: (typeof indexed)[number]): Promise<RelatedPage> => {
    let page = counted?.get(f.path)
    if (page?.sha !== f.sha) {
      const row = written?.get(f.path)
      const words = row?.sha === f.sha && row.terms !== null ? decodeTerms(row.terms) : undefined
      page = {
        sha: f.sha,
        words: words ?? termFrequencies((await deps.textIndex.forSpace(spaceId).text(f.path)) ?? ''),
      }
    }
    terms.set(f.path, page)
    return { path: f.path, title: f.title, words: page.words, links: outgoing.get(f.path) ?? [] }
  }
  // A batch at a time, letting other requests run between batches: read all at once, the texts of
  // 10,000 pages held the event loop 0.8 s, and every request of the app waited behind the first
  // page view's related pages.
  const markdown = indexed.filter((f) => f.kind === 'markdown')
  const pages: RelatedPage[] = []
  for (let start = 0; start < markdown.length; start += GRAPH_BATCH) {
    if (start > 0) await nextTurn()
    pages.push(...(await Promise.all(markdown.slice(start, start + GRAPH_BATCH).map(count))))
  }
  return { graph: relatedGraph(pages), terms }
}
