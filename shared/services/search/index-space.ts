import { chunkPage, chunkText } from '../../domain/chunks.ts'
import { CONTENT_DIR, isPlaceholder, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { splitFrontMatter } from '../../domain/front-matter.ts'
import { INDEX_CHUNKS_MAX, INDEX_TEXT_MAX_CHARS } from '../../domain/limits.ts'
import { baseName } from '../../domain/links/paths.ts'
import { ownTitle } from '../../domain/page-title.ts'
import { pageLinkResolver } from '../../domain/quality/health.ts'
import { encodeTerms, pageTermFrequencies } from '../../domain/quality/related.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Repo } from '../../ports/repo.ts'
import type { Chunk, IndexedFile } from '../../ports/search-index.ts'
import type { IndexedMeta, IndexLink, Space } from '../../ports/store.ts'
import { asText } from '../content/check-secrets.ts'
import { type ExtractedTextDeps, extractedText } from '../content/extracted-text.ts'
import { catchUpChanges } from '../inbox/change-log.ts'
import { QueueClosedError } from '../jobs/space-queue.ts'
import { type ReadyEmbedderDeps, readyEmbedder } from './embedder-for.ts'
import { changesFromIndex, changesSinceIndexed, lastChanges } from './index-changes.ts'
import { retryMeaningLater } from './meaning-retry.ts'

/** Chunks embedded per call to the embedder, about: a group of files stops once it has this many. */
const EMBED_BATCH = 64
/** Most files whose vectors are written together. */
const WRITE_FILES = 64

/** Files of a space whose vectors are computed and written together. */
type Group = { start: number; end: number; chunks: Chunk[]; vectors: Promise<Float32Array[]> }

/** The chunks of a file that are embedded: its sections, or its text for other kinds of file. */
function chunksOf(file: IndexedFile): Chunk[] {
  const chunks =
    file.kind === 'markdown'
      ? chunkPage(file.path, file.text)
      : file.text.trim()
        ? chunkText(file.path, file.text)
        : []
  return chunks.slice(0, INDEX_CHUNKS_MAX)
}

/**
 * The part of a file's text the indexes take: its first INDEX_TEXT_MAX_CHARS characters, not ending
 * inside a character written as two UTF-16 units.
 */
export function indexedPart(text: string): string {
  if (text.length <= INDEX_TEXT_MAX_CHARS) return text
  const end = /[\uD800-\uDBFF]/.test(text[INDEX_TEXT_MAX_CHARS - 1] ?? '')
    ? INDEX_TEXT_MAX_CHARS - 1
    : INDEX_TEXT_MAX_CHARS
  return text.slice(0, end)
}

/** Files read again and taken out; `files`, the space's files where the tree was listed (0 where not). */
export type IndexReport = { changed: number; removed: number; files: number }

export type IndexSpaceDeps = LogChangesDeps &
  ExtractedTextDeps &
  FillMeaningDeps &
  Pick<Deps, 'clock' | 'indexQueue' | 'repos' | 'store' | 'textIndex'>

/**
 * Brings a space's indexes (words, links, metadata, and meaning when enabled) up to its
 * repository's tip, reading only the files whose blob changed. Safe to run again: an index that
 * is up to date costs a look at the commit it holds. With `everyFile`, every file is read again and
 * replaced where it stands, and whatever the indexes hold of a file no longer there goes.
 */
export async function indexSpace(
  deps: IndexSpaceDeps,
  space: Space,
  { everyFile = false }: { everyFile?: boolean } = {},
): Promise<IndexReport> {
  const repo = deps.repos.open(space.id, space.branch)
  const head = await repo.head()
  await logChanges(deps, space, repo, head)
  // Read again as they stand, files keep the date of their last change when it lies beyond the commits
  // looked at: their blob says they did not change since the index read it.
  const indexed = everyFile ? await deps.store.index.forSpace(space.id).files() : undefined
  const kept = new Map((indexed ?? []).map((f) => [f.path, f]))
  const { commit: indexedCommit } = await deps.store.index.forSpace(space.id).state()
  const since = indexed ? undefined : await changesSinceIndexed(repo, indexedCommit, head)
  // The tree is listed to compare every file, or to resolve the links of the pages read.
  const listing =
    since?.changed.length === 0 ? [] : (await repo.blobs(CONTENT_DIR)).filter((f) => !isPlaceholder(f.path))
  const allPaths = listing.map((f) => relativeToContent(f.path))
  const { changed, removed } = since ?? (await changesFromIndex(deps, space, listing, indexed))

  const dates =
    head && changed.length > 0
      ? await lastChanges(repo, head, new Set(changed.map((p) => `${CONTENT_DIR}/${p}`)))
      : new Map()
  // Documents whose text can no longer be read: the words read from them before go.
  const unread: string[] = []
  const metas: IndexedMeta[] = []
  const links: IndexLink[] = []
  const texts: IndexedFile[] = []
  // Set up once for all the changed pages; an index already up to date skips it.
  const linksOf = changed.length > 0 ? pageLinkResolver(allPaths) : () => []
  for (const path of changed) {
    // Shutting down: nothing is written yet, and the catch-up at the next start does it all.
    if (deps.indexQueue.closing) throw new QueueClosedError()
    const repoPath = `${CONTENT_DIR}/${path}`
    const file = await repo.read(repoPath)
    if (!file) continue
    const kind = kindOf(path)
    const extracted = kind === 'document' || kind === 'image'
    const text = indexedPart(
      extracted
        ? ((await extractedText(deps, file.sha, file.bytes, path)) ?? '')
        : (asText(file.bytes) ?? ''),
    )
    const { data: front, body } = kind === 'markdown' ? splitFrontMatter(text) : { data: {}, body: text }
    const field = (key: string) =>
      front[key] instanceof Date
        ? (front[key] as Date).toISOString().slice(0, 10)
        : typeof front[key] === 'string'
          ? (front[key] as string)
          : null
    // A page without a title of its own is named by its file name, without the extension.
    const title =
      kind === 'markdown' ? ownTitle(front, body) || baseName(path).replace(/\.[^.]+$/, '') : baseName(path)
    metas.push({
      path,
      sha: file.sha,
      title,
      kind: asText(file.bytes) === undefined && !extracted ? 'binary' : kind,
      extracted,
      owner: field('owner'),
      verified: field('verified'),
      reviewEvery: field('review_every'),
      lastChange:
        dates.get(repoPath) ??
        (kept.get(path)?.sha === file.sha ? kept.get(path)?.lastChange : undefined) ??
        deps.clock.now(),
      size: file.bytes.length,
      // Counted once here, what related pages are made of, rather than from every page's text after a start.
      terms: kind === 'markdown' ? encodeTerms(pageTermFrequencies(front, body)) : null,
    })
    if (kind === 'markdown')
      for (const link of linksOf(path, text))
        links.push({ fromPath: path, target: link.target, toPath: link.resolved, wiki: link.wiki })
    if (text !== '' || !extracted) texts.push({ path, sha: file.sha, title, kind, text, extracted })
    else if (everyFile) unread.push(path)
  }
  // Texts before the files' rows: the meaning fill, in a lane of its own, embeds a file its row says
  // is new and reads its text then. Rows first, it could read no text yet, and mark the file embedded
  // with no vector for good (a page then missing from search by meaning until its next change).
  // In batches of files, the thread let go between them: one transaction of 10,000 pages would hold
  // every other request for over a second. A file's text goes before its row, in its batch.
  const linksFrom = Map.groupBy(links, (link) => link.fromPath)
  const textOf = new Map(texts.map((text) => [text.path, text]))
  for (let start = 0; start < metas.length; start += UPSERT_BATCH) {
    if (start > 0) await letOthersRun()
    const batch = metas.slice(start, start + UPSERT_BATCH)
    await deps.textIndex.forSpace(space.id).upsert(batch.flatMap((meta) => textOf.get(meta.path) ?? []))
    await deps.store.index.forSpace(space.id).upsert(
      batch,
      batch.flatMap((meta) => linksFrom.get(meta.path) ?? []),
    )
  }
  if (removed.length > 0) await deps.store.index.forSpace(space.id).remove(removed)
  if (removed.length > 0 || unread.length > 0)
    await deps.textIndex.forSpace(space.id).remove([...removed, ...unread])
  // Already at the tip, the index is left unwritten (a write empties the caches kept while there is none).
  if (!(since && indexedCommit === head))
    await deps.store.index.forSpace(space.id).setState({ commit: head ?? null })
  // Vectors follow in a lane of their own: these words are searchable now, whatever the model's pace.
  if ((await deps.store.index.forSpace(space.id).state()).meaning) void requestMeaning(deps, space, removed)
  return { changed: changed.length, removed: removed.length, files: allPaths.length }
}

/**
 * Files written to the indexes in one transaction. Each file holds the thread about half a
 * millisecond (its words, row and links): 500 a batch held it 250–430 ms at a time through a push of
 * 10,000 pages, 100 holds it under 100 ms, and the whole is no slower.
 */
const UPSERT_BATCH = 100

/** Lets the requests waiting for the thread run before the next batch. */
const letOthersRun = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

type LogChangesDeps = Pick<Deps, 'store'>

/**
 * Brings the space's change log (what the inbox reports as changed pages) up to the tip, however
 * many commits a push or a sync brought, so requests only ever read the last few.
 */
async function logChanges(
  deps: LogChangesDeps,
  space: Space,
  repo: Repo,
  head: string | undefined,
): Promise<void> {
  const store = deps.store.forOrg(space.orgId).space(space.id)
  const { changeBase } = await store.git.get()
  if (changeBase) await catchUpChanges(repo, store.marks, head, changeBase)
}

export type FillMeaningDeps = ReadyEmbedderDeps &
  Pick<Deps, 'clock' | 'forgetVectors' | 'indexQueue' | 'store' | 'textIndex' | 'vectorIndex'>

/**
 * Brings the space's vectors up to its index of words: the files whose vectors are missing or older
 * than their blob are chunked and embedded, a batch at a time, and each batch is recorded as done,
 * so a fill stopped by a shutdown or a crash goes on from where it was at the next start. When the
 * model changed, everything is embedded again. Skipped when the space's meaning index is off.
 */
async function fillMeaning(deps: FillMeaningDeps, space: Space, removed: string[]): Promise<void> {
  const index = deps.store.index.forSpace(space.id)
  const state = await index.state()
  if (!state.meaning) return
  const embedder = await readyEmbedder(deps, space.orgId)
  const vectors = deps.vectorIndex(embedder.dimensions).forSpace(space.id)
  if (state.embedderId !== embedder.id) {
    // Another model: vectors are not comparable, so the whole space is embedded afresh.
    await deps.forgetVectors(space.id)
    await index.forgetEmbedded()
    await index.setState({ embedderId: embedder.id, vectorsCommit: null })
  } else {
    // Until a fill has ended (after a rebuild, say), the vectors of files no longer indexed go too:
    // the files a fill is asked to forget are kept in memory, and lost if the process stops first.
    const indexed = state.vectorsCommit === null && new Set((await index.shas()).map((f) => f.path))
    const stale = indexed ? (await vectors.paths()).filter((path) => !indexed.has(path)) : []
    const gone = [...new Set([...removed, ...stale])]
    if (gone.length > 0) await vectors.remove(gone)
  }
  const texts = deps.textIndex.forSpace(space.id)
  /** The next files from `start`, chunked, with their vectors on the way. */
  const group = (files: IndexedFile[], start: number): Group => {
    const chunks: Chunk[] = []
    let end = start
    while (end < files.length && chunks.length < EMBED_BATCH) chunks.push(...chunksOf(files[end++]!))
    const found = embedder.embed(chunks.map((c) => `${c.heading}\n${c.text}`))
    // Awaited in turn below, unless a shutdown or a failure ends the loop first.
    found.catch(() => undefined)
    return { start, end, chunks, vectors: found }
  }
  for (;;) {
    if (deps.indexQueue.closing) throw new QueueClosedError()
    const waiting = await index.unembedded(WRITE_FILES)
    if (waiting.length === 0) break
    const metas = new Map((await index.filesAt(waiting.map((f) => f.path))).map((m) => [m.path, m]))
    const files = await Promise.all(
      waiting.map(async ({ path, sha }): Promise<IndexedFile> => {
        const meta = metas.get(path)
        const kind = (meta?.kind ?? 'binary') as IndexedFile['kind']
        const text = kind === 'binary' ? '' : ((await texts.text(path)) ?? '')
        return { path, sha, title: meta?.title ?? path, kind, text, extracted: meta?.extracted ?? false }
      }),
    )
    // One group is embedded while the one before is written, so the model's threads never wait for
    // the writes, and a local model with several threads has a batch queued for each.
    let next: Group | undefined = group(files, 0)
    while (next) {
      const current: Group = next
      if (deps.indexQueue.closing) throw new QueueClosedError()
      next = current.end < files.length ? group(files, current.end) : undefined
      const found = await current.vectors.catch((error: unknown) => {
        // The model was stopped under this call by a shutdown: the next start goes on from here.
        throw deps.indexQueue.closing ? new QueueClosedError() : error
      })
      const embedded: (Chunk & { vector: Float32Array })[] = []
      current.chunks.forEach((chunk, k) => {
        const vector = found[k]
        if (vector) embedded.push({ ...chunk, vector })
      })
      const done = files.slice(current.start, current.end)
      await vectors.upsert(
        embedded,
        done.map((f) => f.path),
      )
      await index.markEmbedded(done.map(({ path, sha }) => ({ path, sha })))
    }
  }
  await index.setState({ vectorsCommit: (await index.state()).commit })
}

/**
 * The key of a space's meaning fill in the index queue: a lane of its own, so the words and links
 * of pages written meanwhile never wait behind a long fill. Space ids are positive, so the id negated
 * names no space; with several instances, it also names the fill's own lock.
 */
const meaningLane = (spaceId: number) => -spaceId

/** What a key of the index queue names: a space's words and links, or its meaning fill. */
export function indexLane(key: number): { spaceId: number; part: 'words' | 'meaning' } {
  return key < 0 ? { spaceId: -key, part: 'meaning' } : { spaceId: key, part: 'words' }
}

/** Per index queue, each space's fills that failed in a row: each retry waits longer (meaning-retry.ts). */
const failedFills = new WeakMap<object, Map<number, number>>()

/** Per index queue, the files removed since each space's waiting fill was asked for. */
const removals = new WeakMap<object, Map<number, Set<string>>>()

/**
 * Asks for the space's vectors to be brought up to its words in the background, forgetting those of
 * `removed` files; resolves once done (or failed: the files stay waiting for the next fill, which a
 * job asks for after a while if no change of the space does first).
 */
function requestMeaning(deps: FillMeaningDeps, space: Space, removed: string[]): Promise<void> {
  const gone = ofQueue(removals, deps.indexQueue)
  const paths = gone.get(space.id) ?? new Set<string>()
  gone.set(space.id, paths)
  for (const path of removed) paths.add(path)
  const waiting = ofQueue(pending, deps.indexQueue)
  const failures = ofQueue(failedFills, deps.indexQueue)
  const lane = meaningLane(space.id)
  const merged = waiting.get(lane)
  if (merged !== undefined) return merged
  const request = deps.indexQueue
    .run(lane, async () => {
      waiting.delete(lane)
      const taken = [...paths]
      paths.clear()
      try {
        const fresh = (await deps.store.spaceById(space.id))?.space
        if (fresh) await fillMeaning(deps, fresh, taken)
        failures.delete(space.id)
      } catch (error) {
        for (const path of taken) paths.add(path)
        if (!deps.indexQueue.closing) {
          const failed = failures.get(space.id) ?? 0
          failures.set(space.id, failed + 1)
          await retryMeaningLater(deps, space.id, failed)
        }
        throw error
      }
    })
    .catch(() => undefined)
  waiting.set(lane, request)
  ofQueue(fills, deps.indexQueue).set(space.id, request)
  return request
}

/** The fill a retry job asks for (see meaning-retry.ts): the space's, if it is still there with its index on. */
export async function refillMeaning(deps: FillMeaningDeps, spaceId: number): Promise<void> {
  const found = await deps.store.spaceById(spaceId)
  const on = found && (await deps.store.index.forSpace(spaceId).state()).meaning
  if (on) await requestMeaning(deps, found.space, [])
}

/** Per index queue, each space's last fill asked for: it ends after any before it. */
const fills = new WeakMap<object, Map<number, Promise<void>>>()

/**
 * Waits for the space's meaning fill, if one is asked for or running, at most `ms` milliseconds:
 * what asks for vectors right after a change (related pages, turning the index on) gets them on a
 * small space, and what is there so far on a large one.
 */
export async function meaningSettled(deps: RequestIndexDeps, space: Space, ms: number): Promise<void> {
  await requestIndex(deps, space)
  const fill = ofQueue(fills, deps.indexQueue).get(space.id)
  if (fill === undefined) return
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([fill, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

/** Per index queue, the request of each space (and of each space's meaning fill) still waiting for its turn. */
const pending = new WeakMap<object, Map<number, Promise<void>>>()

/** The entries one of these per-queue maps keeps for `queue`, made on first use. */
function ofQueue<V>(maps: WeakMap<object, Map<number, V>>, queue: object): Map<number, V> {
  const found = maps.get(queue) ?? new Map<number, V>()
  maps.set(queue, found)
  return found
}

export type RequestIndexDeps = IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/**
 * Asks for a space to be indexed soon, in the background (after a write or a sync); resolves once
 * the index has caught up with the space as it is now. Requests made while one is waiting are merged
 * into it: it has not started, so it will see what they ask for.
 */
export function requestIndex(deps: RequestIndexDeps, space: Space): Promise<void> {
  const waiting = ofQueue(pending, deps.indexQueue)
  const merged = waiting.get(space.id)
  if (merged !== undefined) return merged
  const request = deps.indexQueue
    .run(space.id, async () => {
      waiting.delete(space.id)
      const fresh = (await deps.store.spaceById(space.id))?.space
      if (fresh) await indexSpace(deps, fresh)
    })
    .catch(() => undefined)
  waiting.set(space.id, request)
  return request
}
