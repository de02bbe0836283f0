import type { Embedder } from '../../ports/embedder.ts'

/** Width of the fake's vectors unless a test asks for another. */
const DIMENSIONS = 64

/**
 * An embedder with no model, for service tests: each text's words (lowercase letters and digits)
 * are hashed into counts, made unit length, so texts sharing words are close and others far. It
 * answers at once, the same on every machine, and refuses texts once closed, as the real ones do.
 */
export function memoryEmbedder(dimensions = DIMENSIONS): Embedder {
  let closed = false
  return {
    id: `memory:hashed-words-${dimensions}`,
    dimensions,
    embed: async (texts) => {
      if (closed) throw new Error('the embedder is closed')
      return texts.map((text) => hashedWords(text, dimensions))
    },
    close: async () => {
      closed = true
    },
  }
}

/** Word counts hashed into buckets (FNV-1a) and scaled to unit length; a text without words lands in bucket 0. */
function hashedWords(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions)
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  for (const word of words) {
    let hash = 2166136261
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619)
    const bucket = (hash >>> 0) % dimensions
    vector[bucket] = (vector[bucket] ?? 0) + 1
  }
  if (words.length === 0) vector[0] = 1
  const norm = Math.hypot(...vector)
  return vector.map((value) => value / norm)
}
