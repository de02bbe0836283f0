import { chunkPage, chunkText } from '../../domain/chunks.ts'
import { CONTENT_DIR, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { splitFrontMatter } from '../../domain/front-matter.ts'
import { INDEX_CHUNKS_MAX, INDEX_TEXT_MAX_CHARS } from '../../domain/limits.ts'
import { baseName } from '../../domain/links/paths.ts'
import { ownTitle } from '../../domain/page-title.ts'
import { pageLinkResolver } from '../../domain/quality/health.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Embedder } from '../../ports/embedder.ts'
import type { Repo } from '../../ports/repo.ts'
import type { Chunk, IndexedFile } from '../../ports/search-index.ts'
import type { FileMeta, IndexLink, Space } from '../../ports/store.ts'
import { asText } from '../content/check-secrets.ts'
import { type ExtractedTextDeps, extractedText } from '../content/extracted-text.ts'
import { catchUpChanges } from '../inbox/change-log.ts'
import { QueueClosedError } from '../jobs/space-queue.ts'

/** How far back the indexer looks for when each file last changed. */
const HISTORY_LOOKBACK = 2_000
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

/** When each of `paths` last changed, walking history back from the tip (the tip's time for any not found). */
async function lastChanges(repo: Repo, head: string, paths: Set<string>): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  let current: string | undefined = head
  for (let steps = 0; current && found.size < paths.size && steps < HISTORY_LOOKBACK; steps++) {
    const [parent] = await repo.parents(current)
    const date = (await repo.commitInfo(current))?.date ?? 0
    for (const path of await repo.changedPaths(parent, current)) {
      if (paths.has(path) && !found.has(path)) found.set(path, date)
    }
    current = parent
  }
  return found
}

export type ReadyEmbedderDeps = EmbedderForDeps

/**
 * The embedder for an organization, with its dimensions known: a provider's are learnt from its
 * first answer, so it is asked once before anything is sized by them.
 */
export async function readyEmbedder(deps: ReadyEmbedderDeps, orgId: number): Promise<Embedder> {
  const embedder = await embedderFor(deps, orgId)
  if (embedder.dimensions === 0) await embedder.embed(['dimensions probe'])
  return embedder
}

export type EmbedderForDeps = Pick<Deps, 'cipher' | 'embedders' | 'store'>

/** The embedder for a space's organization: its provider, or the built-in local model. */
export async function embedderFor(deps: EmbedderForDeps, orgId: number): Promise<Embedder> {
  const settings = await deps.store.forOrg(orgId).embeddings.get()
  if (!settings) return deps.embedders.builtin
  return deps.embedders.provider({
    provider: settings.provider,
    model: settings.model,
    ...(settings.apiKey ? { apiKey: deps.cipher.open(settings.apiKey) } : {}),
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
  })
}

export type IndexReport = { changed: number; removed: number; files: number }

export type IndexSpaceDeps = LogChangesDeps &
  ExtractedTextDeps &
  IndexMeaningDeps &
  Pick<Deps, 'clock' | 'indexQueue' | 'repos' | 'store' | 'textIndex'>

/**
 * Brings a space's indexes (words, links, metadata, and meaning when enabled) up to its
 * repository's tip, reading only the files whose blob changed. Safe to run again: an index that
 * is up to date costs one listing of the tree.
 */
export async function indexSpace(deps: IndexSpaceDeps, space: Space): Promise<IndexReport> {
  const repo = deps.repos.open(space.id, space.branch)
  const head = await repo.head()
  await logChanges(deps, space, repo, head)
  const listing = (await repo.blobs(CONTENT_DIR)).filter((f) => !f.path.endsWith('/.gitkeep'))
  const current = new Map(listing.map((f) => [relativeToContent(f.path), f.sha]))
  const known = new Map((await deps.store.index.forSpace(space.id).shas()).map((f) => [f.path, f]))
  const changed = [...current].filter(([path, sha]) => known.get(path)?.sha !== sha).map(([path]) => path)
  const removed = [...known.keys()].filter((path) => !current.has(path))
  const allPaths = [...current.keys()]

  const dates =
    head && changed.length > 0
      ? await lastChanges(repo, head, new Set(changed.map((p) => `${CONTENT_DIR}/${p}`)))
      : new Map()
  const metas: FileMeta[] = []
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
      lastChange: dates.get(repoPath) ?? deps.clock.now(),
    })
    if (kind === 'markdown')
      for (const link of linksOf(path, text))
        links.push({ fromPath: path, target: link.target, toPath: link.resolved })
    if (text !== '' || !extracted) texts.push({ path, sha: file.sha, title, kind, text, extracted })
  }
  await deps.store.index.forSpace(space.id).upsert(metas, links)
  if (removed.length > 0) await deps.store.index.forSpace(space.id).remove(removed)
  await deps.textIndex.forSpace(space.id).upsert(texts)
  if (removed.length > 0) await deps.textIndex.forSpace(space.id).remove(removed)
  await deps.store.index.forSpace(space.id).setState({ commit: head ?? null })
  await indexMeaning(deps, space, texts, removed, allPaths)
  return { changed: changed.length, removed: removed.length, files: current.size }
}

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

