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
}

export type IndexLink = { fromPath: string; target: string; toPath: string | null }

export type IndexState = {
  commit: string | null
  semantic: boolean
  embedderId: string | null
  vectorsCommit: string | null
}

/** The index's file metadata, link graph and progress per space; callers pass spaces they checked access to. */
export interface IndexStore {
  files(spaceId: number): Promise<FileMeta[]>
  file(spaceId: number, path: string): Promise<FileMeta | undefined>
  /** Adds or replaces files, and replaces the links going out of them. */
  upsert(spaceId: number, files: FileMeta[], links: IndexLink[]): Promise<void>
  remove(spaceId: number, paths: string[]): Promise<void>
  clear(spaceId: number): Promise<void>
  links(spaceId: number): Promise<IndexLink[]>
  state(spaceId: number): Promise<IndexState>
  setState(spaceId: number, changes: Partial<IndexState>): Promise<void>
}
