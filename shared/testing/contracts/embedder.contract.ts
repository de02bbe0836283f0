import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Embedder } from '../../ports/embedder.ts'

/** The cosine of two vectors' angle: 1 for the same direction. */
function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let aa = 0
  let bb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    aa += a[i]! * a[i]!
    bb += b[i]! * b[i]!
  }
  return dot / Math.sqrt(aa * bb)
}

const length = (vector: Float32Array) => Math.hypot(...vector)

/**
 * Texts for every embedder under test, from the few words the smallest test model knows: the first
 * two say nearly the same thing, the third something else.
 */
const CAT = 'the cat sat on the mat'
const CAT_AGAIN = 'the dog sat on the mat today'
const MARKET = 'stock market prices fell sharply'

/**
 * The contract of the Embedder port: one unit-length vector per text, in order, of the width it
 * names; a text gets the same vector alone or among others; texts saying the same thing are closer
 * than texts that do not; empty and very long texts still get a vector; a closed embedder refuses
 * to embed. `makeEmbedder` makes a fresh one each time it is called (the suite closes what it makes).
 */
export function describeEmbedderContract(name: string, makeEmbedder: () => Embedder): void {
  describe(`${name}: embedder`, () => {
    let embedder: Embedder
    beforeAll(() => {
      embedder = makeEmbedder()
    })
    afterAll(async () => {
      await embedder?.close()
    })

    it('names its model, and gives vectors as wide as it says', async () => {
      expect(embedder.id).toMatch(/\S/)
      const [vector] = await embedder.embed([CAT])
      expect(embedder.dimensions).toBeGreaterThan(0)
      expect(vector).toHaveLength(embedder.dimensions)
    })

    it('gives one unit-length vector per text, in the order of the texts', async () => {
      const vectors = await embedder.embed([CAT, MARKET, CAT_AGAIN])
      expect(vectors).toHaveLength(3)
      for (const vector of vectors) expect(length(vector)).toBeCloseTo(1, 4)
      const reversed = await embedder.embed([CAT_AGAIN, MARKET, CAT])
      reversed.reverse().forEach((vector, i) => {
        expect(cosine(vector, vectors[i]!)).toBeCloseTo(1, 4)
      })
    })

    it('gives a text the same vector alone as among others', async () => {
      const [alone] = await embedder.embed([MARKET])
      const [, among] = await embedder.embed([CAT, MARKET, CAT_AGAIN])
      expect(cosine(alone!, among!)).toBeCloseTo(1, 4)
    })

    it('puts texts that say the same thing closer than texts that do not', async () => {
      const [cat, catAgain, market] = await embedder.embed([CAT, CAT_AGAIN, MARKET])
      expect(cosine(cat!, catAgain!)).toBeGreaterThan(cosine(cat!, market!))
      expect(cosine(cat!, catAgain!)).toBeGreaterThan(cosine(catAgain!, market!))
    })

    it('gives an empty text and a very long one a vector too', async () => {
      const long = `${CAT} `.repeat(5_000)
      const vectors = await embedder.embed(['', long])
      expect(vectors).toHaveLength(2)
      for (const vector of vectors) {
        expect(vector).toHaveLength(embedder.dimensions)
        expect(length(vector)).toBeCloseTo(1, 4)
      }
    })

    it('embeds no text into no vector', async () => {
      expect(await embedder.embed([])).toEqual([])
    })

    it('refuses to embed once closed', async () => {
      const closed = makeEmbedder()
      await closed.close()
      await expect(closed.embed([CAT])).rejects.toThrow()
    })
  })
}
