import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { spaces } from './organizations.ts'

/** What is read from the pages: extracted texts, the search indexes, the change log, the inbox marks. */

/** Text extracted from documents and images, by blob id (the same bytes always give the same text). */
export const extracts = sqliteTable('extracts', {
  sha: text('sha').primaryKey(),
  text: text('text'),
  error: text('error'),
  extractedAt: integer('extracted_at').notNull(),
})

/** The blob a page had when it was last tidied or marked seen (null: seen as deleted). */
export const pageMarks = sqliteTable(
  'page_marks',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha'),
    markedAt: integer('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** The change log: each page changed since the change base, with its latest change (derived from Git). */
export const changedPages = sqliteTable(
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
    date: integer('date').notNull(),
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
export const pageCommits = sqliteTable(
  'page_commits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    commit: text('commit').notNull(),
    author: text('author').notNull(),
    date: integer('date').notNull(),
    subject: text('subject').notNull(),
    source: text('source').notNull(),
    via: text('via').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('page_commits_space_path').on(t.spaceId, t.path, t.id)],
)

/** What the search index knows of each file of a space (derived from Git, rebuildable). */
export const indexFiles = sqliteTable(
  'index_files',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    extracted: integer('extracted', { mode: 'boolean' }).notNull().default(false),
    /** The front matter keys freshness is read from, as written. */
    owner: text('owner'),
    verified: text('verified'),
    reviewEvery: text('review_every'),
    /** When the file last changed (its latest commit). */
    lastChange: integer('last_change').notNull(),
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
    // space's every file (5 ms of a save at 10,000 pages).
    index('index_files_waiting').on(t.spaceId, t.path).where(sql`vector_sha IS NULL OR vector_sha <> sha`),
  ],
)

/** The link graph: each relative link of each page, resolved to a path or broken (null). */
export const indexLinks = sqliteTable(
  'index_links',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    target: text('target').notNull(),
    toPath: text('to_path'),
    /** A wiki link `[[name]]` (a name), or a Markdown link (a relative path); null when indexed before the kind was kept. */
    wiki: integer('wiki', { mode: 'boolean' }),
  },
  (t) => [
    index('index_links_from').on(t.spaceId, t.fromPath),
    index('index_links_to').on(t.spaceId, t.toPath),
  ],
)

/** Up to which commit a space is indexed, and whether (and with which model) it has a meaning index. */
export const indexState = sqliteTable('index_state', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  commit: text('commit'),
  meaning: integer('semantic', { mode: 'boolean' }).notNull().default(true),
  embedderId: text('embedder_id'),
  vectorsCommit: text('vectors_commit'),
})
