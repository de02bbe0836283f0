import type Database from 'better-sqlite3'
import { kindOf } from '../../domain/file-kinds.ts'
import { fileLanguage, stemmedText } from '../../domain/search/indexed-text.ts'
import {
  type PartialHit,
  wantsPartialMatches,
  withPartialMatches,
  wordsNeeded,
} from '../../domain/search/partial-matches.ts'
import { type QueryTerm, queryTerms } from '../../domain/search/query-terms.ts'
import { BODY_WEIGHT, bestFirst, TITLE_WEIGHT } from '../../domain/search/rank.ts'
import { regexSnippets, wordSnippets } from '../../domain/search/snippets.ts'
import type { Language } from '../../domain/text-words.ts'
import type { IndexedFile, TextHit, TextIndex } from '../../ports/search-index.ts'
import type { Sync } from '../../ports/sync.ts'
import { regexScanClock } from '../database/scan-clock.ts'
import { type FlatTextIndex, textIndexOf } from '../database/space-scope.ts'
import { connectionChanges, keptAnswers } from './connection-changes.ts'
import { guarded } from './guarded.ts'

// Derived data, rebuilt from the repositories at will, so the tables live outside the migrations.
// text_files maps (space, path) to the rowid shared by the other two tables; text_bodies holds the original
// text apart so that filtering hits by space reads only small rows; text_fts is contentless (the stems are
// never read back) with contentless_delete so a file can be replaced or removed by rowid.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS text_files (
  id INTEGER PRIMARY KEY,
  space_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  sha TEXT NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  extracted INTEGER NOT NULL,
  lang TEXT NOT NULL,
  UNIQUE (space_id, path)
);
CREATE TABLE IF NOT EXISTS text_bodies (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS text_fts USING fts5(
  title, body, tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1
);
`

type HitRow = {
  id: number
  spaceId: number
  path: string
  title: string
  extracted: number
  lang: Language
  rank: number
}

type PartialRow = HitRow & { matched: number }

type ScanRow = { id: number; spaceId: number; path: string; title: string; extracted: number }

// Stems are runs of letters and digits, but they are quoted anyway (doubling any quote), so nothing a user
// types (AND, NEAR, *, -, :, parentheses) can reach FTS5 as syntax.
/** The FTS5 MATCH expression of one term: `"a"`, `"c"*`, or `("a" OR "b")`. */
function termExpression(term: QueryTerm): string {
  const alternatives = term.stems.map((s) => `"${s.replaceAll('"', '""')}"${term.prefix ? '*' : ''}`)
  return alternatives.length === 1 ? (alternatives[0] ?? '') : `(${alternatives.join(' OR ')})`
}

/** The FTS5 MATCH expression requiring every term (`AND`), or any of them (`OR`). */
function ftsExpression(terms: QueryTerm[], join: 'AND' | 'OR' = 'AND'): string {
  return terms.map(termExpression).join(` ${join} `)
}

/** Word searches whose hits are kept while the database does not change. */
const RECENT_SEARCHES = 500
/** Best matches of the whole index read first, per hit wanted. */
const BEST_SHARE = 4

/** Full-text search over the files of spaces in SQLite FTS5: stemmed, folded words ranked by BM25. */
export function sqliteTextIndex(db: Database.Database): TextIndex {
  return textIndexOf(guarded<FlatTextIndex>(syncTextIndex(db)))
}

