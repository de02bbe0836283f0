import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { foldText, guessLanguage, isStopword } from '../../domain/text-words.ts'
import type { Embedder } from '../../ports/embedder.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import { EmbedderClosedError } from './errors.ts'
import { truncateText } from './vectors.ts'

/**
 * What the model file's JSON header says (scripts/distill-meaning-model.ts writes it): the vocabulary
 * of the transformer it was distilled from, and how its matrix is stored in the binary file beside it.
 */
export type StaticModelHeader = {
  id: string
  dimensions: number
  /** The tokenizer's pieces with their scores (the transformer's SentencePiece vocabulary). */
  vocabulary: [string, number | null][]
  /** `int8-rows`: per token, a float32 scale, then the row as int8 (all scales first, then all rows). */
  encoding: 'int8-rows'
  /** The binary file, beside the header. */
  matrixFile: string
  /** How it was made, for the reader: sources, sizes, fit. */
  made?: unknown
}

/** A loaded static model: one vector per token, ready to add up. */
export type StaticModel = {
  id: string
  dimensions: number
  tokenize(text: string): number[]
  /** The unit vector of a text (of its first BUILTIN_MAX_WORDS words). */
  embed(text: string): Float32Array
}

/** Words kept of each text, as the transformer did: the vector of a chunk is that of its opening. */
export const STATIC_MAX_WORDS = 256
const STATIC_MAX_CHARS = 2_000

const SEPARATOR = '\u2581'
const RESERVED = 6
const UNKNOWN = 0
/** Words remembered with their tokens: real texts repeat a few thousand words most of the time. */
const WORD_CACHE = 50_000

/**
 * The tokenizer of the transformer the model was distilled from (SentencePiece's unigram model, best
 * segmentation by the pieces' scores, unknown characters as one token), applied word by word: no piece
 * holds the word separator but at its start, so a text's segmentation is its words' segmentations one
 * after another, and each word is segmented once. The same tokens as the package's own tokenizer past
 * a text's first word, for words separated by single spaces; runs of other white space count as one.
 */
export function createTokenizer(vocabulary: readonly [string, number | null][]): (text: string) => number[] {
  type Node = { children: Map<string, Node>; id: number; score: number }
  const root: Node = { children: new Map(), id: -1, score: 0 }
  for (let id = RESERVED; id < vocabulary.length; id++) {
    const [piece, score] = vocabulary[id]!
    let node = root
    for (const symbol of piece) {
      let child = node.children.get(symbol)
      if (!child) {
        child = { children: new Map(), id: -1, score: 0 }
        node.children.set(symbol, child)
      }
      node = child
    }
    node.id = id
    // Some pieces have no score in the vocabulary (null), which the package's sums count as 0.
    node.score = score ?? 0
  }
  const cache = new Map<string, number[]>()

  const segment = (word: string): number[] => {
    const symbols = [...(SEPARATOR + word)]
    const n = symbols.length
    // The pieces found at each start, listed by where they end, starts in increasing order.
    const ending: { start: number; id: number; score: number }[][] = Array.from({ length: n + 1 }, () => [])
    for (let start = 0; start < n; start++) {
      let found = false
      let node = root.children.get(symbols[start]!)
      for (let i = start; node; ) {
        if (node.id >= 0) {
          ending[i + 1]!.push({ start, id: node.id, score: node.score })
          found = true
        }
        i++
        node = i < n ? node.children.get(symbols[i]!) : undefined
      }
      // A character no piece starts with is an unknown token of its own.
      if (!found) ending[start + 1]!.push({ start, id: UNKNOWN, score: 0 })
    }
    const best = new Float64Array(n + 1)
    // The package takes a best score of 0 for "none yet", which misleads it only at a text's start (some
    // pieces score 0): starting below 0 segments every word as the package does past a text's first word.
    best[0] = -1
    const chosen = new Int32Array(n + 1)
    const from = new Int32Array(n + 1)
    for (let end = 1; end <= n; end++) {
      for (const { start, id, score } of ending[end]!) {
        const total = score + best[start]!
        // As the package does: 0 stands for "none yet", and a tie goes to the later candidate.
        if (best[end] === 0 || total >= best[end]!) {
          best[end] = total
          chosen[end] = id
          from[end] = start
        }
      }
    }
    const ids: number[] = []
    for (let at = n; at > 0; at = from[at]!) ids.push(chosen[at]!)
    ids.reverse()
    // Unknown characters in a row are one unknown token.
    return ids.filter((id, i) => !(i > 0 && id === UNKNOWN && ids[i - 1] === UNKNOWN))
  }

  return (text) => {
    const ids: number[] = []
    for (const word of text.normalize('NFKC').split(/\s+/)) {
      if (word.length === 0) continue
      let tokens = cache.get(word)
      if (!tokens) {
        tokens = segment(word)
        if (cache.size >= WORD_CACHE) cache.clear()
        cache.set(word, tokens)
      }
      for (const id of tokens) ids.push(id)
    }
    return ids
  }
}

/**
 * The words of a text a static model adds up: each without the punctuation around it (`(see`,
 * `file?`, `"name"`), and in English without its function words ("how", "do", "I", "the"). A sum of
 * token rows cannot set these aside as a transformer does: in a question they outweighed what it asks
 * about ("How do I get file status?" against a passage that says how). French keeps its function words:
 * without them, French passages were found less often. Chosen on documents the model was fitted on,
 * measured on held-out ones (bench/meaning-quality.ts); a text too short to tell is read as English.
 */
