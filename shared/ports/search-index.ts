import type { Snippet } from '../domain/search/snippets.ts'
import type { TextPattern } from '../domain/text-pattern.ts'

export type { Snippet }

/** What the search index keeps of one file of a space (paths relative to content/). */
export type IndexedFile = {
  path: string
  sha: string
  title: string
  kind: 'markdown' | 'text' | 'document' | 'image' | 'binary'
  /** The searchable text: the page's own text, or text extracted from a document or an image. */
  text: string
  extracted: boolean
}

/** A word-search hit with up to three snippets. */
export type TextHit = {
  spaceId: number
  path: string
  title: string
  /** Higher is better (BM25, sign flipped). */
  score: number
  extracted: boolean
  snippets: Snippet[]
}

/** Full-text search over every indexed file (SQLite FTS5 here). */
export interface TextIndex {
  /** Adds or replaces files of a space. */
  upsert(spaceId: number, files: IndexedFile[]): Promise<void>
  remove(spaceId: number, paths: string[]): Promise<void>
  /** Forgets everything indexed for a space. */
  clear(spaceId: number): Promise<void>
  /** Files matching every word of the query (stemmed, accents and case ignored), best first. */
  search(query: string, spaceIds: number[], limit: number): Promise<TextHit[]>
  /**
   * Files whose text matches a pattern, with snippets. It scans every text, so it stops after a time
   * budget and lets other work run between files.
   */
  searchRegex(pattern: TextPattern, spaceIds: number[], limit: number): Promise<TextHit[]>
  /** The indexed text of a file, if any. */
  text(spaceId: number, path: string): Promise<string | undefined>
}

/** A chunk of a page for search by meaning: a heading and the text under it. */
export type Chunk = { path: string; heading: string; text: string }

export type VectorHit = { spaceId: number; path: string; heading: string; score: number }

/** Vectors of page chunks (sqlite-vec here), searched by cosine similarity. */
export interface VectorIndex {
  /** Replaces the chunks of the given files of a space. */
  upsert(spaceId: number, chunks: (Chunk & { vector: Float32Array })[], paths: string[]): Promise<void>
  remove(spaceId: number, paths: string[]): Promise<void>
  clear(spaceId: number): Promise<void>
  /** The chunks closest to a vector, best first, at most `limit`. */
  search(vector: Float32Array, spaceIds: number[], limit: number): Promise<VectorHit[]>
  /** How many files and chunks a space has indexed. */
  counts(spaceId: number): Promise<{ files: number; chunks: number }>
  /** Each file's chunk vectors averaged, to compare pages with each other. */
  pageVector(spaceId: number, path: string): Promise<Float32Array | undefined>
}
