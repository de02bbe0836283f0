import { type Chunk, chunkPage } from '../../../domain/chunks.ts'
import { cosine } from '../../../domain/cosine.ts'
import type { WeighedPage } from '../../../domain/filer/confidence.ts'
import { meaningQuestions } from '../../../domain/filer/meaning-questions.ts'
import { noteMeaning } from '../../../domain/filer/note-meaning.ts'
import { noteTitle } from '../../../domain/filer/page-text.ts'
import { meaningCandidates, type PageIndex } from '../../../domain/filer/plan.ts'
import type { FilerNote, FilingInput, NoteMeaning } from '../../../domain/filer/types.ts'
import { pagesByMeaning } from '../../../domain/search/meaning-pages.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Embedder } from '../../../ports/embedder.ts'
import type { Space } from '../../../ports/store.ts'
import { type EmbedderForDeps, embedderFor } from '../../search/embedder-for.ts'

/**
 * Most chunks the filer embeds itself in one run, for candidate pages whose vectors the space's meaning
 * index does not hold (a space still filling in, its index off, or holding a lexical model's vectors):
 * about three seconds of the built-in transformer on one thread.
 */
export const FILER_EMBED_BUDGET = 128
/** Chunks asked of the index for the pages nearest a note in meaning. */
const NEAREST_CHUNKS = 20

type IndexedEmbedderDeps = EmbedderForDeps & Pick<Deps, 'store'>

/** The model whose vectors the space's index holds, if the index is on and holds this model's. */
async function indexedEmbedder(deps: IndexedEmbedderDeps, space: Space): Promise<Embedder | undefined> {
  const state = await deps.store.index.forSpace(space.id).state()
  if (!state.meaning || !state.embedderId) return undefined
  const embedder = await embedderFor(deps, space.orgId)
  return embedder.id === state.embedderId ? embedder : undefined
}

/** Candidate paths of every note, the best of each note first, then the second of each, and so on. */
function byRank(candidates: ReadonlyMap<string, readonly string[]>): string[] {
  const out = new Set<string>()
  const longest = Math.max(0, ...[...candidates.values()].map((c) => c.length))
  for (let rank = 0; rank < longest; rank++) {
    for (const paths of candidates.values()) if (paths[rank]) out.add(paths[rank]!)
  }
  return [...out]
}

export type FilerMeaningDeps = IndexedEmbedderDeps & Pick<Deps, 'embedders' | 'vectorIndex'>

/**
 * How close each note is in meaning to the pages its words point at, for the built-in filer, and the
 * pages nearest it in the whole space (from the space's meaning index, whatever its model). The
 * closeness is a sentence model's: the index's model, whose vectors are reused, unless it is lexical.
 * A lexical model's closeness follows the words that ranked the pages (on the filer's evaluation it
 * pointed away from the right page in four notes where the transformer backed it): then the built-in
 * transformer weighs the two best pages of the notes whose filing turns on it, and only those. Pages
 * without usable vectors are embedded here, up to FILER_EMBED_BUDGET chunks. Meaning only helps the
 * filer decide: a model that fails leaves the notes to be filed by their words.
 */
export async function filerMeaning(
  deps: FilerMeaningDeps,
  space: Space,
  input: Omit<FilingInput, 'meaning'>,
  index: PageIndex,
): Promise<Map<string, NoteMeaning> | undefined> {
  const candidates = meaningCandidates(input, index)
  if (candidates.size === 0) return undefined
  const fromIndex = await indexedEmbedder(deps, space)
  const notes = input.notes.filter((n) => candidates.has(n.name))
  try {
    if (!fromIndex?.lexical) return await measure(deps, space, input, notes, candidates, fromIndex)
    const { nearest, vectors } = await nearestPages(deps, space, fromIndex, notes)
    const questions = meaningQuestions(input, index, nearest)
    const weighed =
      questions.size > 0
        ? await weigh(deps, space, input, questions, { model: fromIndex, vectors })
        : undefined
    return new Map(
      notes.map((n) => [
        n.name,
        { chunks: weighed?.get(n.name)?.chunks ?? new Map(), nearest: nearest.get(n.name) ?? [] },
      ]),
    )
  } catch {
    // The model failed or was stopped (a shutdown): its failures show where meaning is the point, in
    // search and indexing; here the notes are filed by their words, as without a model.
    return undefined
  }
}

