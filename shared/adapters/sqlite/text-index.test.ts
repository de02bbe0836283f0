import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compileTextPattern } from '../../domain/text-pattern.ts'
import type { IndexedFile, TextIndex } from '../../ports/search-index.ts'
import { sqliteTextIndex } from './text-index.ts'

const page = (path: string, title: string, text: string, extra: Partial<IndexedFile> = {}): IndexedFile => ({
  path,
  sha: `sha-${path}-${text.length}`,
  title,
  kind: 'markdown',
  text,
  extracted: false,
  ...extra,
})

const OPS = 1
const HOME = 2

const deployments = page(
  'ops/deployments.md',
  'Deployments',
  [
    '# Deployments',
    '',
    'We deploy to production every Tuesday afternoon.',
    'The pipeline builds the image, runs the tests, then rolls out region by region.',
    'If a deployment fails, the previous release is restored automatically.',
    '',
    'See also the backups page.',
  ].join('\n'),
)
const backups = page(
  'ops/backups.md',
  'Backups',
  [
    '# Backups',
    '',
    'The database is copied every night to cold storage.',
    'Restoring a copy takes about twenty minutes.',
  ].join('\n'),
)
const oncall = page(
  'ops/on-call.md',
  'On-call rota',
  [
    '# On-call rota',
    '',
    'Whoever is on call checks the alerts, the disk usage and the nightly backups.',
    'Escalate to the platform team after thirty minutes.',
  ].join('\n'),
)
const chauffage = page(
  'maison/chauffage.md',
  'Chauffage',
  [
    '# Chauffage',
    '',
    'La chaudière a été révisée en septembre par le technicien.',
    "L'entretien annuel est obligatoire pour l'assurance habitation.",
    'Le thermostat se règle depuis le salon.',
  ].join('\n'),
)
const cv = page(
  'perso/cv.md',
  'Résumé',
  [
    '# Résumé',
    '',
    'Ingénieure système, douze ans d’expérience.',
    'Pendant l’ÉTÉ 2019 : stage chez un hébergeur lyonnais.',
  ].join('\n'),
)
const facture = page(
  'documents/facture-2024.pdf',
  'facture-2024.pdf',
  [
    'FACTURE N° 2024-118',
    'Entretien de deux chaudières murales à gaz',
    'Main d’œuvre : 2 heures',
    'Total TTC : 240,00 €',
  ].join('\n'),
  { kind: 'document', extracted: true },
)
const homeDeploy = page(
  'notes/robot.md',
  'Robot tondeuse',
  'On a déployé le robot tondeuse au printemps.\nIl faut deploy la mise à jour du firmware.',
)

let dir: string
let db: Database.Database
let index: TextIndex

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'text-index-'))
  db = new Database(join(dir, 'kb.sqlite'))
  db.pragma('journal_mode = WAL')
  index = sqliteTextIndex(db)
  await index.forSpace(OPS).upsert([deployments, backups, oncall])
  await index.forSpace(HOME).upsert([chauffage, cv, facture, homeDeploy])
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const paths = async (query: string, spaces = [OPS, HOME], limit = 10) =>
  (await index.search(query, spaces, limit)).map((h) => h.path)

