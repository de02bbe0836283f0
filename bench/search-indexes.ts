import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { unitVector } from '../shared/adapters/embed/vectors.ts'
import { sqliteTextIndex } from '../shared/adapters/sqlite/text-index.ts'
import { sqliteVectorIndex } from '../shared/adapters/sqlite/vector-index.ts'
import { report, time } from './stats.ts'

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

/**
 * The two search indexes alone at `pages` pages: word search (FTS5) with real text, and meaning
 * search (sqlite-vec) over two chunks per page with synthetic clustered 512-dimension vectors,
 * because embedding that many chunks with the built-in model would take hours here.
 */
export async function benchSearchIndexes(pages: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-index-'))
  const db = new Database(join(dir, 'i.db'))
  db.pragma('journal_mode = WAL')
  try {
    const text = sqliteTextIndex(db)
    let started = performance.now()
    for (let i = 0; i < pages; i += 1000) {
      await text.forSpace(1).upsert(
        Array.from({ length: Math.min(1000, pages - i) }, (_, k) => {
          const n = i + k
          const topic = TOPICS[n % TOPICS.length] ?? ''
          return {
            path: `t/${n}.md`,
            sha: String(n),
            title: `Note ${n}`,
            kind: 'markdown' as const,
            text: `# Note ${n}\n\n${topic} team ${n % 97 === 0 ? 'rareword' : 'common'} update.\n\nReference R${n}.\n`,
            extracted: false,
          }
        }),
      )
    }
    console.log(
      `  word index build: ${((performance.now() - started) / 1000).toFixed(1)} s for ${pages} pages`,
    )
    const label = `[${pages} pages]`
    report(
      `word search, rare term, top 10 + snippets     ${label}`,
      await time(200, () => Promise.resolve(text.search('rareword', [1], 10))),
    )
    report(
      `word search, term in 1/8 of pages             ${label}`,
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
    rmSync(dir, { recursive: true, force: true })
  }
}
