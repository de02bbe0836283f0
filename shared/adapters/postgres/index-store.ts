import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { IndexLink } from '../../ports/index-store.ts'
import type { FlatIndexStore } from '../database/space-scope.ts'
import { DEFAULT_INDEX_STATE } from '../database/store-rows.ts'
import { type PgDb, queryRows } from './open-database.ts'
import { excluded, lastPerKey, slices } from './query-helpers.ts'
import { indexFiles, indexLinks, indexState } from './schema.ts'

/** The columns of a FileMeta: the row's space id is the caller's own argument, not part of the answer. */
const { spaceId: _spaceId, vectorSha: _vectorSha, terms: _terms, ...FILE_META } = getTableColumns(indexFiles)

/** Rows per insert: 12 parameters a file, 4 a link, well under PostgreSQL's limit. */
const FILES_PER_STATEMENT = 1000
const LINKS_PER_STATEMENT = 2000
const PATHS_PER_STATEMENT = 1000

/** Drops the links going out of these paths. */
async function dropLinks(tx: PgDb, spaceId: number, paths: string[]): Promise<void> {
  for (const slice of slices(paths, PATHS_PER_STATEMENT)) {
    await tx
      .delete(indexLinks)
      .where(and(eq(indexLinks.spaceId, spaceId), inArray(indexLinks.fromPath, slice)))
  }
}