describe('word search', () => {
  it('creates its tables idempotently on an existing database', async () => {
    const again = sqliteTextIndex(db)
    expect((await again.search('deployments', [OPS], 10)).map((h) => h.path)).toEqual(['ops/deployments.md'])
  })

  it('matches English forms of a word: deploying finds deploy and deployments', async () => {
    const found = await paths('deploying', [OPS])
    expect(found).toEqual(['ops/deployments.md'])
    expect(await paths('restored')).toEqual(expect.arrayContaining(['ops/deployments.md', 'ops/backups.md']))
  })

  it('matches French forms of a word: chaudières finds chaudière', async () => {
    expect(await paths('chaudières')).toEqual(
      expect.arrayContaining(['maison/chauffage.md', 'documents/facture-2024.pdf']),
    )
    expect(await paths('chaudiere')).toHaveLength(2)
  })

  it('ignores accents and case', async () => {
    expect(await paths('resume')).toEqual(['perso/cv.md'])
    expect(await paths('ETE')).toEqual(expect.arrayContaining(['maison/chauffage.md', 'perso/cv.md']))
    expect(await paths('INGENIEURE')).toEqual(['perso/cv.md'])
    expect(await paths('main d oeuvre')).toEqual(['documents/facture-2024.pdf'])
  })

  it('requires every word of the query while a file has them all, else takes the files with some', async () => {
    expect((await paths('chaudière entretien')).sort()).toEqual([
      'documents/facture-2024.pdf',
      'maison/chauffage.md',
    ])
    expect(await paths('chaudière gaz')).toEqual(['documents/facture-2024.pdf'])
    expect((await paths('chaudière tuesday')).sort()).toEqual([
      'documents/facture-2024.pdf',
      'maison/chauffage.md',
      'ops/deployments.md',
    ])
  })

  it('ignores stopwords unless the query has nothing else', async () => {
    expect(await paths('the backups of the database')).toEqual(['ops/backups.md'])
    expect(await paths('le thermostat')).toEqual(['maison/chauffage.md'])
    expect((await paths('the', [OPS])).length).toBeGreaterThan(0)
  })

  it('ranks a title match above matches in the text only', async () => {
    const hits = await index.search('backups', [OPS], 10)
    expect(hits.map((h) => h.path)).toEqual(['ops/backups.md', 'ops/on-call.md', 'ops/deployments.md'])
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
    expect(hits[1]!.score).toBeGreaterThan(0)
  })

  it('matches the word being typed as the start of a longer one', async () => {
    expect(await paths('deplo', [OPS])).toEqual(['ops/deployments.md'])
    expect(await paths('alerts back', [OPS])).toEqual(['ops/on-call.md'])
    // A finished word (space after it) and short words must match whole.
    expect(await paths('deplo ', [OPS])).toEqual([])
    expect(await paths('de', [OPS])).toEqual([])
  })

  it('gives snippets with line numbers, neighbouring lines and the best line first', async () => {
    const [hit] = await index.search('deployment restored', [OPS], 1)
    expect(hit!.snippets).toEqual([
      {
        line: 5,
        text: 'If a deployment fails, the previous release is restored automatically.',
        before: 'The pipeline builds the image, runs the tests, then rolls out region by region.',
        after: '',
      },
      { line: 1, text: 'Deployments', before: '', after: '' },
      {
        line: 3,
        text: 'We deploy to production every Tuesday afternoon.',
        before: '',
        after: 'The pipeline builds the image, runs the tests, then rolls out region by region.',
      },
    ])
    const [deploy] = await index.search('deploying', [OPS], 1)
    expect(deploy!.snippets.map((s) => s.line)).toEqual([1, 3, 5])
    expect(deploy!.snippets[0]).toEqual({ line: 1, text: 'Deployments', before: '', after: '' })
    expect(deploy!.title).toBe('Deployments')
  })

  it('cuts long lines around the first match', async () => {
    const long = `${'filler words here '.repeat(30)}the needle is here ${'and more text '.repeat(30)}`
    await index.forSpace(OPS).upsert([page('ops/long.md', 'Long', `intro\n${long}\noutro`)])
    const [hit] = await index.search('needle', [OPS], 1)
    const s = hit!.snippets[0]!
    expect(s.line).toBe(2)
    expect(s.text).toContain('needle')
    expect(s.text.length).toBeLessThanOrEqual(202)
    expect(s.text.startsWith('…')).toBe(true)
    expect([s.before, s.after]).toEqual(['intro', 'outro'])
  })

  it('flags text extracted from documents', async () => {
    const [hit] = await index.search('facture', [HOME], 10)
    expect(hit).toMatchObject({ path: 'documents/facture-2024.pdf', extracted: true, spaceId: HOME })
    expect(hit!.snippets[0]).toMatchObject({ line: 1, text: 'FACTURE N° 2024-118' })
    expect((await index.search('chauffage', [HOME], 10))[0]!.extracted).toBe(false)
  })

  it('searches only the given spaces and honours the limit', async () => {
    expect(await paths('deploy', [OPS])).toEqual(['ops/deployments.md'])
    expect(await paths('deploy', [HOME])).toEqual(['notes/robot.md'])
    expect((await paths('deploy', [OPS, HOME])).sort()).toEqual(['notes/robot.md', 'ops/deployments.md'])
    expect(await paths('deploy', [99])).toEqual([])
    expect(await paths('deploy', [])).toEqual([])
    expect(await paths('deploy', [OPS, HOME], 1)).toHaveLength(1)
  })

  it('finds a space’s best pages, in order, when another space has many better ones', async () => {
    // Fifty pages about kafka in their titles in one space, three with the word once in another.
    await index
      .forSpace(OPS)
      .upsert(
        Array.from({ length: 50 }, (_, i) =>
          page(`ops/kafka-${i}.md`, `Kafka ${i}`, `# Kafka ${i}\n\nkafka kafka`),
        ),
      )
    await index
      .forSpace(HOME)
      .upsert([
        page('notes/a.md', 'Notes A', 'A kafka.'),
        page('notes/b.md', 'Notes B', 'Kafka, and a long line of other words about nothing much at all.'),
        page('notes/c.md', 'Notes C', 'Nothing here.'),
      ])
    for (let round = 0; round < 2; round++) {
      expect(await paths('kafka', [HOME], 2)).toEqual(['notes/a.md', 'notes/b.md'])
      expect(await paths('kafka', [HOME, 99], 5)).toEqual(['notes/a.md', 'notes/b.md'])
      expect(await paths('kafka', [OPS, HOME], 3)).toHaveLength(3)
      expect((await paths('kafka', [OPS, HOME], 60)).slice(-2)).toEqual(['notes/a.md', 'notes/b.md'])
    }
  })

  it('replaces a file on upsert: old words are gone, new ones found', async () => {
    await index.forSpace(OPS).upsert([page('ops/backups.md', 'Snapshots', 'Volumes are snapshotted hourly.')])
    expect(await paths('database', [OPS])).toEqual([])
    expect(await paths('snapshot', [OPS])).toEqual(['ops/backups.md'])
    expect((await index.search('snapshots', [OPS], 1))[0]!.title).toBe('Snapshots')
    expect(await index.forSpace(OPS).text('ops/backups.md')).toBe('Volumes are snapshotted hourly.')
  })

  it('removes files and clears a space', async () => {
    await index.forSpace(OPS).remove(['ops/deployments.md', 'ops/missing.md'])
    expect(await paths('deploy')).toEqual(['notes/robot.md'])
    expect(await index.forSpace(OPS).text('ops/deployments.md')).toBeUndefined()
    await index.forSpace(HOME).clear()
    expect(await paths('chaudière')).toEqual([])
    expect(await index.forSpace(HOME).text('perso/cv.md')).toBeUndefined()
    expect(await paths('backups')).toEqual(['ops/backups.md', 'ops/on-call.md'])
  })

  it('returns the stored original text', async () => {
    expect(await index.forSpace(HOME).text('perso/cv.md')).toBe(cv.text)
    expect(await index.forSpace(OPS).text('perso/cv.md')).toBeUndefined()
  })

  it('never throws on hostile queries', async () => {
    const hostile = [
      '"',
      '""',
      '"unterminated',
      '(',
      ')))',
      'deploy AND',
      'OR',
      'NOT deploy',
      'NEAR(deploy backups, 2)',
      'deploy*',
      '*',
      '-deploy',
      'title:deploy',
      '^deploy',
      'deploy + - : ( ) { } [ ]',
      'l\'été "chaud" OR (froid',
      '\u0000\u0001',
      '🙂 ✓',
      '   ',
      '',
      'x'.repeat(5000),
      Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' '),
    ]
    for (const q of hostile) await expect(index.search(q, [OPS, HOME], 10)).resolves.toBeDefined()
    // Operators typed by users are words or punctuation, never syntax.
    expect(await paths('deploy:tuesday', [OPS])).toEqual(['ops/deployments.md'])
    expect(await paths('NEAR(deploy tuesday)', [OPS])).toEqual(['ops/deployments.md'])
    expect(await paths('NEAR(deploy tuesday)', [HOME])).toEqual([])
    expect(await paths('deploy OR chaudière', [OPS])).toEqual(['ops/deployments.md'])
    expect(await paths('"deploy" AND -tuesday', [OPS])).toEqual(['ops/deployments.md'])
  })
})

