import { chunkPage } from '../../../domain/chunks.ts'
import { noteMeaning } from '../../../domain/filer/note-meaning.ts'
import { noteTitle } from '../../../domain/filer/page-text.ts'
import { meaningCandidates, type PageIndex } from '../../../domain/filer/plan.ts'
import type { FilingInput, NoteMeaning } from '../../../domain/filer/types.ts'
import { pagesByMeaning } from '../../../domain/search/meaning-pages.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Embedder } from '../../../ports/embedder.ts'
import type { Space } from '../../../ports/store.ts'
import { type EmbedderForDeps, embedderFor } from '../../search/index-space.ts'

/**
 * Most chunks the filer embeds itself in one run, for candidate pages the space's meaning index does
 * not hold yet (a space still filling in, or with its index off): about a second of the built-in model.
 */
export const FILER_EMBED_BUDGET = 64
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
 * How close each note is in meaning to the pages its words point at, for the built-in filer. The
 * space's meaning index is reused where it holds the pages; the pages it lacks are embedded here, up
 * to FILER_EMBED_BUDGET chunks, with the built-in model when the index is not usable. Meaning only
 * helps the filer decide: a model that fails leaves the notes to be filed by their words.
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
  const embedder = fromIndex ?? deps.embedders.builtin
  const notes = input.notes.filter((n) => candidates.has(n.name))
  try {
    const noteVectors = await embedder.embed(
      notes.map((n) => `${noteTitle(n.title, n.text, n.name)}\n${n.text}`),
    )
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
          ).map((hit) => hit.path)
        : undefined
      meaning.set(note.name, noteMeaning(vector, mine, nearest))
    }
    return meaning
  } catch {
    // The model failed or was stopped (a shutdown): its failures show where meaning is the point, in
    // search and indexing; here the notes are filed by their words, as without a model.
    return undefined
  }
}
