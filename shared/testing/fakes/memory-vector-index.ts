import { unit } from '../../domain/search/unit-vector.ts'
import type { Chunk, SpaceVectorIndex, VectorHit, VectorIndex } from '../../ports/search-index.ts'

/** A chunk as the index keeps it: its direction (length 1), in the order chunks were added. */
type Entry = Chunk & { id: number; spaceId: number; vector: Float32Array }

/** The cosine of two vectors of length 1. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

/**
 * Vectors of page chunks in memory for one embedding size, searched by exact cosine similarity (the
 * SQLite index's rescoring, without its first pass by sign bits); for tests without a database.
 */
export function memoryVectorIndex(dimensions: number): VectorIndex {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0)
    throw new Error(`vector dimensions must be a positive multiple of 8, not ${dimensions}`)
  let lastId = 0
  let chunks: Entry[] = []
  const checkLength = (vector: Float32Array) => {
    if (vector.length !== dimensions)
      throw new Error(`expected a vector of ${dimensions} dimensions, got ${vector.length}`)
  }
  const of = (spaceId: number, path?: string) =>
    chunks.filter((chunk) => chunk.spaceId === spaceId && (path === undefined || chunk.path === path))
  const drop = (spaceId: number, paths?: string[]) => {
    const gone = paths && new Set(paths)
    chunks = chunks.filter(
      (chunk) => chunk.spaceId !== spaceId || (gone !== undefined && !gone.has(chunk.path)),
    )
  }

  const space = (spaceId: number): SpaceVectorIndex => ({
    upsert: async (added, paths) => {
      for (const chunk of added) checkLength(chunk.vector)
      drop(spaceId, [...paths, ...added.map((chunk) => chunk.path)])
      for (const { path, heading, text, vector } of added) {
        lastId += 1
        chunks.push({ id: lastId, spaceId, path, heading, text, vector: unit(vector) ?? vector.slice() })
      }
    },
    remove: async (paths) => drop(spaceId, paths),
    clear: async () => drop(spaceId),
    counts: async () => {
      const mine = of(spaceId)
      return { files: new Set(mine.map((chunk) => chunk.path)).size, chunks: mine.length }
    },
    paths: async () => [...new Set(of(spaceId).map((chunk) => chunk.path))],
    pageVector: async (path) => {
      const page = of(spaceId, path)
      if (page.length === 0) return undefined
      const mean = new Float32Array(dimensions)
      for (const chunk of page)
        for (let i = 0; i < dimensions; i++) mean[i] = (mean[i] ?? 0) + (chunk.vector[i] ?? 0)
      return unit(mean)
    },
    chunkVectors: async (path) => of(spaceId, path).map((chunk) => chunk.vector.slice()),
  })

  return {
    forSpace: space,
    search: async (vector, spaceIds, limit) => {
      checkLength(vector)
      const wanted = Math.floor(limit)
      const direction = unit(vector)
      if (!(wanted > 0) || spaceIds.length === 0 || !direction) return []
      const spaces = new Set(spaceIds)
      // A chunk with no direction has no cosine: it is never found, as with sqlite-vec.
      return chunks
        .filter((chunk) => spaces.has(chunk.spaceId) && unit(chunk.vector))
        .map((chunk) => ({ chunk, score: dot(direction, chunk.vector) }))
        .sort((a, b) => b.score - a.score || a.chunk.id - b.chunk.id)
        .slice(0, wanted)
        .map(
          ({ chunk, score }): VectorHit => ({
            spaceId: chunk.spaceId,
            path: chunk.path,
            heading: chunk.heading,
            score,
          }),
        )
    },
  }
}

/**
 * The vector indexes of every embedding size and the removal of a space's vectors from all of them,
 * as the services get them (`vectorIndex(dimensions)` and `forgetVectors(spaceId)`).
 */
export function memoryVectorIndexes(): {
  vectorIndex(dimensions: number): VectorIndex
  forgetVectors(spaceId: number): Promise<void>
} {
  const made = new Map<number, VectorIndex>()
  const vectorIndex = (dimensions: number) => {
    let index = made.get(dimensions)
    if (!index) {
      index = memoryVectorIndex(dimensions)
      made.set(dimensions, index)
    }
    return index
  }
  return {
    vectorIndex,
    forgetVectors: async (spaceId) => {
      for (const index of made.values()) await index.forSpace(spaceId).clear()
    },
  }
}