describe('regular-expression search', () => {
  const scan = async (source: string, spaces = [OPS, HOME], limit = 10) =>
    index.searchRegex(compileTextPattern(source), spaces, limit)
  const scanPaths = async (source: string, spaces = [OPS, HOME], limit = 10) =>
    (await scan(source, spaces, limit)).map((h) => h.path).sort()

  it('finds matching lines with groups, ignoring case', async () => {
    const hits = await scan('CHAUDI(è|e)re(s)?', [HOME])
    expect(hits.map((h) => h.path).sort()).toEqual(['documents/facture-2024.pdf', 'maison/chauffage.md'])
    const doc = hits.find((h) => h.extracted)!
    expect(doc.snippets).toEqual([
      {
        line: 2,
        text: 'Entretien de deux chaudières murales à gaz',
        before: 'FACTURE N° 2024-118',
        after: 'Main d’œuvre : 2 heures',
      },
    ])
  })

  it('ignores case beyond ASCII and is restricted to the given spaces', async () => {
    expect(await scanPaths('Deploy')).toEqual(['notes/robot.md', 'ops/deployments.md'])
    expect(await scanPaths('deploy', [OPS])).toEqual(['ops/deployments.md'])
    expect(await scanPaths('deploy', [])).toEqual([])
    expect(await scanPaths('été 20\\d\\d')).toEqual(['perso/cv.md'])
    expect(await scanPaths('\\u00c9T\\u00c9 \\d')).toEqual(['perso/cv.md'])
  })

  it('gives up to three distinct lines, and scores files by their number of matches', async () => {
    const hits = await scan('\\b(the|le)\\b')
    const deploy = hits.find((h) => h.path === 'ops/deployments.md')!
    expect(deploy.snippets.map((s) => s.line)).toEqual([4, 5, 7])
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
  })

  it('gives the same hits when one pattern is used twice', async () => {
    const pattern = compileTextPattern('backups')
    const first = (await index.searchRegex(pattern, [OPS], 10)).map((h) => h.path).sort()
    const second = (await index.searchRegex(pattern, [OPS], 10)).map((h) => h.path).sort()
    expect(first).toEqual(['ops/backups.md', 'ops/deployments.md', 'ops/on-call.md'])
    expect(second).toEqual(first)
  })

  it('answers a pattern that makes a backtracking engine explode, with the right files', async () => {
    const rule = `| Step | Owner |\n|${'-'.repeat(30)}|-------|\n| Deploy | ops |\n`
    await index
      .forSpace(5)
      .upsert([
        ...Array.from({ length: 20 }, (_, i) => page(`table/${i}.md`, `Table ${i}`, rule)),
        page('table/match.md', 'Match', `${rule}--x marks the spot\n`),
        page('slow.md', 'Slow', `${'a'.repeat(40)}!`),
      ])
    const hits = await scan('(-|-)+x', [5])
    expect(hits.map((h) => [h.path, h.snippets.map((s) => s.line)])).toEqual([['table/match.md', [4]]])
    expect(await scan('(a+)+b', [5])).toEqual([])
  })

  it('lets other work run while it scans many files', async () => {
    const long = Array.from({ length: 1000 }, (_, i) => `line ${i}: next to the -- dashes, an x`).join('\n')
    await index
      .forSpace(6)
      .upsert(Array.from({ length: 100 }, (_, i) => page(`long/${i}.md`, `Long ${i}`, long)))
    let ranBetween = false
    setImmediate(() => {
      ranBetween = true
    })
    const scanning = scan('(-|-)+x', [6])
    // Nothing yet: the scan started synchronously, and the callback above waits for it to yield.
    expect(ranBetween).toBe(false)
    expect(await scanning).toEqual([])
    expect(ranBetween).toBe(true)
  })

  it('stops after the limit and handles empty matches and patterns across lines', async () => {
    expect(await scan('.', [OPS, HOME], 2)).toHaveLength(2)
    expect(await scan('^', [OPS])).toHaveLength(3)
    const [hit] = await scan('afternoon\\.\\nThe pipeline', [OPS])
    expect(hit!.snippets[0]!.line).toBe(3)
  })
})