type IndexMeaningDeps = ReadyEmbedderDeps &
  Pick<Deps, 'forgetVectors' | 'indexQueue' | 'store' | 'textIndex' | 'vectorIndex'>

/**
 * Keeps the space's vectors in step: the changed files are chunked and embedded; when the model
 * changed, everything is embedded again. Skipped when the space's meaning index is off.
 */
async function indexMeaning(
  deps: IndexMeaningDeps,
  space: Space,
  texts: IndexedFile[],
  removed: string[],
  allPaths: string[],
): Promise<void> {
  const state = await deps.store.index.forSpace(space.id).state()
  if (!state.meaning) return
  const embedder = await readyEmbedder(deps, space.orgId)
  const vectors = deps.vectorIndex(embedder.dimensions)
  let todo = texts
  if (state.embedderId !== embedder.id) {
    // Another model: vectors are not comparable, so the whole space is embedded afresh.
    await deps.forgetVectors(space.id)
    const files = await Promise.all(
      allPaths.map(async (path) => ({
        path,
        text: await deps.textIndex.forSpace(space.id).text(path),
        meta: await deps.store.index.forSpace(space.id).file(path),
      })),
    )
    todo = files.flatMap(({ path, text, meta }) => {
      return text !== undefined && meta
        ? [
            {
              path,
              sha: meta.sha,
              title: meta.title,
              kind: meta.kind as IndexedFile['kind'],
              text,
              extracted: meta.extracted,
            },
          ]
        : []
    })
  }
  if (removed.length > 0) await vectors.forSpace(space.id).remove(removed)
  /** Shutting down: the files not embedded yet are forgotten by the index, so the catch-up at the
   * next start sees them as changed and indexes them again, meaning included. */
  const stopAt = async (i: number) => {
    await deps.store.index.forSpace(space.id).remove(todo.slice(i).map((f) => f.path))
    return new QueueClosedError()
  }
  /** The next files from `start`, chunked, with their vectors on the way. */
  const group = (start: number): Group => {
    const chunks: Chunk[] = []
    let end = start
    while (end < todo.length && end - start < WRITE_FILES && chunks.length < EMBED_BATCH)
      chunks.push(...chunksOf(todo[end++]!))
    const vectors = embedder.embed(chunks.map((c) => `${c.heading}\n${c.text}`))
    // Awaited in turn below, unless a shutdown or a failure ends the loop first.
    vectors.catch(() => undefined)
    return { start, end, chunks, vectors }
  }
  // One group is embedded while the one before is written, so the model's threads never wait for the
  // writes, and a local model with several threads has a batch queued for each.
  let next = todo.length > 0 ? group(0) : undefined
  while (next) {
    const current = next
    if (deps.indexQueue.closing) throw await stopAt(current.start)
    next = current.end < todo.length ? group(current.end) : undefined
    const found = await current.vectors.catch(async (error: unknown) => {
      // The model was stopped under this call by a shutdown: leave the rest to the next start.
      throw deps.indexQueue.closing ? await stopAt(current.start) : error
    })
    const embedded: (Chunk & { vector: Float32Array })[] = []
    current.chunks.forEach((chunk, k) => {
      const vector = found[k]
      if (vector) embedded.push({ ...chunk, vector })
    })
    await vectors.forSpace(space.id).upsert(
      embedded,
      todo.slice(current.start, current.end).map((f) => f.path),
    )
  }
  await deps.store.index.forSpace(space.id).setState({
    embedderId: embedder.id,
    vectorsCommit: (await deps.store.index.forSpace(space.id).state()).commit,
  })
}

/** Per index queue, the request of each space still waiting for its turn. */
const pending = new WeakMap<object, Map<number, Promise<void>>>()

export type RequestIndexDeps = IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/**
 * Asks for a space to be indexed soon, in the background (after a write or a sync); resolves once
 * the index has caught up with the space as it is now. Requests made while one is waiting are merged
 * into it: it has not started, so it will see what they ask for.
 */
export function requestIndex(deps: RequestIndexDeps, space: Space): Promise<void> {
  const waiting = pending.get(deps.indexQueue) ?? new Map<number, Promise<void>>()
  pending.set(deps.indexQueue, waiting)
  const merged = waiting.get(space.id)
  if (merged) return merged
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