const noteText = (n: FilerNote) => `${noteTitle(n.title, n.text, n.name)}\n${n.text}`

/** The pages nearest each note in the space's meaning index, by note name. */
async function nearestPages(
  deps: FilerMeaningDeps,
  space: Space,
  embedder: Embedder,
  notes: readonly FilerNote[],
): Promise<{ nearest: Map<string, string[]>; vectors: Map<string, Float32Array> }> {
  const embedded = await embedder.embed(notes.map(noteText))
  const nearest = new Map<string, string[]>()
  const vectors = new Map<string, Float32Array>()
  for (const [i, note] of notes.entries()) {
    const vector = embedded[i]!
    vectors.set(note.name, vector)
    const hits = await deps.vectorIndex(embedder.dimensions).search(vector, [space.id], NEAREST_CHUNKS)
    nearest.set(
      note.name,
      pagesByMeaning(hits, embedder.relevanceFloor?.(noteText(note))).map((hit) => hit.path),
    )
  }
  return { nearest, vectors }
}

/** Chunks of a long page the sentence model measures for a note, beside its best section by words. */
const WEIGHED_CHUNKS = 3

/**
 * The sentence model's closeness of each note asked about to the two pages it weighs, measured on a few
 * chunks of each: the section that fits the note's words best, and the WEIGHED_CHUNKS chunks nearest
 * the note by the index's lexical model (`lexical`: the model, and the notes' vectors by name). A page
 * whose vectors the index lacks, or holds for another version of it, is measured whole. At most
 * FILER_EMBED_BUDGET chunks, the notes' best pages first; a chunk not measured is NaN.
 */
async function weigh(
  deps: FilerMeaningDeps,
  space: Space,
  input: Omit<FilingInput, 'meaning'>,
  questions: ReadonlyMap<string, readonly [WeighedPage, WeighedPage]>,
  lexical: { model: Embedder; vectors: ReadonlyMap<string, Float32Array> },
): Promise<Map<string, NoteMeaning>> {
  const texts = new Map(input.pages.map((p) => [p.path, p.text]))
  const pages = new Map<string, { chunks: Chunk[]; vectors: Float32Array[] }>()
  const store = deps.vectorIndex(lexical.model.dimensions).forSpace(space.id)
  for (const pair of questions.values()) {
    for (const { path } of pair) {
      if (pages.has(path)) continue
      const chunks = chunkPage(path, texts.get(path) ?? '')
      const vectors = await store.chunkVectors(path)
      pages.set(path, { chunks, vectors: vectors.length === chunks.length ? vectors : [] })
    }
  }
  // Which chunks of which page each note needs, its best page's first, then its runner-up's.
  const wanted = new Map<string, Set<number>>()
  const keys: string[] = []
  const at = new Map<string, number>()
  for (const rank of [0, 1]) {
    for (const [name, pair] of questions) {
      const { path, section } = pair[rank]!
      const { chunks, vectors } = pages.get(path)!
      const note = lexical.vectors.get(name)
      const picked = new Set<number>(
        vectors.length > 0 && note
          ? vectors
              .map((v, i) => ({ i, score: cosine(note, v) }))
              .sort((a, b) => b.score - a.score)
              .slice(0, WEIGHED_CHUNKS)
              .map((c) => c.i)
          : chunks.map((_, i) => i),
      )
      if (section >= 0 && section < chunks.length) picked.add(section)
      const fresh = [...picked].filter((i) => !at.has(`${path}\0${i}`))
      if (keys.length + fresh.length > FILER_EMBED_BUDGET) continue
      for (const i of fresh) {
        at.set(`${path}\0${i}`, keys.length)
        keys.push(`${path}\0${i}`)
      }
      wanted.set(`${name}\0${path}`, picked)
    }
  }
  const sentence = deps.embedders.sentence
  const names = [...questions.keys()]
  const noteVectors = await sentence.embed(
    names.map((name) => noteText(input.notes.find((n) => n.name === name)!)),
  )
  const chunkVectors =
    keys.length === 0
      ? []
      : await sentence.embed(
          keys.map((key) => {
            const [path, i] = key.split('\0') as [string, string]
            const chunk = pages.get(path)!.chunks[Number(i)]!
            return `${chunk.heading}\n${chunk.text}`
          }),
        )
  const out = new Map<string, NoteMeaning>()
  for (const [n, name] of names.entries()) {
    const note = noteVectors[n]!
    const chunks = new Map<string, number[]>()
    for (const { path } of questions.get(name)!) {
      const picked = wanted.get(`${name}\0${path}`)
      if (!picked) continue
      const scores = pages.get(path)!.chunks.map(() => Number.NaN)
      for (const i of picked) scores[i] = cosine(note, chunkVectors[at.get(`${path}\0${i}`)!]!)
      chunks.set(path, scores)
    }
    out.set(name, { chunks, nearest: [] })
  }
  return out
}