function syncTextIndex(db: Database.Database): Sync<FlatTextIndex> {
  db.exec(SCHEMA)

  const upsertFile = db.prepare<[number, string, string, string, string, number, string], { id: number }>(
    `INSERT INTO text_files (space_id, path, sha, title, kind, extracted, lang) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (space_id, path) DO UPDATE SET
       sha = excluded.sha, title = excluded.title, kind = excluded.kind,
       extracted = excluded.extracted, lang = excluded.lang
     RETURNING id`,
  )
  const upsertBody = db.prepare<[number, string]>(
    'INSERT OR REPLACE INTO text_bodies (id, text) VALUES (?, ?)',
  )
  const upsertFts = db.prepare<[number, string, string]>(
    'INSERT OR REPLACE INTO text_fts (rowid, title, body) VALUES (?, ?, ?)',
  )
  const fileId = db.prepare<[number, string], { id: number }>(
    'SELECT id FROM text_files WHERE space_id = ? AND path = ?',
  )
  const deleteFts = db.prepare<[number]>('DELETE FROM text_fts WHERE rowid = ?')
  const deleteBody = db.prepare<[number]>('DELETE FROM text_bodies WHERE id = ?')
  const deleteFile = db.prepare<[number]>('DELETE FROM text_files WHERE id = ?')
  const spaceIds = db.prepare<[number], { id: number }>('SELECT id FROM text_files WHERE space_id = ?')
  const spacePaths = db.prepare<[number], string>('SELECT path FROM text_files WHERE space_id = ?').pluck()
  const body = db.prepare<[number], { text: string }>('SELECT text FROM text_bodies WHERE id = ?')
  const bodyOf = db.prepare<[number, string], { text: string }>(
    `SELECT b.text FROM text_files f JOIN text_bodies b ON b.id = f.id WHERE f.space_id = ? AND f.path = ?`,
  )
  // CROSS JOIN keeps FTS5 as the outer loop: the match narrows first, then each hit's space is checked by
  // primary key. The spaces come as one JSON array so one prepared statement serves any number of them.
  const match = db.prepare<[string, string, number], HitRow>(
    `SELECT f.id, f.space_id AS spaceId, f.path, f.title, f.extracted, f.lang,
       bm25(text_fts, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS rank
     FROM text_fts CROSS JOIN text_files f ON f.id = text_fts.rowid
     WHERE text_fts MATCH ? AND f.space_id IN (SELECT value FROM json_each(?))
     ORDER BY rank LIMIT ?`,
  )
  // The best matches of the whole index, ranked by FTS5 alone, and then the files of the ones kept: when
  // the spaces searched hold most of the index, the first few matches are theirs, and the files of the
  // thousands of other matches are never read.
  const best = db.prepare<[string, number], { id: number; rank: number }>(
    `SELECT rowid AS id, bm25(text_fts, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS rank
     FROM text_fts WHERE text_fts MATCH ? ORDER BY rank LIMIT ?`,
  )
  const filesOf = db.prepare<[string], Omit<HitRow, 'rank'>>(
    `SELECT f.id, f.space_id AS spaceId, f.path, f.title, f.extracted, f.lang
     FROM text_files f WHERE f.id IN (SELECT value FROM json_each(?))`,
  )
  const scan = db.prepare<[string], ScanRow>(
    `SELECT f.id, f.space_id AS spaceId, f.path, f.title, f.extracted
     FROM text_files f
     WHERE f.space_id IN (SELECT value FROM json_each(?))
     ORDER BY f.space_id, f.path`,
  )

  // The files with any of the terms, in the spaces, that have at least `needed` of them: each term's
  // matches are read once into a set (IN over an uncorrelated subquery), so a file's count costs a lookup
  // per term. The statement depends on the number of terms, so one is prepared per count and kept.
  const partialStatements = new Map<number, Database.Statement<unknown[], PartialRow>>()
  const partialOf = (count: number) => {
    let statement = partialStatements.get(count)
    if (!statement) {
      const matched = Array.from(
        { length: count },
        () => '(h.id IN (SELECT rowid FROM text_fts WHERE text_fts MATCH ?))',
      ).join(' + ')
      statement = db.prepare<unknown[], PartialRow>(
        `SELECT f.id, f.space_id AS spaceId, f.path, f.title, f.extracted, f.lang, h.rank,
           ${matched} AS matched
         FROM (SELECT rowid AS id, bm25(text_fts, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS rank
               FROM text_fts WHERE text_fts MATCH ?) h
         CROSS JOIN text_files f ON f.id = h.id
         WHERE f.space_id IN (SELECT value FROM json_each(?)) AND matched >= ?
         ORDER BY matched DESC, h.rank LIMIT ?`,
      )
      partialStatements.set(count, statement)
    }
    return statement
  }
  const partialInSpaces = (terms: QueryTerm[], spaces: number[], limit: number): PartialRow[] =>
    partialOf(terms.length).all(
      ...terms.map(termExpression),
      ftsExpression(terms, 'OR'),
      JSON.stringify(spaces),
      wordsNeeded(terms.length),
      limit,
    )

  const forget = (id: number) => {
    deleteFts.run(id)
    deleteBody.run(id)
    deleteFile.run(id)
  }

  // Spaces whose files were too few among the best matches of the whole index, at the last search: they
  // go straight to the match filtered by space.
  const sparse = new Set<string>()

  /**
   * The best `limit` matches in `spaces`: first among the best matches of the whole index, which answers
   * alone when enough of them are in the spaces (or there are no more), then by the match filtered by
   * space, which reads the file of every match.
   */
  const bestInSpaces = (expression: string, spaces: number[], limit: number): HitRow[] => {
    const key = spaces.join(',')
    if (!sparse.has(key)) {
      const wanted = limit * BEST_SHARE
      const ranked = best.all(expression, wanted)
      const files = new Map(filesOf.all(JSON.stringify(ranked.map((r) => r.id))).map((f) => [f.id, f]))
      const inSpaces = new Set(spaces)
      const kept: HitRow[] = []
      for (const { id, rank } of ranked) {
        const file = files.get(id)
        if (file && inSpaces.has(file.spaceId)) kept.push({ ...file, rank })
        if (kept.length === limit) return kept
      }
      if (ranked.length < wanted) return kept
      if (sparse.size >= RECENT_SEARCHES) sparse.clear()
      sparse.add(key)
    }
    return match.all(expression, JSON.stringify(spaces), limit)
  }

  // The match and each hit's text in one transaction: a statement outside one takes and drops the
  // database's read lock, which costs more than reading a page's text.
  const searchWords = db.transaction(
    (terms: ReturnType<typeof queryTerms>, spaces: number[], limit: number) => {
      // FTS5's bm25() is lower for better matches: the sign is flipped so that higher is better.
      const hit = (r: HitRow) => ({ ...r, score: -r.rank })
      const all = bestFirst(bestInSpaces(ftsExpression(terms), spaces, limit).map(hit))
      const partial: PartialHit<ReturnType<typeof hit>>[] = wantsPartialMatches(terms.length, all.length)
        ? partialInSpaces(terms, spaces, limit).map((r) => ({ hit: hit(r), matched: r.matched }))
        : []
      // Snippets are made last, for the hits kept only.
      return withPartialMatches(all, partial, terms.length, limit).map((r) => ({
        spaceId: r.spaceId,
        path: r.path,
        title: r.title,
        score: r.score,
        extracted: r.extracted === 1,
        snippets: wordSnippets(body.get(r.id)?.text ?? '', terms, r.lang, kindOf(r.path) === 'markdown'),
      }))
    },
  )

  const changes = connectionChanges(db)
  const recent = keptAnswers<TextHit[]>(RECENT_SEARCHES)

  return {
    upsert: db.transaction((spaceId: number, files: IndexedFile[]) => {
      for (const f of files) {
        const lang = fileLanguage(f.title, f.text)
        const row = upsertFile.get(spaceId, f.path, f.sha, f.title, f.kind, f.extracted ? 1 : 0, lang)
        if (!row) throw new Error(`could not index ${f.path}`)
        upsertBody.run(row.id, f.text)
        upsertFts.run(row.id, stemmedText(f.title, lang), stemmedText(f.text, lang))
      }
    }),

    remove: db.transaction((spaceId: number, paths: string[]) => {
      for (const path of paths) {
        const row = fileId.get(spaceId, path)
        if (row) forget(row.id)
      }
    }),

    clear: db.transaction((spaceId: number) => {
      for (const { id } of spaceIds.all(spaceId)) forget(id)
    }),

    search: async (query, spaces, limit) => {
      const terms = queryTerms(query)
      if (terms.length === 0 || spaces.length === 0 || limit <= 0) return []
      // A search repeated while nothing was written to the database, by this connection or any other,
      // finds the same hits: they are answered from memory.
      if (recent.under(await changes())) sparse.clear()
      const key = `${limit}\0${spaces.join(',')}\0${query}`
      let hits = recent.get(key)
      if (!hits) {
        hits = searchWords(terms, spaces, limit)
        recent.keep(key, hits)
      }
      return hits.map((hit) => ({ ...hit, snippets: [...hit.snippets] }))
    },

    // A regular expression cannot use the word index, so this reads every text of the spaces in turn. RE2
    // matches in linear time; the scan still yields between files so other requests are answered meanwhile,
    // which is why the bodies are read one by one: an open iterate() would keep the connection busy.
    searchRegex: async (pattern, spaces, limit) => {
      if (spaces.length === 0 || limit <= 0) return []
      const hits: TextHit[] = []
      const clock = regexScanClock()
      for (const row of scan.all(JSON.stringify(spaces))) {
        const text = body.get(row.id)?.text
        const { snippets, count } =
          text === undefined
            ? { snippets: [], count: 0 }
            : regexSnippets(text, pattern, kindOf(row.path) === 'markdown')
        if (count > 0) {
          hits.push({
            spaceId: row.spaceId,
            path: row.path,
            title: row.title,
            score: count,
            extracted: row.extracted === 1,
            snippets,
          })
        }
        if (hits.length >= limit) break
        const pause = clock()
        if (pause === 'stop') break
        if (pause !== undefined) await pause
      }
      return bestFirst(hits)
    },

    text: (spaceId, path) => bodyOf.get(spaceId, path)?.text,

    paths: (spaceId) => spacePaths.all(spaceId),
  }
}
