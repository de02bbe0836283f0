import type { Embedder } from '../../ports/embedder.ts'
import { hashedWords } from '../embed/fake-embeddings-server.ts'

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
      return texts.map((text) => unitHashedWords(text, dimensions))
    },
    close: async () => {
      closed = true
    },
  }
}

/** The loopback provider's hashed word counts, scaled to unit length, as a provider's answer is read. */
function unitHashedWords(text: string, dimensions: number): Float32Array {
  const counts = hashedWords(text, dimensions)
  const norm = Math.hypot(...counts)
  return Float32Array.from(counts, (value) => value / norm)
}
