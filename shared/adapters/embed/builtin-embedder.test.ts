import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Embedder } from '../../ports/embedder.ts'
import {
  hashedWordVector,
  NEAR_TOPIC_PARAPHRASES,
  PARAPHRASES,
  pairedNeighbourRate,
} from '../../testing/embed/paraphrases.ts'
import { BUILTIN_MAX_WORDS, createTransformerEmbedder } from './builtin-embedder.ts'
import { EmbedderClosedError, EmbeddingTimeoutError } from './errors.ts'
import { cosine } from './vectors.ts'

let embedder: Embedder
let startMs = 0

beforeAll(async () => {
  embedder = createTransformerEmbedder()
  const started = performance.now()
  await embedder.embed(['Warm up.'])
  startMs = performance.now() - started
})

afterAll(async () => {
  await embedder?.close()
})

function length(vector: Float32Array): number {
  return Math.hypot(...vector)
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`
}

describe('createTransformerEmbedder (the built-in transformer)', () => {
  it('embeds texts in order into 512 unit-length dimensions', async () => {
    const texts = [
      'How do I reset my password?',
      'The kitchen sink is leaking.',
      'How do I reset my password?',
    ]
    const vectors = await embedder.embed(texts)

    expect(embedder.id).toBe('builtin:use-lite-512')
    expect(embedder.dimensions).toBe(512)
    expect(vectors).toHaveLength(3)
    for (const vector of vectors) {
      expect(vector).toHaveLength(512)
      expect(length(vector)).toBeCloseTo(1, 5)
    }
    expect(cosine(vectors[0]!, vectors[2]!)).toBeCloseTo(1, 5)
    expect(cosine(vectors[0]!, vectors[1]!)).toBeLessThan(0.5)
  })

  it('keeps one vector per text when some are empty (the model alone would drop them)', async () => {
    const vectors = await embedder.embed(['Budget review', '', '   ', 'Budget review', ''])
    expect(vectors).toHaveLength(5)
    expect(cosine(vectors[0]!, vectors[3]!)).toBeCloseTo(1, 5)
    for (const vector of vectors) expect(length(vector)).toBeCloseTo(1, 5)
  })

  it('gives a text the same vector alone, in a batch, and among concurrent calls', async () => {
    const texts = PARAPHRASES.slice(0, 6).flat()
    const together = await embedder.embed(texts)
    const concurrent = await Promise.all(texts.map(async (text) => (await embedder.embed([text]))[0]!))
    together.forEach((vector, i) => {
      expect(cosine(vector, concurrent[i]!)).toBeCloseTo(1, 4)
    })
  })

  it(`embeds only the first ${BUILTIN_MAX_WORDS} words of a long text`, async () => {
    const words = Array.from({ length: 5_000 }, (_, i) =>
      i < BUILTIN_MAX_WORDS ? `alpha${i % 7}` : `omega${i % 11}`,
    )
    const started = performance.now()
    const [whole, head] = await embedder.embed([words.join(' '), words.slice(0, BUILTIN_MAX_WORDS).join(' ')])
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(cosine(whole!, head!)).toBeCloseTo(1, 5)
  })

  it('finds the paraphrase of a sentence far better than shared words do', async () => {
    const distinct = PARAPHRASES.flat()
    const all = [...PARAPHRASES, ...NEAR_TOPIC_PARAPHRASES].flat()
    let started = performance.now()
    const vectors = await embedder.embed(all)
    const batchedMs = (performance.now() - started) / all.length
    started = performance.now()
    for (const text of distinct.slice(0, 12)) await embedder.embed([text])
    const singleMs = (performance.now() - started) / 12

    const model = pairedNeighbourRate(vectors.slice(0, distinct.length), cosine)
    const words = pairedNeighbourRate(
      distinct.map((text) => hashedWordVector(text)),
      cosine,
    )
    const modelNear = pairedNeighbourRate(vectors, cosine)
    const wordsNear = pairedNeighbourRate(
      all.map((text) => hashedWordVector(text)),
      cosine,
    )
    console.info(
      `built-in embedder: paraphrase found for ${percent(model)} of ${distinct.length} sentences ` +
        `(bag of words ${percent(words)}); with near-topic pairs ${percent(modelNear)} of ${all.length} ` +
        `(bag of words ${percent(wordsNear)}); start ${startMs.toFixed(0)} ms, ` +
        `${batchedMs.toFixed(1)} ms per sentence batched, ${singleMs.toFixed(1)} ms alone`,
    )

    expect(model).toBeGreaterThanOrEqual(0.75)
    expect(model - words).toBeGreaterThanOrEqual(0.4)
    expect(modelNear).toBeGreaterThanOrEqual(0.75)
    expect(modelNear - wordsNear).toBeGreaterThanOrEqual(0.4)
  })
})

describe('createTransformerEmbedder threads', () => {
  it('gives the same vectors, in the same order, from two threads as from one', async () => {
    const texts = [...PARAPHRASES, ...NEAR_TOPIC_PARAPHRASES].flat().slice(0, 40)
    const pool = createTransformerEmbedder({ threads: 2 })
    const single = createTransformerEmbedder({ threads: 1 })
    try {
      const [fromPool, fromSingle] = await Promise.all([pool.embed(texts), single.embed(texts)])
      expect(fromPool).toHaveLength(texts.length)
      expect(fromPool).toEqual(fromSingle)
    } finally {
      await Promise.all([pool.close(), single.close()])
    }
  }, 60_000)
})

describe('createTransformerEmbedder limits', () => {
  it('stops a batch that runs past its time limit, and the next call starts a fresh thread', async () => {
    const hurried = createTransformerEmbedder({ timeoutMs: 1 })
    try {
      const long = Array.from({ length: 32 }, (_, i) => `${'word '.repeat(200)} ${i}`)
      const first = await hurried.embed(long).catch((error: unknown) => error)
      expect(first).toBeInstanceOf(EmbeddingTimeoutError)
      expect((first as Error).message).toMatch(/took longer than 1 ms/)
      await expect(hurried.embed(long)).rejects.toBeInstanceOf(EmbeddingTimeoutError)
    } finally {
      await hurried.close()
    }
  })

  it('lets a command that embedded once exit without closing it, and prints nothing of the model', async () => {
    // A separate Node process, as `npm run reindex` or a bench is: an idle thread must not keep it alive
    // (execFile kills it after the limit below, and the test fails).
    const script = `
      const { createBuiltinEmbedder } = await import(${JSON.stringify(new URL('./builtin-embedder.ts', import.meta.url).href)})
      const [vector] = await createBuiltinEmbedder({ model: 'transformer' }).embed(['A command that embeds one sentence.'])
      console.log('dimensions', vector.length)
    `
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 45_000,
    })
    expect(stdout).toBe('dimensions 512\n')
  }, 60_000)

  it('rejects pending and later calls once closed', async () => {
    const closing = createTransformerEmbedder()
    const pending = expect(closing.embed(['Never embedded.'])).rejects.toBeInstanceOf(EmbedderClosedError)
    await closing.close()
    await pending
    await expect(closing.embed(['Too late.'])).rejects.toBeInstanceOf(EmbedderClosedError)
  })

  it('refuses a time limit that is not a positive number', () => {
    expect(() => createTransformerEmbedder({ timeoutMs: 0 })).toThrow(RangeError)
    expect(() => createTransformerEmbedder({ threads: 0 })).toThrow(RangeError)
  })
})