export function contentWords(text: string): string {
  const english = (guessLanguage(text) ?? 'en') === 'en'
  const kept: string[] = []
  for (const word of text.split(/\s+/)) {
    const bare = word.replace(EDGE_PUNCTUATION, '')
    if (bare === '' || (english && isStopword(foldText(bare).replace(NOT_WORD, ''), 'en'))) continue
    kept.push(bare)
  }
  return kept.join(' ')
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu
const NOT_WORD = /[^\p{L}\p{N}]+/gu

/** The tokens a static model adds up for a text: its content words, segmented. */
export function createContentTokenizer(
  vocabulary: readonly [string, number | null][],
): (text: string) => number[] {
  const tokenize = createTokenizer(vocabulary)
  return (text) => tokenize(contentWords(text))
}

/** Reads a model file (its JSON header; the matrix beside it) once. */
export function loadStaticModel(headerFile: string): StaticModel {
  const header = JSON.parse(readFileSync(headerFile, 'utf8')) as StaticModelHeader
  if (header.encoding !== 'int8-rows') throw new Error(`unknown model encoding ${String(header.encoding)}`)
  const dims = header.dimensions
  const rows = header.vocabulary.length
  const bytes = readFileSync(join(dirname(headerFile), header.matrixFile))
  if (bytes.length !== rows * 4 + rows * dims) throw new Error('the model file does not match its header')
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + rows * 4))
  const quantized = new Int8Array(bytes.buffer, bytes.byteOffset + rows * 4, rows * dims)
  const matrix = new Float32Array(rows * dims)
  for (let row = 0; row < rows; row++) {
    const scale = scales[row]!
    for (let d = 0; d < dims; d++) matrix[row * dims + d] = quantized[row * dims + d]! * scale
  }
  const tokenize = createContentTokenizer(header.vocabulary)
  const fallback = header.vocabulary.findIndex(([piece]) => piece === SEPARATOR)
  return {
    id: header.id,
    dimensions: dims,
    tokenize,
    embed(text) {
      const ids = tokenize(truncateText(text, STATIC_MAX_WORDS, STATIC_MAX_CHARS))
      // An empty text has no token: the separator's row stands in, so it still has a direction.
      if (ids.length === 0) ids.push(Math.max(fallback, 0))
      const sum = new Float64Array(dims)
      for (const id of ids) {
        const offset = id * dims
        for (let d = 0; d < dims; d++) sum[d] = sum[d]! + matrix[offset + d]!
      }
      return unit(sum)
    },
  }
}

function unit(sum: Float64Array): Float32Array {
  let norm = 0
  for (let d = 0; d < sum.length; d++) norm += sum[d]! * sum[d]!
  const out = new Float32Array(sum.length)
  if (norm === 0) {
    out[0] = 1
    return out
  }
  const scale = 1 / Math.sqrt(norm)
  for (let d = 0; d < sum.length; d++) out[d] = sum[d]! * scale
  return out
}

export type StaticEmbedderOptions = {
  /** The model's JSON header. Default: resources/meaning-model/ of the source tree (see `resourcePaths`). */
  modelFile?: string
}

const loaded = new Map<string, StaticModel>()

/**
 * Below this cosine similarity a passage is not about a query of three content words or more, for the
 * static model. Its similarities spread otherwise than the transformer's: unrelated English texts
 * centre near 0.05 (the transformer's near 0.4), so the transformer's 0.3 (MEANING_MIN) would drop one
 * true English passage in eight. Set on the query/passage pairs of the documents the model was fitted
 * on: the highest floor keeping at most one point fewer true passages than the transformer's floor
 * (96.1% against 97.1%), for far fewer unrelated ones above it (63% against 87%). On the held-out
 * documents: 95.7% against 96.9%, and 56% against 84%.
 */
export const STATIC_RELEVANCE_FLOOR = 0.12

/**
 * The floors of queries of one and two words. A short query's vector is one or two tokens'
 * rows, whose similarities spread far wider ("holidays" is 0.39 from a page about Redis): at 0.12, 56%
 * of unrelated passages were above the floor of a one-word query. The transformer puts nearly nothing
 * above 0.3 for one word (1% of true passages, 1% of unrelated ones) and about half for two (48%, 41%).
 * Set on the fitting documents' queries cut to their first words, for as many unrelated passages above
 * the floor as the transformer lets through; held out: one word 1.5% and 1.1% (transformer 0% and
 * 0.6%), two words 49% and 38% (transformer 51% and 41%). Such queries are found by their words.
 */
const SHORT_QUERY_FLOORS = [0.63, 0.41]

/**
 * The static model's relevance floor for `query`, by how many words it has. All its words count, though
 * the model reads only the content words: the floors were set against the transformer on queries of
 * content words alone, and the transformer reads a question's other words too ("What is npm?" is more
 * to it than "npm"), so a question keeps the floor of a longer query.
 */
export function staticRelevanceFloor(query: string): number {
  const words = query.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
  return SHORT_QUERY_FLOORS[Math.max(0, words - 1)] ?? STATIC_RELEVANCE_FLOOR
}

/**
 * The built-in meaning model distilled into one vector per token of the transformer's vocabulary: a
 * text's vector is the sum of its tokens' vectors, scaled to unit length. It runs in the calling thread
 * in microseconds a sentence, so it needs no worker; the file is read once per process.
 */
export function createStaticEmbedder(options: StaticEmbedderOptions = {}): Embedder {
  const file = options.modelFile ?? resourcePaths().builtinMeaningModel
  let model = loaded.get(file)
  if (!model) {
    model = loadStaticModel(file)
    loaded.set(file, model)
  }
  const ready = model
  let closed = false
  return {
    id: ready.id,
    dimensions: ready.dimensions,
    lexical: true,
    relevanceFloor: staticRelevanceFloor,
    embed: async (texts) => {
      if (closed) throw new EmbedderClosedError('the built-in embedding model is closed')
      return texts.map((text) => ready.embed(text))
    },
    close: async () => {
      closed = true
    },
  }
}
