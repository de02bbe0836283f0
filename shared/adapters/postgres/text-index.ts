import { type SQL, sql } from 'drizzle-orm'
import { kindOf } from '../../domain/file-kinds.ts'
import { fileLanguage } from '../../domain/search/indexed-text.ts'
import { wantsPartialMatches, withPartialMatches, wordsNeeded } from '../../domain/search/partial-matches.ts'
import { type QueryWord, queryTerms, queryWords } from '../../domain/search/query-terms.ts'
import { BODY_WEIGHT, bestFirst, TITLE_WEIGHT } from '../../domain/search/rank.ts'
import { regexSnippets, wordSnippets } from '../../domain/search/snippets.ts'
import type { Language } from '../../domain/text-words.ts'
import type { TextHit, TextIndex } from '../../ports/search-index.ts'
import { regexScanClock } from '../database/scan-clock.ts'
import { type FlatTextIndex, textIndexOf } from '../database/space-scope.ts'
import { type PgDb, queryRows } from './open-database.ts'
import { intArray } from './sql-values.ts'

/** Texts read per query by a regular-expression scan: few round trips, little memory. */
const REGEX_BATCH = 50

// ts_rank_cd takes weights of at most 1, in the order D, C, B, A: the title (A) gets 1 and the text (B)
// its share of it, so the ratio of the shared rank rules holds.
const RANK_WEIGHTS = `{0, 0, ${BODY_WEIGHT / TITLE_WEIGHT}, 1}`
// Rank divided by 1 + log(length): a word in a short file counts for more than in a long one, as BM25 has it.
const RANK_NORMALIZATION = 1

type HitRow = {
  spaceId: number
  path: string
  title: string
  extracted: boolean
  lang: Language
  rank: number
}
type ScanRow = { spaceId: number; path: string; title: string; extracted: boolean; text: string }

// The file's search documents were stemmed by PostgreSQL's own rules, so the query's words are stemmed by
// the same ones: each word in both configurations (the query's language is unknown, as on SQLite), either
// stem matching. Words are runs of letters and digits, so nothing typed reaches to_tsquery as syntax; a
// word both configurations call a stopword yields an empty query, which `&&` and `||` skip.
/** The tsquery of each word of the query: `'a' | 'b'`, `'c':*`. */
function wordQueries(words: QueryWord[]): SQL[] {
  return words.map(({ word, prefix }) => {
    const token = prefix ? `${word}:*` : word
    return sql`(to_tsquery('quire_en', ${token}) || to_tsquery('quire_fr', ${token}))`
  })
}

/** The tsquery requiring every word of the query (`&&`), or any of them (`||`): `('a' | 'b') & 'c':*`. */
function tsQuery(words: QueryWord[], join: 'all' | 'any' = 'all'): SQL {
  return sql.join(wordQueries(words), join === 'all' ? sql` && ` : sql` || `)
}

/** A file's rank against the query `q.q`, on the document of its own language. */
const RANK = sql.raw(`CASE f.lang
  WHEN 'fr' THEN ts_rank_cd('${RANK_WEIGHTS}'::real[], f.search_fr, q.q, ${RANK_NORMALIZATION})
  ELSE ts_rank_cd('${RANK_WEIGHTS}'::real[], f.search_en, q.q, ${RANK_NORMALIZATION})
END`)
/** Whether a file matches `q.q`, on the document of its own language (either GIN index narrows). */
const MATCHES = sql.raw(`((f.lang = 'en' AND f.search_en @@ q.q) OR (f.lang = 'fr' AND f.search_fr @@ q.q))`)

/**
 * Full-text search over the files of spaces in PostgreSQL: each file's generated `tsvector` in its
 * language (stems folded by unaccent), ranked by `ts_rank_cd` with the title above the text, snippeted by
 * the shared rules.
 */
export function postgresTextIndex(db: PgDb): TextIndex {
  return textIndexOf(flatTextIndex(db))
}

