import type { Chunk } from '../domain/chunks.ts'

export type { Chunk } from '../domain/chunks.ts'

export type VectorHit = { spaceId: number; path: string; heading: string; score: number }

/** The vectors of one space: nothing written to it or read from it names another space. */
export interface SpaceVectorIndex {
  /** Replaces the chunks of the given files. */
  upsert(chunks: (Chunk & { vector: Float32Array })[], paths: string[]): Promise<void>
  remove(paths: string[]): Promise<void>
  clear(): Promise<void>
  /** How many files and chunks are indexed. */
  counts(): Promise<{ files: number; chunks: number }>
  /** The paths of the files with vectors. */
  paths(): Promise<string[]>
  /** Each file's chunk vectors averaged, to compare pages with each other. */
  pageVector(path: string): Promise<Float32Array | undefined>
  /** A file's chunk vectors in the order its chunks were given (empty when it has none). */
  chunkVectors(path: string): Promise<Float32Array[]>
}

/** Vectors of page chunks (sqlite-vec, or PostgreSQL), searched by cosine similarity. */
export interface VectorIndex {
  /** The vectors of one space. */
  forSpace(spaceId: number): SpaceVectorIndex
  /** The chunks closest to a vector among the given spaces', best first, at most `limit`. */
  search(vector: Float32Array, spaceIds: number[], limit: number): Promise<VectorHit[]>
}
