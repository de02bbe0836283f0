/** What the index keeps of a file, besides its text and vectors. */
export type FileMeta = {
  path: string
  sha: string
  title: string
  kind: string
  extracted: boolean
  owner: string | null
  verified: string | null
  reviewEvery: string | null
  lastChange: number
  /** The blob's size in bytes; null or absent for a file indexed before the index kept sizes. */
  size?: number | null
}

/** A file as indexing writes it: its metadata and, for a page, its term counts (see `pageTerms`). */
export type IndexedMeta = FileMeta & { terms?: string | null }

export type IndexLink = {
  fromPath: string
  target: string
  toPath: string | null
  /**
   * A wiki link `[[target]]` (a name, looked up across the space) or a Markdown link (a path, relative
   * to the page); null for a link indexed before its kind was kept, which may be either.
   */
  wiki: boolean | null
}

export type IndexState = {
  commit: string | null
  meaning: boolean
  embedderId: string | null
  vectorsCommit: string | null
}

/** One space's file metadata, link graph and indexing progress. */
export interface SpaceIndexStore {
  files(): Promise<FileMeta[]>
  /** Each indexed file's path and blob id (cheaper than files): what indexing compares with the tree. */
  shas(): Promise<{ path: string; sha: string }[]>
  file(path: string): Promise<FileMeta | undefined>
  /** The metadata of those of these files that are indexed, read at once (a search's candidates). */
  filesAt(paths: string[]): Promise<FileMeta[]>
  /**
   * Each Markdown page's blob id and term counts, as indexing wrote them for related pages (null:
   * indexed before they were kept, to be counted from the page's text).
   */
  pageTerms(): Promise<{ path: string; sha: string; terms: string | null }[]>
  /** Adds or replaces files (a file written without term counts has none), and replaces the links going out of them. */
  upsert(files: IndexedMeta[], links: IndexLink[]): Promise<void>
  remove(paths: string[]): Promise<void>
  clear(): Promise<void>
  links(): Promise<IndexLink[]>
  /**
   * The links that may lead to a file: those stored leading to it, and those whose stored page is
   * missing (none, or a file no longer indexed), which callers resolve again. Never the whole graph.
   */
  linksInto(path: string): Promise<IndexLink[]>
  state(): Promise<IndexState>
  setState(changes: Partial<IndexState>): Promise<void>
  /** Up to `limit` indexed files whose vectors are missing or older than their blob, by path. */
  unembedded(limit: number): Promise<{ path: string; sha: string }[]>
  /** Records that these blobs' chunks are in the vector index; a file indexed anew since keeps waiting. */
  markEmbedded(files: { path: string; sha: string }[]): Promise<void>
  /** Every file waits to be embedded again (the vectors were forgotten). */
  forgetEmbedded(): Promise<void>
  /** How many files are indexed, and how many of them have their vectors. */
  embedProgress(): Promise<{ files: number; embedded: number }>
}

/** The index's metadata per space; callers name spaces they checked access to. */
export interface IndexStore {
  forSpace(spaceId: number): SpaceIndexStore
}