// A small deterministic generator, so the timing set is the same on every run.
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function median(run: () => unknown, times: number): Promise<number> {
  const spent: number[] = []
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    await run()
    spent.push(performance.now() - start)
  }
  spent.sort((a, b) => a - b)
  return spent[Math.floor(times / 2)]!
}

describe('timing on 10,000 pages (printed, not asserted)', () => {
  it('searches a rare and a common word and re-indexes one page', async () => {
    const next = random(42)
    const syllables = ['ba', 'ko', 'ri', 'ta', 'mu', 'ne', 'so', 'gi', 'pe', 'lu', 'dar', 'vin']
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!
    const vocabulary = Array.from({ length: 3000 }, () => pick(syllables) + pick(syllables) + pick(syllables))
    const synthetic = (i: number): IndexedFile => {
      const lines = Array.from({ length: 10 }, () =>
        Array.from({ length: 12 }, () => pick(vocabulary)).join(' '),
      )
      if (next() < 0.4) lines[Math.floor(next() * 10)] += ' kubernetes'
      if (i === 7777) lines[4] += ' zanzibar'
      return page(`gen/page-${i}.md`, `Page ${i} ${pick(vocabulary)}`, lines.join('\n'))
    }
    const pages = Array.from({ length: 10_000 }, (_, i) => synthetic(i))
    const started = performance.now()
    await index.forSpace(3).upsert(pages)
    const indexing = performance.now() - started

    const rare = await index.search('zanzibar', [3], 10)
    const common = await index.search('kubernetes', [3], 10)
    expect(rare.map((h) => h.path)).toEqual(['gen/page-7777.md'])
    expect(common).toHaveLength(10)
    expect(common.every((h) => h.snippets.length === 1)).toBe(true)

    const rareMs = await median(() => index.search('zanzibar', [3], 10), 30)
    const commonMs = await median(() => index.search('kubernetes', [3], 10), 30)
    let n = 0
    const reindexMs = await median(() => index.forSpace(3).upsert([synthetic(n++ % 100)]), 50)
    console.log(
      `10,000 pages: indexed in ${indexing.toFixed(0)} ms; top-10 with snippets: rare word ${rareMs.toFixed(2)} ms, ` +
        `word in ~40% of pages ${commonMs.toFixed(2)} ms; re-indexing one page ${reindexMs.toFixed(2)} ms`,
    )
  })
})

