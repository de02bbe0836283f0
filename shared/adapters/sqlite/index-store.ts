import { and, eq, inArray, sql } from 'drizzle-orm'
import type { IndexLink } from '../../ports/index-store.ts'
import type { FileMeta } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { FlatIndexStore } from '../database/space-scope.ts'
import { DEFAULT_INDEX_STATE } from '../database/store-rows.ts'
import { connectionChanges } from './connection-changes.ts'
import type { Db } from './open-database.ts'
import { indexFiles, indexLinks, indexState } from './schema.ts'

/** A FileMeta's columns in `index_files`, as the driver's own statements read them. */
const META_COLUMNS = `path, sha, title, kind, extracted, owner, verified, review_every AS reviewEvery,
  last_change AS lastChange, size`

/** A row of `index_files` as read by META_COLUMNS: SQLite has no boolean. */
type MetaRow = Omit<FileMeta, 'extracted'> & { extracted: number }
const toMeta = (row: MetaRow): FileMeta => ({ ...row, extracted: row.extracted === 1 })
/** A link as SQLite gives it back: its kind 1, 0 or null. */
type LinkRow = Omit<IndexLink, 'wiki'> & { wiki: number | null }
const kindOf = (wiki: number | null): boolean | null => (wiki === null ? null : wiki === 1)

/** Page metadata kept in memory at most, for searches (see `filesAt`). */
const KEPT_FILES = 20_000