/** The search index's metadata and link graph in PostgreSQL. */
export function indexStore(db: PgDb): FlatIndexStore {
  // Prepared once per connection: a search reads one row per result and the state of each space.
  const fileAt = db
    .select(FILE_META)
    .from(indexFiles)
    .where(
      and(eq(indexFiles.spaceId, sql.placeholder('spaceId')), eq(indexFiles.path, sql.placeholder('path'))),
    )
    .prepare('quire_index_file_at')
  const stateOf = db
    .select()
    .from(indexState)
    .where(eq(indexState.spaceId, sql.placeholder('spaceId')))
    .prepare('quire_index_state_of')
  return {
    files: (spaceId) => db.select(FILE_META).from(indexFiles).where(eq(indexFiles.spaceId, spaceId)),
    // Every indexing of a space reads them all (a save included): rows as the driver gives them.
    shas: (spaceId) =>
      queryRows<{ path: string; sha: string }>(
        db,
        sql`SELECT path, sha FROM index_files WHERE space_id = ${spaceId}`,
      ),
    pageTerms: (spaceId) =>
      queryRows<{ path: string; sha: string; terms: string | null }>(
        db,
        sql`SELECT path, sha, terms FROM index_files WHERE space_id = ${spaceId} AND kind = 'markdown'`,
      ),
    file: async (spaceId, path) => (await fileAt.execute({ spaceId, path }))[0],
    filesAt: async (spaceId, paths) =>
      paths.length === 0
        ? []
        : db
            .select(FILE_META)
            .from(indexFiles)
            .where(and(eq(indexFiles.spaceId, spaceId), inArray(indexFiles.path, paths))),
    upsert: (spaceId, files, links) =>
      db.transaction(async (tx) => {
        const latest = lastPerKey(files, (f) => f.path)
        for (const slice of slices(latest, FILES_PER_STATEMENT)) {
          await tx
            .insert(indexFiles)
            // Counts read from an earlier blob never stay beside this one.
            .values(slice.map((file) => ({ spaceId, ...file, terms: file.terms ?? null })))
            .onConflictDoUpdate({
              target: [indexFiles.spaceId, indexFiles.path],
              set: {
                sha: excluded(indexFiles.sha),
                title: excluded(indexFiles.title),
                kind: excluded(indexFiles.kind),
                extracted: excluded(indexFiles.extracted),
                owner: excluded(indexFiles.owner),
                verified: excluded(indexFiles.verified),
                reviewEvery: excluded(indexFiles.reviewEvery),
                lastChange: excluded(indexFiles.lastChange),
                size: excluded(indexFiles.size),
                terms: excluded(indexFiles.terms),
              },
            })
        }
        await dropLinks(
          tx,
          spaceId,
          latest.map((f) => f.path),
        )
        for (const slice of slices(links, LINKS_PER_STATEMENT)) {
          await tx.insert(indexLinks).values(slice.map((link) => ({ spaceId, ...link })))
        }
      }),
    remove: (spaceId, paths) =>
      db.transaction(async (tx) => {
        for (const slice of slices(paths, PATHS_PER_STATEMENT)) {
          await tx
            .delete(indexFiles)
            .where(and(eq(indexFiles.spaceId, spaceId), inArray(indexFiles.path, slice)))
        }
        await dropLinks(tx, spaceId, paths)
      }),
    clear: (spaceId) =>
      db.transaction(async (tx) => {
        await tx.delete(indexFiles).where(eq(indexFiles.spaceId, spaceId))
        await tx.delete(indexLinks).where(eq(indexLinks.spaceId, spaceId))
        await tx
          .update(indexState)
          .set({ commit: null, vectorsCommit: null })
          .where(eq(indexState.spaceId, spaceId))
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
        .where(eq(indexLinks.spaceId, spaceId)),
    // The links stored leading to the file, then those leading nowhere or to a file no longer indexed.
    linksInto: (spaceId, path) =>
      queryRows<IndexLink>(
        db,
        sql`SELECT from_path AS "fromPath", target, to_path AS "toPath", wiki FROM index_links
              WHERE space_id = ${spaceId} AND to_path = ${path}
            UNION ALL
            SELECT from_path, target, to_path, wiki FROM index_links
              WHERE space_id = ${spaceId} AND to_path IS NULL
            UNION ALL
            SELECT l.from_path, l.target, l.to_path, l.wiki FROM index_links l
              WHERE l.space_id = ${spaceId} AND l.to_path IS NOT NULL AND l.to_path <> ${path}
                AND NOT EXISTS (SELECT 1 FROM index_files f WHERE f.space_id = l.space_id AND f.path = l.to_path)`,
      ),
    state: async (spaceId) => {
      const [row] = await stateOf.execute({ spaceId })
      if (!row) return { ...DEFAULT_INDEX_STATE }
      const { spaceId: _id, ...state } = row
      return state
    },
    unembedded: (spaceId, limit) =>
      db
        .select({ path: indexFiles.path, sha: indexFiles.sha })
        .from(indexFiles)
        .where(
          and(
            eq(indexFiles.spaceId, spaceId),
            sql`${indexFiles.vectorSha} IS DISTINCT FROM ${indexFiles.sha}`,
          ),
        )
        .orderBy(indexFiles.path)
        .limit(limit),
    markEmbedded: async (spaceId, files) => {
      if (files.length === 0) return
      // One statement, the pairs as two array parameters; a file indexed anew since (another sha) waits on.
      await db.execute(sql`UPDATE index_files AS f SET vector_sha = f.sha
        FROM unnest(${sql.param(files.map((f) => f.path))}::text[], ${sql.param(files.map((f) => f.sha))}::text[])
          AS done(path, sha)
        WHERE f.space_id = ${spaceId} AND f.path = done.path AND f.sha = done.sha`)
    },
    forgetEmbedded: async (spaceId) => {
      await db.update(indexFiles).set({ vectorSha: null }).where(eq(indexFiles.spaceId, spaceId))
    },
    embedProgress: async (spaceId) => {
      const [row] = await db
        .select({
          files: sql<number>`count(*)::int`,
          embedded: sql<number>`count(*) FILTER (WHERE ${indexFiles.vectorSha} = ${indexFiles.sha})::int`,
        })
        .from(indexFiles)
        .where(eq(indexFiles.spaceId, spaceId))
      return { files: row?.files ?? 0, embedded: row?.embedded ?? 0 }
    },
    setState: async (spaceId, changes) => {
      await db
        .insert(indexState)
        .values({ spaceId, ...DEFAULT_INDEX_STATE, ...changes })
        .onConflictDoUpdate({ target: indexState.spaceId, set: changes })
    },
  }
}