function flatTextIndex(db: PgDb): FlatTextIndex {
  return {
    upsert: async (spaceId, files) => {
      if (files.length === 0) return
      const rows = files.map((f) => ({
        path: f.path,
        sha: f.sha,
        title: f.title,
        kind: f.kind,
        extracted: f.extracted,
        lang: fileLanguage(f.title, f.text),
        text: f.text,
      }))
      // One statement for every file: one round trip, and the files are replaced all together or not at all.
      await db.execute(sql`
        INSERT INTO text_files (space_id, path, sha, title, kind, extracted, lang, text)
        SELECT ${spaceId}, path, sha, title, kind, extracted, lang, text
        FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS f(path text, sha text, title text, kind text, extracted boolean, lang text, text text)
        ON CONFLICT (space_id, path) DO UPDATE SET
          sha = excluded.sha, title = excluded.title, kind = excluded.kind,
          extracted = excluded.extracted, lang = excluded.lang, text = excluded.text`)
    },

    remove: async (spaceId, paths) => {
      if (paths.length === 0) return
      await db.execute(sql`
        DELETE FROM text_files
        WHERE space_id = ${spaceId} AND path IN (SELECT json_array_elements_text(${JSON.stringify(paths)}::json))`)
    },

    clear: async (spaceId) => {
      await db.execute(sql`DELETE FROM text_files WHERE space_id = ${spaceId}`)
    },

    paths: async (spaceId) =>
      (
        await queryRows<{ path: string }>(db, sql`SELECT path FROM text_files WHERE space_id = ${spaceId}`)
      ).map((row) => row.path),

    search: async (query, spaces, limit) => {
      const words = queryWords(query)
      if (words.length === 0 || spaces.length === 0 || limit <= 0) return []
      // Each file is matched and ranked on the document of its own language; the OR of the two GIN
      // indexes narrows the files first.
      const rows = await queryRows<HitRow>(
        db,
        sql`
        WITH q AS (SELECT ${tsQuery(words)} AS q)
        SELECT f.space_id AS "spaceId", f.path, f.title, f.extracted, f.lang, ${RANK} AS rank
        FROM text_files f, q
        WHERE f.space_id = ANY(${intArray(spaces)}) AND ${MATCHES}
        ORDER BY rank DESC, f.space_id, f.path
        LIMIT ${Math.floor(limit)}`,
      )
      const all = bestFirst(rows.map((r) => ({ ...r, score: r.rank })))
      const partial = wantsPartialMatches(words.length, all.length)
        ? (await partialMatches(db, words, spaces, limit)).map((r) => ({
            hit: { ...r, score: r.rank },
            matched: r.matched,
          }))
        : []
      const kept = withPartialMatches(all, partial, words.length, limit)
      if (kept.length === 0) return []
      const texts = await textsOf(db, kept)
      const terms = queryTerms(query)
      return kept.map((r) => ({
        spaceId: r.spaceId,
        path: r.path,
        title: r.title,
        score: r.score,
        extracted: r.extracted,
        snippets: wordSnippets(
          texts.get(key(r.spaceId, r.path)) ?? '',
          terms,
          r.lang,
          kindOf(r.path) === 'markdown',
        ),
      }))
    },

    // A regular expression cannot use the word index, so this reads every text of the spaces, a batch at
    // a time in path order. The time spent working (reading and matching, not waiting for a turn) is
    // counted against the budget, and the event loop is let go between slices.
    searchRegex: async (pattern, spaces, limit) => {
      if (spaces.length === 0 || limit <= 0) return []
      const hits: TextHit[] = []
      const clock = regexScanClock()
      let after: { spaceId: number; path: string } | undefined
      for (;;) {
        const batch = await queryRows<ScanRow>(
          db,
          sql`
          SELECT space_id AS "spaceId", path, title, extracted, text FROM text_files
          WHERE space_id = ANY(${intArray(spaces)})
            ${after ? sql`AND (space_id, path) > (${after.spaceId}, ${after.path})` : sql``}
          ORDER BY space_id, path
          LIMIT ${REGEX_BATCH}`,
        )
        for (const row of batch) {
          const { snippets, count } = regexSnippets(row.text, pattern, kindOf(row.path) === 'markdown')
          if (count > 0) {
            hits.push({
              spaceId: row.spaceId,
              path: row.path,
              title: row.title,
              score: count,
              extracted: row.extracted,
              snippets,
            })
          }
          if (hits.length >= limit) return bestFirst(hits)
          const pause = clock()
          if (pause === 'stop') return bestFirst(hits)
          if (pause !== undefined) await pause
        }
        const last = batch.at(-1)
        if (!last || batch.length < REGEX_BATCH) return bestFirst(hits)
        after = { spaceId: last.spaceId, path: last.path }
      }
    },

    text: async (spaceId, path) => {
      const [row] = await queryRows<{ text: string }>(
        db,
        sql`SELECT text FROM text_files WHERE space_id = ${spaceId} AND path = ${path}`,
      )
      return row?.text
    },
  }
}

/**
 * The files of the spaces with any word of the query that have at least half of the words, those with
 * more words first, then by rank. A word that both configurations call a stopword matches no file.
 */
async function partialMatches(
  db: PgDb,
  words: QueryWord[],
  spaces: number[],
  limit: number,
): Promise<(HitRow & { matched: number })[]> {
  return await queryRows<HitRow & { matched: number }>(
    db,
    sql`
    WITH q AS (SELECT ${tsQuery(words, 'any')} AS q, ARRAY[${sql.join(wordQueries(words), sql`, `)}] AS words)
    SELECT * FROM (
      SELECT f.space_id AS "spaceId", f.path, f.title, f.extracted, f.lang, ${RANK} AS rank,
        (SELECT count(*) FROM unnest(q.words) w
         WHERE CASE f.lang WHEN 'fr' THEN f.search_fr @@ w ELSE f.search_en @@ w END)::int AS matched
      FROM text_files f, q
      WHERE f.space_id = ANY(${intArray(spaces)}) AND ${MATCHES}
    ) m
    WHERE m.matched >= ${wordsNeeded(words.length)}
    ORDER BY m.matched DESC, m.rank DESC, m."spaceId", m.path
    LIMIT ${Math.floor(limit)}`,
  )
}

const key = (spaceId: number, path: string) => `${spaceId}\u0000${path}`

/** The texts of the hits, read in one query once the ranking has picked them. */
async function textsOf(db: PgDb, hits: { spaceId: number; path: string }[]): Promise<Map<string, string>> {
  const wanted = hits.map((h) => ({ space_id: h.spaceId, path: h.path }))
  const rows = await queryRows<{ spaceId: number; path: string; text: string }>(
    db,
    sql`
    SELECT f.space_id AS "spaceId", f.path, f.text
    FROM json_to_recordset(${JSON.stringify(wanted)}::json) AS w(space_id int, path text)
    JOIN text_files f ON f.space_id = w.space_id AND f.path = w.path`,
  )
  return new Map(rows.map((r) => [key(r.spaceId, r.path), r.text]))
}
