import { regexScanClock } from '../../adapters/database/scan-clock.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { fileLanguage, stemmedText } from '../../domain/search/indexed-text.ts'
import { wantsPartialMatches, withPartialMatches, wordsNeeded } from '../../domain/search/partial-matches.ts'
import { type QueryTerm, queryTerms } from '../../domain/search/query-terms.ts'
import { BODY_WEIGHT, bestFirst, TITLE_WEIGHT } from '../../domain/search/rank.ts'
import { regexSnippets, wordSnippets } from '../../domain/search/snippets.ts'
import type { Language } from '../../domain/text-words.ts'
import type { IndexedFile, SpaceTextIndex, TextHit, TextIndex } from '../../ports/search-index.ts'
import { byBinary } from './memory-tables.ts'

/** A file as the index keeps it: its text, and the stems of its title and text in its language. */
type Entry = IndexedFile & { spaceId: number; lang: Language; titleStems: string[]; bodyStems: string[] }

/** One searched stem: each alternative of each query term is a phrase of its own, as in FTS5. */
type Phrase = { stem: string; prefix: boolean }

// FTS5's bm25() constants.
const K1 = 1.2
const B = 0.75

const stemsOf = (text: string, lang: Language) => stemmedText(text, lang).split(' ').filter(Boolean)
const matches = (token: string, phrase: Phrase) =>
  phrase.prefix ? token.startsWith(phrase.stem) : token === phrase.stem

/**
 * Full-text search in memory over the same stems as the SQLite and PostgreSQL indexes (the domain's
 * stemming and snippets), ranked by FTS5's BM25 with the title weighted as there; for tests of
 * services that search without a database.
 */
export function memoryTextIndex(): TextIndex {
  const files = new Map<string, Entry>()
  const key = (spaceId: number, path: string) => `${spaceId}\0${path}`
  const inSpaces = (spaceIds: number[]) => {
    const wanted = new Set(spaceIds)
    return [...files.values()].filter((entry) => wanted.has(entry.spaceId))
  }

  /**
   * Each file's BM25 score (higher is better), the statistics taken over every space, and how many of
   * the terms it has; files with fewer than `needed` of them are left out.
   */
  const scored = (terms: QueryTerm[], candidates: Entry[], needed: number) => {
    const phrases = terms.flatMap((term) => term.stems.map((stem) => ({ stem, prefix: term.prefix })))
    const all = [...files.values()]
    const lengthOf = (entry: Entry) => entry.titleStems.length + entry.bodyStems.length
    const averageLength = all.reduce((sum, entry) => sum + lengthOf(entry), 0) / Math.max(1, all.length)
    const idf = phrases.map((phrase) => {
      const having = all.filter((entry) =>
        [...entry.titleStems, ...entry.bodyStems].some((token) => matches(token, phrase)),
      ).length
      const value = Math.log((all.length - having + 0.5) / (having + 0.5))
      return value > 0 ? value : 1e-6
    })
    return candidates.flatMap((entry) => {
      const tokens = [...entry.titleStems, ...entry.bodyStems]
      // A term matches by one of its stems, in the title or the text.
      const matched = terms.filter((term) =>
        term.stems.some((stem) => tokens.some((token) => matches(token, { stem, prefix: term.prefix }))),
      ).length
      if (matched < needed) return []
      let score = 0
      phrases.forEach((phrase, i) => {
        const frequency =
          TITLE_WEIGHT * entry.titleStems.filter((token) => matches(token, phrase)).length +
          BODY_WEIGHT * entry.bodyStems.filter((token) => matches(token, phrase)).length
        const norm = K1 * (1 - B + (B * lengthOf(entry)) / averageLength)
        score += ((idf[i] ?? 0) * frequency * (K1 + 1)) / (frequency + norm)
      })
      return [{ entry, score, matched }]
    })
  }

  const space = (spaceId: number): SpaceTextIndex => ({
    upsert: async (indexed) => {
      for (const file of indexed) {
        const lang = fileLanguage(file.title, file.text)
        files.set(key(spaceId, file.path), {
          ...structuredClone(file),
          spaceId,
          lang,
          titleStems: stemsOf(file.title, lang),
          bodyStems: stemsOf(file.text, lang),
        })
      }
    },
    remove: async (paths) => {
      for (const path of paths) files.delete(key(spaceId, path))
    },
    clear: async () => {
      for (const [at, entry] of files) if (entry.spaceId === spaceId) files.delete(at)
    },
    text: async (path) => files.get(key(spaceId, path))?.text,
    paths: async () => inSpaces([spaceId]).map((entry) => entry.path),
  })

  return {
    forSpace: space,
    search: async (query, spaceIds, limit) => {
      const terms = queryTerms(query)
      if (terms.length === 0 || spaceIds.length === 0 || limit <= 0) return []
      // As the databases do: the files with every term first, then, when they are too few, the files with
      // at least half of the terms.
      const candidates = inSpaces(spaceIds)
      const hit = ({ entry, score }: { entry: Entry; score: number }) => ({ ...entry, score })
      const all = bestFirst(scored(terms, candidates, terms.length).map(hit)).slice(0, limit)
      const partial = wantsPartialMatches(terms.length, all.length)
        ? scored(terms, candidates, wordsNeeded(terms.length)).map((s) => ({
            hit: hit(s),
            matched: s.matched,
          }))
        : []
      return withPartialMatches(all, partial, terms.length, limit).map((entry) => ({
        spaceId: entry.spaceId,
        path: entry.path,
        title: entry.title,
        score: entry.score,
        extracted: entry.extracted,
        snippets: wordSnippets(entry.text, terms, entry.lang, kindOf(entry.path) === 'markdown'),
      }))
    },
    // Reads every text of the spaces in turn, within the same time budget as the SQLite scan.
    searchRegex: async (pattern, spaceIds, limit) => {
      if (spaceIds.length === 0 || limit <= 0) return []
      const hits: TextHit[] = []
      const clock = regexScanClock()
      const scanned = inSpaces(spaceIds).sort((a, b) => a.spaceId - b.spaceId || byBinary(a.path, b.path))
      for (const entry of scanned) {
        const { snippets, count } = regexSnippets(entry.text, pattern, kindOf(entry.path) === 'markdown')
        if (count > 0) {
          const { spaceId, path, title, extracted } = entry
          hits.push({ spaceId, path, title, score: count, extracted, snippets })
        }
        if (hits.length >= limit) break
        const pause = clock()
        if (pause === 'stop') break
        if (pause !== undefined) await pause
      }
      return bestFirst(hits)
    },
  }
}