/**
 * Each note's closeness to its candidate pages (by note name), by the index's model when given (its
 * chunk vectors reused, and the nearest pages from its index), else by the sentence model.
 */
async function measure(
  deps: FilerMeaningDeps,
  space: Space,
  input: Omit<FilingInput, 'meaning'>,
  notes: readonly FilerNote[],
  candidates: ReadonlyMap<string, readonly string[]>,
  fromIndex?: Embedder,
): Promise<Map<string, NoteMeaning>> {
  const embedder = fromIndex ?? deps.embedders.sentence
  const noteVectors = await embedder.embed(notes.map(noteText))
  const vectors = fromIndex ? deps.vectorIndex(embedder.dimensions).forSpace(space.id) : undefined
  const chunkVectors = new Map<string, Float32Array[]>()
  const missing: string[] = []
  for (const path of byRank(candidates)) {
    const found = vectors ? await vectors.chunkVectors(path) : []
    if (found.length > 0) chunkVectors.set(path, found)
    else missing.push(path)
  }
  const texts = new Map(input.pages.map((p) => [p.path, p.text]))
  const toEmbed: { path: string; text: string }[] = []
  for (const path of missing) {
    const chunks = chunkPage(path, texts.get(path) ?? '')
    if (chunks.length === 0 || toEmbed.length + chunks.length > FILER_EMBED_BUDGET) continue
    for (const chunk of chunks) toEmbed.push({ path, text: `${chunk.heading}\n${chunk.text}` })
  }
  const embedded = toEmbed.length > 0 ? await embedder.embed(toEmbed.map((c) => c.text)) : []
  embedded.forEach((vector, i) => {
    const path = toEmbed[i]!.path
    chunkVectors.set(path, [...(chunkVectors.get(path) ?? []), vector])
  })
  const meaning = new Map<string, NoteMeaning>()
  for (const [i, note] of notes.entries()) {
    const vector = noteVectors[i]
    if (!vector) continue
    const mine = new Map<string, Float32Array[]>()
    for (const path of candidates.get(note.name) ?? []) {
      const found = chunkVectors.get(path)
      if (found) mine.set(path, found)
    }
    const nearest = fromIndex
      ? pagesByMeaning(
          await deps.vectorIndex(embedder.dimensions).search(vector, [space.id], NEAREST_CHUNKS),
          embedder.relevanceFloor?.(noteText(note)),
        ).map((hit) => hit.path)
      : undefined
    meaning.set(note.name, noteMeaning(vector, mine, nearest))
  }
  return meaning
}
