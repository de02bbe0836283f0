import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
} from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** What is read from the pages: extracted texts, the search indexes, the change log, the inbox marks. */

/** A PostgreSQL text search document (only ever written and matched by the database itself). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Text extracted from documents and images, by blob id (the same bytes always give the same text). */
export const extracts = pgTable('extracts', {
  sha: text('sha').primaryKey(),
  text: text('text'),
  error: text('error'),
  extractedAt: millis('extracted_at').notNull(),
})

/** The blob a page had when it was last tidied or marked seen (null: seen as deleted). */
export const pageMarks = pgTable(
  'page_marks',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha'),
    markedAt: millis('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** The change log: each page changed since the change base, with its latest change (derived from Git). */
export const changedPages = pgTable(
  'changed_pages',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** The path's key, which names its inbox item (`change-<key>`). */
    key: text('key').notNull(),
    commit: text('commit').notNull(),
    author: text('author').notNull(),
    date: millis('date').notNull(),
    source: text('source').notNull(),
    via: text('via').notNull(),
    /** The page's blob before its first change since the change base, and at the log's commit. */
    before: text('before'),
    after: text('after'),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.path] }),
    index('changed_pages_space_key').on(t.spaceId, t.key),
    index('changed_pages_space_date').on(t.spaceId, t.date),
  ],
)

/** The change log's commits: one row per page a commit changed, in the order they were read. */
export const pageCommits = pgTable(
  'page_commits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    commit: text('commit').notNull(),
    author: text('author').notNull(),
    date: millis('date').notNull(),
    subject: text('subject').notNull(),
    source: text('source').notNull(),
    via: text('via').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('page_commits_space_path').on(t.spaceId, t.path, t.id)],
)

/** What the search index knows of each file of a space (derived from Git, rebuildable). */
export const indexFiles = pgTable(
  'index_files',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    extracted: boolean('extracted').notNull().default(false),
    /** The front matter keys freshness is read from, as written. */
    owner: text('owner'),
    verified: text('verified'),
    reviewEvery: text('review_every'),
    /** When the file last changed (its latest commit). */
    lastChange: millis('last_change').notNull(),
    /** The blob whose chunks the vector index holds (null: none yet); behind `sha`, the file waits to be embedded. */
    vectorSha: text('vector_sha'),
    /** The blob's size in bytes, for the tree (null: indexed before sizes were kept). */
    size: integer('size'),
    /** A page's term counts, for related pages (null: not a page, or indexed before they were kept). */
    terms: text('terms'),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.path] }),
    // The files waiting for their vectors, read after every indexing: without it each read scanned the
    // space's every file.
    index('index_files_waiting').on(t.spaceId, t.path).where(sql`vector_sha IS DISTINCT FROM sha`),
  ],
)

/** The link graph: each relative link of each page, resolved to a path or broken (null). */
export const indexLinks = pgTable(
  'index_links',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    target: text('target').notNull(),
    toPath: text('to_path'),
    /** A wiki link `[[name]]` (a name), or a Markdown link (a relative path); null when indexed before the kind was kept. */
    wiki: boolean('wiki'),
  },
  (t) => [
    index('index_links_from').on(t.spaceId, t.fromPath),
    index('index_links_to').on(t.spaceId, t.toPath),
  ],
)

/** Up to which commit a space is indexed, and whether (and with which model) it has a meaning index. */
export const indexState = pgTable('index_state', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  commit: text('commit'),
  meaning: boolean('semantic').notNull().default(true),
  embedderId: text('embedder_id'),
  vectorsCommit: text('vectors_commit'),
})

// The word and vector indexes are derived data, rebuilt from the repositories at will: like SQLite's,
// their rows carry a space id without a foreign key, so they can be rebuilt apart from the spaces table.

/**
 * The word index: one row per file of a space, with its text and one search document per language
 * (stems of our `quire_en` / `quire_fr` configurations, accents folded, the title weighted A and the
 * text B), computed by the database from the title and text so they can never disagree with them.
 */
export const textFiles = pgTable(
  'text_files',
  {
    spaceId: integer('space_id').notNull(),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    extracted: boolean('extracted').notNull().default(false),
    /** The language the file is written in (`en` or `fr`), which picks the document searched. */
    lang: text('lang', { enum: ['en', 'fr'] }).notNull(),
    text: text('text').notNull(),
    searchEn: tsvector('search_en').generatedAlwaysAs(sql`quire_tsvector('quire_en', title, text)`),
    searchFr: tsvector('search_fr').generatedAlwaysAs(sql`quire_tsvector('quire_fr', title, text)`),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.path] }),
    index('text_files_search_en').using('gin', t.searchEn),
    index('text_files_search_fr').using('gin', t.searchFr),
  ],
)

/**
 * The vector index: one row per chunk of a page and embedding size, the vector as `real[]` so it can be
 * read and scanned in memory when pgvector is missing. With pgvector, each size gets an HNSW index over
 * the same column cast to `vector(n)` (see pgvector.ts), so no second copy is stored.
 */
export const vectorChunks = pgTable(
  'vector_chunks',
  {
    spaceId: integer('space_id').notNull(),
    dimensions: integer('dimensions').notNull(),
    path: text('path').notNull(),
    /** The chunk's place in its page, from 0. */
    chunk: integer('chunk').notNull(),
    heading: text('heading').notNull(),
    text: text('text').notNull(),
    vector: real('vector').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.dimensions, t.path, t.chunk] })],
)

/**
 * A version per space and embedding size, changed by every write of its vectors, so an instance keeping
 * them in memory knows when to read them again.
 */
export const vectorVersions = pgTable(
  'vector_versions',
  {
    spaceId: integer('space_id').notNull(),
    dimensions: integer('dimensions').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.dimensions] })],
)
