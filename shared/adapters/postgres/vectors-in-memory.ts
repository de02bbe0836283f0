import type { VectorHit } from '../../ports/search-index.ts'
import { popcount, signBits } from '../sqlite/bit-vectors.ts'

/** A space's chunks in one array each: unit vectors row by row, and their sign bits for a first pass. */
export type Flat = {
  paths: string[]
  headings: string[]
  vectors: Float32Array
  bits: Uint32Array
  count: number
}

/** Chunks, all spaces together, up to which a search scores every one exactly. */
const EXACT_IN_MEMORY = 2_000
/** Beyond that, the chunks nearest by sign bits that are scored exactly: at least this many. */
const RESCORED = 500

/** A space's chunks laid out for scanning; chunks without a direction are left out. */
export function flatten(
  pages: Map<string, { heading: string; vector: Float32Array | undefined }[]>,
  dimensions: number,
): Flat {
  const words = Math.ceil(dimensions / 32)
  const paths: string[] = []
  const headings: string[] = []
  const kept: Float32Array[] = []
  for (const [path, entries] of pages) {
    for (const { heading, vector } of entries) {
      if (!vector) continue
      paths.push(path)
      headings.push(heading)
      kept.push(vector)
    }
  }
  const vectors = new Float32Array(kept.length * dimensions)
  const bits = new Uint32Array(kept.length * words)
  kept.forEach((vector, row) => {
    vectors.set(vector, row * dimensions)
    bits.set(signBits(vector), row * words)
  })
  return { paths, headings, vectors, bits, count: kept.length }
}

/**
 * The `wanted` chunks closest to a unit `query` by cosine: every chunk scored exactly while they are
 * few; beyond that, as the SQLite index does, the chunks nearest by sign bits (Hamming distance) are
 * scored exactly and the best of them kept. Equal scores keep the order they were met in.
 */
export function nearestInMemory(
  spaces: { spaceId: number; flat: Flat }[],
  query: Float32Array,
  wanted: number,
): VectorHit[] {
  const dimensions = query.length
  const words = Math.ceil(dimensions / 32)
  const total = spaces.reduce((sum, { flat }) => sum + flat.count, 0)
  const candidates: { space: number; row: number }[] = []
  if (total <= Math.max(EXACT_IN_MEMORY, wanted)) {
    spaces.forEach(({ flat }, space) => {
      for (let row = 0; row < flat.count; row++) candidates.push({ space, row })
    })
  } else {
    const target = signBits(query)
    const distances = spaces.map(({ flat }) => hammingDistances(flat.bits, flat.count, target, words))
    const cut = cutoff(distances, dimensions, Math.max(RESCORED, wanted * 4))
    distances.forEach((list, space) => {
      for (let row = 0; row < list.length; row++) if (list[row]! <= cut) candidates.push({ space, row })
    })
  }
  const scored = candidates.map(({ space, row }) => {
    const { spaceId, flat } = spaces[space]!
    let score = 0
    const at = row * dimensions
    for (let i = 0; i < dimensions; i++) score += flat.vectors[at + i]! * query[i]!
    return { spaceId, path: flat.paths[row]!, heading: flat.headings[row]!, score }
  })
  return scored.sort((a, b) => b.score - a.score).slice(0, wanted)
}

/** Hamming distance from `target` of each of `count` bit vectors laid out `words` words apart. */
function hammingDistances(bits: Uint32Array, count: number, target: Uint32Array, words: number): Uint16Array {
  const out = new Uint16Array(count)
  for (let row = 0; row < count; row++) {
    let distance = 0
    const at = row * words
    for (let w = 0; w < words; w++) distance += popcount((bits[at + w]! ^ target[w]!) >>> 0)
    out[row] = distance
  }
  return out
}

/** The smallest distance within which at least `keep` of the vectors lie (all of them when fewer). */
function cutoff(distances: Uint16Array[], dimensions: number, keep: number): number {
  const histogram = new Uint32Array(dimensions + 1)
  for (const list of distances) for (const d of list) histogram[d]!++
  let within = 0
  for (let d = 0; d <= dimensions; d++) {
    within += histogram[d]!
    if (within >= keep) return d
  }
  return dimensions
}
