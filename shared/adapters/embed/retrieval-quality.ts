/**
 * How well an embedder finds the passage a query is about, on held-out real documentation: recall@10
 * and mean reciprocal rank over query/passage pairs, per language and kind of pair. The distilled model
 * is fitted on the other documents only (see `isHeldOut`), so its figures here are on text it never saw.
 */
import { MEANING_MIN } from '../../domain/search/meaning-pages.ts'
import type { Embedder } from '../../ports/embedder.ts'
import type { InstalledText, Language } from './retrieval-quality-texts.ts'
import { truncateText } from './vectors.ts'

/** The kinds of pair: a description in other words, or a question with its answer. */
export type PairKind = 'paraphrase' | 'question'

export type QualityPair = {
  language: Language
  kind: PairKind
  /** Where the pair comes from: `man`, `dpkg`, `npm`, `debian-doc`, or `man-template` for a question made of a man page's NAME line. */
  source: string
  query: string
  passage: string
}

/** Queries of one language and kind, and the passages to rank for them (theirs, and others as distractors). */
export type QualitySet = {
  language: Language
  kind: PairKind
  queries: string[]
  passages: string[]
  /** The index in `passages` of each query's passage. */
  answers: number[]
}

export type QualityScore = {
  recallAt10: number
  mrr: number
  /** Share of queries whose passage is at or above the model's relevance floor (search keeps it). */
  aboveFloor: number
  queries: number
  passages: number
}

/** The seed of the held-out split: the distilled model is fitted on the other documents. */
export const SPLIT_SEED = 'quire-meaning-2026'

/** Whether a document (a package, a man page) is kept out of fitting, for evaluation: about a third. */
export function isHeldOut(key: string): boolean {
  return hash(`${SPLIT_SEED}:${key}`) % 100 < 35
}

/** FNV-1a, 32 bits. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** A seeded generator (mulberry32), for samples that are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The items in a seeded random order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items]
  const random = seededRandom(seed)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

const PASSAGE_WORDS = 120

function cut(text: string): string {
  return truncateText(text, PASSAGE_WORDS, 2_000)
}

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Query/passage pairs of the texts:
 * - paraphrase: a one-line description (a man page's NAME, a package's summary, package.json's
 *   description) and the paragraph that describes the same thing at length;
 * - question: a question written in a document (a heading or a FAQ entry) and the text answering it;
 *   and, from each man page, its NAME line asked as a question ("How do I …?", "Comment … ?") with its
 *   DESCRIPTION as the passage.
 * A pair whose query is found word for word in its passage is left out: it would measure word overlap.
 */
export function qualityPairs(texts: readonly InstalledText[]): QualityPair[] {
  const pairs: QualityPair[] = []
  const seen = new Set<string>()
  const add = (pair: QualityPair) => {
    const query = normalised(pair.query)
    if (query.length < 8 || normalised(pair.passage).includes(query)) return
    const key = `${pair.language}|${pair.kind}|${query}`
    if (seen.has(key)) return
    seen.add(key)
    pairs.push({ ...pair, passage: cut(pair.passage) })
  }
  for (const text of texts) {
    if (text.summary && text.described) {
      add({
        language: text.language,
        kind: 'paraphrase',
        source: text.source,
        query: text.summary,
        passage: text.described,
      })
      if (text.source === 'man') {
        const what = text.summary.replace(/[.\s]+$/, '')
        add({
          language: text.language,
          kind: 'question',
          source: 'man-template',
          query:
            text.language === 'fr'
              ? `Comment ${what.charAt(0).toLowerCase()}${what.slice(1)} ?`
              : `How do I ${what.charAt(0).toLowerCase()}${what.slice(1)}?`,
          passage: text.paragraphs.slice(text.paragraphs.indexOf(text.described)).join(' '),
        })
      }
    }
    for (const { question, answer } of text.questions)
      add({
        language: text.language,
        kind: 'question',
        source: text.source,
        query: question,
        passage: answer,
      })
  }
  return pairs
}

/**
 * The sets to rank, per language and kind: at most `maxQueries` pairs each (a seeded sample), and their
 * passages among `distractors` other paragraphs of the same language from the same texts.
 */
export function qualitySets(
  texts: readonly InstalledText[],
  {
    maxQueries = 1_000,
    distractors = 2_000,
    seed = 1,
  }: { maxQueries?: number; distractors?: number; seed?: number } = {},
): QualitySet[] {
  const pairs = qualityPairs(texts)
  const sets: QualitySet[] = []
  for (const language of ['en', 'fr'] as const) {
    const others = shuffled(
      texts.filter((t) => t.language === language).flatMap((t) => t.paragraphs),
      seed + 7,
    )
    for (const kind of ['paraphrase', 'question'] as const) {
      const chosen = shuffled(
        pairs.filter((p) => p.language === language && p.kind === kind),
        seed,
      ).slice(0, maxQueries)
      if (chosen.length === 0) continue
      const passages: string[] = []
      const index = new Map<string, number>()
      const place = (passage: string) => {
        let at = index.get(passage)
        if (at === undefined) {
          at = passages.length
          passages.push(passage)
          index.set(passage, at)
        }
        return at
      }
      const answers = chosen.map((p) => place(p.passage))
      for (const paragraph of others) {
        if (passages.length >= chosen.length + distractors) break
        place(cut(paragraph))
      }
      sets.push({ language, kind, queries: chosen.map((p) => p.query), passages, answers })
    }
  }
  return sets
}

/** Recall@10 and MRR of an embedder on a set: each query's passage ranked among all the set's passages. */
export async function scoreRetrieval(embedder: Embedder, set: QualitySet): Promise<QualityScore> {
  const queries = await embedInBatches(embedder, set.queries)
  const passages = await embedInBatches(embedder, set.passages)
  let hits = 0
  let reciprocal = 0
  let kept = 0
  queries.forEach((query, q) => {
    const answer = set.answers[q]!
    const own = dot(query, passages[answer]!)
    if (own >= (embedder.relevanceFloor?.(set.queries[q]!) ?? MEANING_MIN)) kept++
    let rank = 1
    for (let p = 0; p < passages.length; p++) if (p !== answer && dot(query, passages[p]!) > own) rank++
    if (rank <= 10) hits++
    reciprocal += 1 / rank
  })
  return {
    recallAt10: hits / queries.length,
    mrr: reciprocal / queries.length,
    aboveFloor: kept / queries.length,
    queries: queries.length,
    passages: passages.length,
  }
}

async function embedInBatches(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = []
  for (let i = 0; i < texts.length; i += 256) out.push(...(await embedder.embed(texts.slice(i, i + 256))))
  return out
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!
  return sum
}
