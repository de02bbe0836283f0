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

/** The word index of one space: nothing written to it or read from it names another space. */
export interface SpaceTextIndex {
  /** Adds or replaces files. */
  upsert(files: IndexedFile[]): Promise<void>
  remove(paths: string[]): Promise<void>
  /** Forgets everything indexed. */
  clear(): Promise<void>
  /** The indexed text of a file, if any. */
  text(path: string): Promise<string | undefined>
  /** The paths of the files indexed. */
  paths(): Promise<string[]>
}

/** Full-text search over every indexed file (SQLite FTS5, or PostgreSQL's tsvector). */
export interface TextIndex {
  /** The index of one space. */
  forSpace(spaceId: number): SpaceTextIndex
  /**
   * Files matching every word of the query (stemmed, accents and case ignored), best first; when none
   * does, the files with at least half of the words, more words first.
   */
  search(query: string, spaceIds: number[], limit: number): Promise<TextHit[]>
  /**
   * Files whose text matches a pattern, with snippets. It scans every text, so it stops after a time
   * budget and lets other work run between files.
   */
  searchRegex(pattern: TextPattern, spaceIds: number[], limit: number): Promise<TextHit[]>
}