/** The search index's metadata and link graph in SQLite. */
export function indexStore(db: Db): Sync<FlatIndexStore> {
  const dropLinks = (spaceId: number, paths: string[]) => {
    for (let i = 0; i < paths.length; i += 500) {
      db.delete(indexLinks)
        .where(and(eq(indexLinks.spaceId, spaceId), inArray(indexLinks.fromPath, paths.slice(i, i + 500))))
        .run()
    }
  }
  // Prepared once, the driver's own statement: a search reads one row per result and a page read its
  // file's, and the query builder's mapping of a row cost more than the lookup.
  const fileAtRow = db.$client.prepare<[number, string], MetaRow>(
    `SELECT ${META_COLUMNS} FROM index_files WHERE space_id = ? AND path = ?`,
  )
  const fileAt = (spaceId: number, path: string): FileMeta | undefined => {
    const row = fileAtRow.get(spaceId, path)
    return row && toMeta(row)
  }
  // One statement for them all (paths as a JSON array): a statement each, even in one transaction,
  // cost a search about 2 µs a result.
  const filesAtRows = db.$client.prepare<[number, string], MetaRow>(
    `SELECT ${META_COLUMNS} FROM index_files WHERE space_id = ? AND path IN (SELECT value FROM json_each(?))`,
  )
  // Every indexing of a space reads them all (a save included): the query builder's mapping of 10,000
  // rows cost 13 ms of each save on the desktop, the driver's own statement a few.
  const shasOf = db.$client.prepare<[number], { path: string; sha: string }>(
    'SELECT path, sha FROM index_files WHERE space_id = ?',
  )
  // A space's every file (the tree lists them all): the driver's own statement, since mapping a
  // thousand rows through the query builder cost more than reading them.
  const filesOf = db.$client.prepare<[number], MetaRow>(
    `SELECT ${META_COLUMNS} FROM index_files WHERE space_id = ?`,
  )
  // Every page of a space, read when its related pages are first asked for after a start.
  const termsOf = db.$client.prepare<[number], { path: string; sha: string; terms: string | null }>(
    `SELECT path, sha, terms FROM index_files WHERE space_id = ? AND kind = 'markdown'`,
  )
  const stateOf = db
    .select()
    .from(indexState)
    .where(eq(indexState.spaceId, sql.placeholder('spaceId')))
    .prepare()
  // The files waiting for their vectors: the meaning fill reads a batch at a time.
  const unembeddedRows = db.$client.prepare<[number, number], { path: string; sha: string }>(
    `SELECT path, sha FROM index_files WHERE space_id = ? AND (vector_sha IS NULL OR vector_sha <> sha)
     ORDER BY path LIMIT ?`,
  )
  const markRow = db.$client.prepare<[number, string, string]>(
    'UPDATE index_files SET vector_sha = sha WHERE space_id = ? AND path = ? AND sha = ?',
  )
  const progressRow = db.$client.prepare<[number], { files: number; embedded: number | null }>(
    `SELECT count(*) AS files, sum(vector_sha IS NOT NULL AND vector_sha = sha) AS embedded
     FROM index_files WHERE space_id = ?`,
  )
  // The links stored leading to a file, then those leading nowhere or to a file no longer indexed:
  // the first two by the `index_links_to` index, the last one scan of the space's links.
  const linksIntoRows = db.$client.prepare<[{ space: number; path: string }], LinkRow>(
    `SELECT from_path AS fromPath, target, to_path AS toPath, wiki FROM index_links
       WHERE space_id = @space AND to_path = @path
     UNION ALL
     SELECT from_path, target, to_path, wiki FROM index_links WHERE space_id = @space AND to_path IS NULL
     UNION ALL
     SELECT l.from_path, l.target, l.to_path, l.wiki FROM index_links l
       WHERE l.space_id = @space AND l.to_path IS NOT NULL AND l.to_path <> @path
         AND NOT EXISTS (SELECT 1 FROM index_files f WHERE f.space_id = l.space_id AND f.path = l.to_path)`,
  )
  const changes = connectionChanges(db.$client)
  const kept = new Map<string, FileMeta | null>()
  let keptVersion = ''
  return {
    files: (spaceId) => filesOf.all(spaceId).map(toMeta),
    shas: (spaceId) => shasOf.all(spaceId),
    pageTerms: (spaceId) => termsOf.all(spaceId),
    file: fileAt,
    filesAt: async (spaceId, paths) => {
      // Kept while nothing is written to the database (a search reads the same pages again and again).
      const version = await changes()
      if (version !== keptVersion || kept.size > KEPT_FILES) {
        kept.clear()
        keptVersion = version
      }
      const key = (path: string) => `${spaceId}\0${path}`
      const missing = paths.filter((path) => !kept.has(key(path)))
      if (missing.length > 0) {
        for (const path of missing) kept.set(key(path), null)
        for (const row of filesAtRows.all(spaceId, JSON.stringify(missing)))
          kept.set(key(row.path), toMeta(row))
      }
      return paths.flatMap((path) => {
        const found = kept.get(key(path))
        return found ? [{ ...found }] : []
      })
    },
    upsert: (spaceId, files, links) =>
      db.transaction(() => {
        for (const written of files) {
          // Counts read from an earlier blob never stay beside this one.
          const file = { ...written, terms: written.terms ?? null }
          const { path, ...rest } = file
          db.insert(indexFiles)
            .values({ spaceId, ...file })
            .onConflictDoUpdate({ target: [indexFiles.spaceId, indexFiles.path], set: rest })
            .run()
        }
        dropLinks(
          spaceId,
          files.map((f) => f.path),
        )
        for (const link of links)
          db.insert(indexLinks)
            .values({ spaceId, ...link })
            .run()
      }),
    remove: (spaceId, paths) =>
      db.transaction(() => {
        for (let i = 0; i < paths.length; i += 500) {
          db.delete(indexFiles)
            .where(and(eq(indexFiles.spaceId, spaceId), inArray(indexFiles.path, paths.slice(i, i + 500))))
            .run()
        }
        dropLinks(spaceId, paths)
      }),
    clear: (spaceId) =>
      db.transaction(() => {
        db.delete(indexFiles).where(eq(indexFiles.spaceId, spaceId)).run()
        db.delete(indexLinks).where(eq(indexLinks.spaceId, spaceId)).run()
        db.update(indexState)
          .set({ commit: null, vectorsCommit: null })
          .where(eq(indexState.spaceId, spaceId))
          .run()
      }),
    links: (spaceId) =>
      db
        .select({
          fromPath: indexLinks.fromPath,
          target: indexLinks.target,
          toPath: indexLinks.toPath,
          wiki: indexLinks.wiki,
        })
        .from(indexLinks)
        .where(eq(indexLinks.spaceId, spaceId))
        .all(),
    linksInto: (spaceId, path) =>
      linksIntoRows.all({ space: spaceId, path }).map((row) => ({ ...row, wiki: kindOf(row.wiki) })),
    state: (spaceId) => {
      const row = stateOf.get({ spaceId })
      if (!row) return { ...DEFAULT_INDEX_STATE }
      const { spaceId: _id, ...state } = row
      return state
    },
    unembedded: (spaceId, limit) => unembeddedRows.all(spaceId, limit),
    markEmbedded: (spaceId, files) =>
      db.transaction(() => {
        for (const { path, sha } of files) markRow.run(spaceId, path, sha)
      }),
    forgetEmbedded: (spaceId) => {
      db.update(indexFiles).set({ vectorSha: null }).where(eq(indexFiles.spaceId, spaceId)).run()
    },
    embedProgress: (spaceId) => {
      const row = progressRow.get(spaceId)
      return { files: row?.files ?? 0, embedded: row?.embedded ?? 0 }
    },
    setState: (spaceId, changes) => {
      db.insert(indexState)
        .values({ spaceId, ...DEFAULT_INDEX_STATE, ...changes })
        .onConflictDoUpdate({ target: indexState.spaceId, set: changes })
        .run()
    },
  }
}
