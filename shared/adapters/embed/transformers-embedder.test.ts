import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Embedder } from '../../ports/embedder.ts'
import { type TinyModel, writeTinyModel } from '../../testing/embed/tiny-model.ts'
import { EmbedderClosedError, EmbeddingError, EmbeddingTimeoutError } from './errors.ts'
import { createTransformersEmbedder } from './transformers-embedder.ts'
import { cosine } from './vectors.ts'

let dir: string
let model: TinyModel
let embedder: Embedder

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-transformers-'))
  model = await writeTinyModel(join(dir, 'tiny-bert'), 8)
  embedder = createTransformersEmbedder({ modelDir: model.dir })
})

afterAll(async () => {
  await embedder?.close()
  await rm(dir, { recursive: true, force: true })
})

function length(vector: Float32Array): number {
  return Math.hypot(...vector)
}

describe('createTransformersEmbedder', () => {
  it('names the model by its folder and knows its width from config.json before loading it', () => {
    expect(embedder.id).toBe('transformers:tiny-bert')
    expect(embedder.dimensions).toBe(8)
  })

  it('embeds from the local folder into unit vectors of the model width, texts sharing words closer', async () => {
    const [cat, catAgain, market, unknown, empty] = await embedder.embed([
      'The cat sat on the mat',
      'the dog sat on the mat today',
      'Stock prices fell sharply',
      'zebra quartz',
      '',
    ])

    expect(embedder.dimensions).toBe(8)
    for (const vector of [cat, catAgain, market, unknown, empty]) {
      expect(vector).toHaveLength(8)
      expect(length(vector!)).toBeCloseTo(1, 5)
    }
    expect(cosine(cat!, catAgain!)).toBeGreaterThan(cosine(cat!, market!) + 0.3)
    expect(cosine(cat!, catAgain!)).toBeGreaterThan(cosine(catAgain!, market!) + 0.3)
  })

  it('gives each text the same vector alone or in a batch, in order', async () => {
    const texts = ['the cat sat', 'stock market', 'the mat', 'prices fell today']
    const together = await embedder.embed(texts)
    const alone = await Promise.all(texts.map(async (text) => (await embedder.embed([text]))[0]!))
    together.forEach((vector, i) => {
      expect(cosine(vector, alone[i]!)).toBeCloseTo(1, 5)
    })
  })

  it('pools with the first token when asked', async () => {
    const cls = createTransformersEmbedder({ modelDir: model.dir, pooling: 'cls' })
    try {
      // The first token is [CLS] whatever the text: every text gets the same vector.
      const [a, b] = await cls.embed(['the cat sat', 'stock prices fell'])
      expect(cosine(a!, b!)).toBeCloseTo(1, 5)
      expect(length(a!)).toBeCloseTo(1, 5)
    } finally {
      await cls.close()
    }
  })

  it('loads a model whose ONNX file sits beside config.json', async () => {
    const flat = await writeTinyModel(join(dir, 'flat-model'), 6)
    await rename(join(flat.dir, 'onnx', 'model.onnx'), join(flat.dir, 'model.onnx'))
    const beside = createTransformersEmbedder({ modelDir: flat.dir })
    try {
      const [vector] = await beside.embed(['the cat'])
      expect(vector).toHaveLength(6)
    } finally {
      await beside.close()
    }
  })

  it('says which folder is missing, and works once the folder is there', async () => {
    const later = join(dir, 'later-model')
    const missing = createTransformersEmbedder({ modelDir: later })
    try {
      expect(missing.dimensions).toBe(0)
      const error = await missing.embed(['x']).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(EmbeddingError)
      expect((error as Error).message).toContain(`the folder ${later} does not exist`)

      await writeTinyModel(later, 4)
      const [vector] = await missing.embed(['the cat'])
      expect(vector).toHaveLength(4)
      expect(missing.dimensions).toBe(4)
    } finally {
      await missing.close()
    }
  })

  it('reports a model that takes too long to load, and refuses calls once closed', async () => {
    const slow = createTransformersEmbedder({ modelDir: model.dir, startTimeoutMs: 1 })
    await expect(slow.embed(['x'])).rejects.toBeInstanceOf(EmbeddingTimeoutError)
    await slow.close()
    await expect(slow.embed(['x'])).rejects.toBeInstanceOf(EmbedderClosedError)
  })
})
