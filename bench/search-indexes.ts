import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { unitVector } from '../shared/adapters/embed/vectors.ts'
import { sqliteTextIndex } from '../shared/adapters/sqlite/text-index.ts'
import { sqliteVectorIndex } from '../shared/adapters/sqlite/vector-index.ts'
import { BODY_WEIGHT, TITLE_WEIGHT } from '../shared/domain/search/rank.ts'
import { report, summarize, time } from './stats.ts'

const TOPICS = [
  'backup restore snapshot retention archive',
  'deploy release pipeline rollback canary',
  'postgres replica vacuum index failover',
  'firewall subnet gateway certificate proxy',
  'pager escalation rotation incident triage',
  'invoice refund subscription payment ledger',
  'interview candidate offer onboarding salary',
  'password audit encryption phishing patch',
]

/** Distinct search terms of each kind: one per timed search and warm-up, none asked twice. */
const FRESH_TERMS = 120
/** Searches of each kind before the timed ones. */
const FRESH_WARMUP = 10
// Terms of letters that both stemmers leave whole and none the start of another, so that the search asks
// the index for exactly the term the bare query asks for: `oftenbck`, `seldomvtk`...
const LETTERS = 'bcdfghjklmnpqrtv'
const spelled = (j: number) => `${LETTERS[(j >> 4) & 15]}${LETTERS[j & 15]}k`
/** The bodies of pages hold one term in eight of each of these, and about one in a hundred of these. */
const commonTerm = (j: number) => `often${spelled(j)}`
const rareTerm = (j: number) => `seldom${spelled(j)}`

/**
 * A page's title and text: a topic's words, then terms that each appear in one page of eight
 * (`commonTerm`) and terms that each appear in about one page of a hundred (`rareTerm`), so that every
 * timed search can ask a term never asked before and still find as many pages as a repeated one.
 */
function benchPage(n: number): { title: string; text: string } {
  const topic = TOPICS[n % TOPICS.length] ?? ''
  const common = Array.from({ length: FRESH_TERMS }, (_, j) => j).filter((j) => (n + j) % 8 === 0)
  const rare = Array.from({ length: FRESH_TERMS }, (_, j) => j).filter((j) => (n * 7 + j * 13) % 97 === 0)
  return {
    title: `Note ${n}`,
    text: `# Note ${n}\n\n${topic} team ${n % 97 === 0 ? 'rareword' : 'common'} update.\n\nReference R${n}: ${common.map(commonTerm).join(' ')} ${rare.map(rareTerm).join(' ')}.\n`,
  }
}

/**
 * The two search indexes alone at `pages` pages: word search (FTS5) with real text, beside a bare
 * FTS5 query over the same text (MATCH ranked by bm25() with snippet()), and meaning search
 * (sqlite-vec) over two chunks per page with synthetic clustered 512-dimension vectors, because
 * embedding that many chunks with the built-in model would take hours here. Each word search asks a
 * term not asked before, so no answer kept in memory serves it.
 */
export async function benchSearchIndexes(pages: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-index-'))
  const db = new Database(join(dir, 'i.db'))
  db.pragma('journal_mode = WAL')
  const bare = new Database(join(dir, 'bare.db'))
  bare.pragma('journal_mode = WAL')
  try {
    const text = sqliteTextIndex(db)
    let started = performance.now()
    for (let i = 0; i < pages; i += 1000) {
      await text.forSpace(1).upsert(
        Array.from({ length: Math.min(1000, pages - i) }, (_, k) => {
          const n = i + k
          return {
            path: `t/${n}.md`,
            sha: String(n),
            ...benchPage(n),
            kind: 'markdown' as const,
            extracted: false,
          }
        }),
      )
    }
    console.log(
      `  word index build: ${((performance.now() - started) / 1000).toFixed(1)} s for ${pages} pages`,
    )
    bare.exec(
      `CREATE VIRTUAL TABLE bare_fts USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`,
    )
    const insert = bare.prepare<[number, string, string]>(
      'INSERT INTO bare_fts (rowid, title, body) VALUES (?, ?, ?)',
    )
    bare.transaction(() => {
      for (let n = 0; n < pages; n++) {
        const { title, text: body } = benchPage(n)
        insert.run(n, title, body)
      }
    })()
    const bareMatch = bare.prepare<[string], unknown>(
      `SELECT rowid, bm25(bare_fts, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS rank,
         snippet(bare_fts, 1, '', '', '…', 16) AS snippet
       FROM bare_fts WHERE bare_fts MATCH ? ORDER BY rank LIMIT 10`,
    )

    const label = `[${pages} pages]`
    const product = (term: string) => text.search(term, [1], 10)
    const raw = async (term: string) => bareMatch.all(`"${term}"*`)
    for (const [name, term] of [
      ['rare term (~1 page in 100)', rareTerm],
      ['term in 1 page of 8       ', commonTerm],
    ] as const) {
      // Each term is asked once of each, the two taking turns to go first, so that neither finds the
      // other's pages in the cache more often, and a busy moment of the machine falls on both alike.
      const words: number[] = []
      const bareTimes: number[] = []
      for (let j = 0; j < FRESH_TERMS; j++) {
        const pair = [
          [product, words],
          [raw, bareTimes],
        ] as const
        for (const [ask, samples] of j % 2 === 0 ? pair : [...pair].reverse()) {
          const started = performance.now()
          await ask(term(j))
          if (j >= FRESH_WARMUP) samples.push(performance.now() - started)
        }
      }
      report(`word search, new ${name}, top 10  ${label}`, words)
      report(`  bare FTS5 MATCH + bm25() + snippet()            ${label}`, bareTimes)
      console.log(
        `  word search / bare FTS5: ${(summarize(words).median / summarize(bareTimes).median).toFixed(2)}x`,
      )
    }
    // Two words in 1 page of 8 each, never in the same page: the pages with either are looked for.
    report(
      `word search, two terms never together (1 page of 8 each) ${label}`,
      await time(
        40,
        (i) => Promise.resolve(text.search(`${commonTerm(i)} ${commonTerm(i + 1)}`, [1], 10)),
        0,
      ),
    )
    report(
      `word search, the same query again             ${label}`,
      await time(200, () => Promise.resolve(text.search('rollback', [1], 10))),
    )

    const vectors = sqliteVectorIndex(db, 512)
    const centres = TOPICS.map(() =>
      unitVector(Float32Array.from({ length: 512 }, () => Math.random() - 0.5)),
    )
    const near = (c: Float32Array) =>
      unitVector(Float32Array.from(c, (x) => x + (Math.random() - 0.5) * 0.08))
    started = performance.now()
    for (let i = 0; i < pages; i += 500) {
      const batch = Array.from({ length: Math.min(500, pages - i) }, (_, k) => i + k)
      await vectors.forSpace(1).upsert(
        batch.flatMap((n) =>
          [0, 1].map((c) => ({
            path: `t/${n}.md`,
            heading: `Note ${n} ${c}`,
            text: '',
            vector: near(centres[n % centres.length] as Float32Array),
          })),
        ),
        batch.map((n) => `t/${n}.md`),
      )
    }
    console.log(
      `  meaning index build (vectors given): ${((performance.now() - started) / 1000).toFixed(1)} s for ${pages * 2} chunks`,
    )
    report(
      `meaning search, top 60 chunks                 ${label}`,
      await time(100, async (i) =>
        Promise.resolve(await vectors.search(near(centres[i % centres.length] as Float32Array), [1], 60)),
      ),
    )
  } finally {
    db.close()
    bare.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
