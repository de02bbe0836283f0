import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { freshPglite, freshPostgresDatabase, postgresUrl } from '../../testing/postgres.ts'
import { type PgDb, type PostgresConnection, queryRows } from './open-database.ts'
import { textFiles } from './schema.ts'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function matches(db: PgDb, config: string, text: string, query: string): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(
    db,
    sql`SELECT to_tsvector(${config}::regconfig, ${text}) @@ to_tsquery(${config}::regconfig, ${query}) AS hit`,
  )
  return row!.hit
}

/** Paths of space 1's files whose document in `lang` matches every word of `words`. */
async function found(db: PgDb, lang: 'en' | 'fr', words: string): Promise<string[]> {
  const column = lang === 'en' ? textFiles.searchEn : textFiles.searchFr
  const rows = await db
    .select({ path: textFiles.path })
    .from(textFiles)
    .where(
      and(
        eq(textFiles.spaceId, 1),
        sql`${column} @@ plainto_tsquery(${`quire_${lang}`}::regconfig, ${words})`,
      ),
    )
    .orderBy(textFiles.path)
  return rows.map((r) => r.path)
}

const file = { spaceId: 1, sha: 'abc', kind: 'markdown', extracted: false } as const

const databases: [string, () => Promise<PostgresConnection>][] = [
  ['PGlite', freshPglite],
  ...(postgresUrl === null
    ? []
    : [['PostgreSQL', freshPostgresDatabase] as [string, () => Promise<PostgresConnection>]]),
]

describe.each(databases)('word search on %s', (_, open) => {
  async function database(): Promise<PgDb> {
    const { db, close } = await open()
    cleanup.push(close)
    return db
  }

  it('folds accents and stems French words', async () => {
    const db = await database()
    expect(await matches(db, 'quire_fr', 'Les élèves étudiaient', 'eleve')).toBe(true)
    expect(await matches(db, 'quire_fr', 'Les eleves etudiaient', 'élève & étudier')).toBe(true)
    expect(await matches(db, 'quire_fr', 'Les élèves étudiaient', 'professeur')).toBe(false)
  })

  it('stems English words and folds their accents too', async () => {
    const db = await database()
    expect(await matches(db, 'quire_en', 'She was running', 'run')).toBe(true)
    expect(await matches(db, 'quire_en', 'A café near the station', 'cafe & stations')).toBe(true)
  })

  it("keeps a file's search documents in step with its title and text", async () => {
    const db = await database()
    await db.insert(textFiles).values([
      {
        ...file,
        path: 'notes/fr.md',
        title: 'Réunion',
        lang: 'fr',
        text: 'Les élèves étudiaient la géométrie.',
      },
      { ...file, path: 'notes/en.md', title: 'Meeting', lang: 'en', text: 'The runners were running late.' },
    ])
    expect(await found(db, 'fr', 'reunion geometrie')).toEqual(['notes/fr.md'])
    expect(await found(db, 'en', 'run')).toEqual(['notes/en.md'])
    await db
      .update(textFiles)
      .set({ text: 'Nothing about running here.' })
      .where(and(eq(textFiles.spaceId, 1), eq(textFiles.path, 'notes/en.md')))
    expect(await found(db, 'en', 'late')).toEqual([])
    expect(await found(db, 'en', 'meeting')).toEqual(['notes/en.md'])
  })

  it('indexes a text too large for one search document by its first words instead of refusing it', async () => {
    const db = await database()
    // About 1.6 MB of distinct made-up words: more stems than a tsvector holds.
    const words = Array.from({ length: 180_000 }, (_, i) => `w${i.toString(36).padStart(4, 'x')}zq`)
    await db
      .insert(textFiles)
      .values({ ...file, path: 'big.txt', title: 'Inventory', lang: 'en', text: words.join(' ') })
    expect(await found(db, 'en', 'inventory')).toEqual(['big.txt'])
    expect(await found(db, 'en', words[0]!)).toEqual(['big.txt'])
  })
})