describe('stopwords of the query’s own language only', () => {
  it('keeps "car" in an English query although French uses it as a stopword', async () => {
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const Database = (await import('better-sqlite3')).default
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'quire-car-')), 'i.db'))
    const index = sqliteTextIndex(db)
    await index.forSpace(1).upsert([
      {
        path: 'car.md',
        sha: 'a',
        title: 'Car insurance',
        kind: 'markdown',
        text: '# Car insurance\n\nThe car insurance renews in May.\n',
        extracted: false,
      },
      {
        path: 'home.md',
        sha: 'b',
        title: 'Home insurance',
        kind: 'markdown',
        text: '# Home insurance\n\nThe home insurance renews in June.\n',
        extracted: false,
      },
    ])
    expect((await index.search('car insurance', [1], 10)).map((h) => h.path)).toEqual(['car.md'])
    db.close()
  })
})

describe('a repeated search', () => {
  const paths = async (on: TextIndex, query: string) =>
    (await on.search(query, [OPS], 10)).map((hit) => hit.path).sort()

  it('sees what this connection wrote since it was last asked', async () => {
    expect(await paths(index, 'backups')).toEqual(['ops/backups.md', 'ops/deployments.md', 'ops/on-call.md'])
    await index.forSpace(OPS).remove(['ops/on-call.md'])
    expect(await paths(index, 'backups')).toEqual(['ops/backups.md', 'ops/deployments.md'])
    await index
      .forSpace(OPS)
      .upsert([page('ops/restore.md', 'Restore', 'Restoring the backups, step by step.')])
    expect(await paths(index, 'backups')).toEqual(['ops/backups.md', 'ops/deployments.md', 'ops/restore.md'])
  })

  it('sees what another connection (another instance) wrote since it was last asked', async () => {
    const otherDb = new Database(join(dir, 'kb.sqlite'))
    try {
      const other = sqliteTextIndex(otherDb)
      expect(await paths(index, 'backups')).toEqual([
        'ops/backups.md',
        'ops/deployments.md',
        'ops/on-call.md',
      ])
      await other.forSpace(OPS).remove(['ops/backups.md'])
      expect(await paths(index, 'backups')).toEqual(['ops/deployments.md', 'ops/on-call.md'])
      await other
        .forSpace(OPS)
        .upsert([page('ops/restore.md', 'Restore', 'Restoring the backups, step by step.')])
      expect(await paths(index, 'backups')).toEqual([
        'ops/deployments.md',
        'ops/on-call.md',
        'ops/restore.md',
      ])
    } finally {
      otherDb.close()
    }
  })
})
