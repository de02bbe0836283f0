import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EmbeddingSettings } from '../../ports/embedder.ts'
import { type FakeEmbeddings, startFakeEmbeddings } from '../../testing/embed/fake-embeddings-server.ts'
import { EmbedderClosedError, EmbeddingError } from './errors.ts'
import { createProviderEmbedder, createProviderEmbedders } from './provider-embedder.ts'
import { cosine } from './vectors.ts'

/** Shaped like no real provider's key, so only the exact-key redaction can hide it. */
const KEY = 'Q7rT-unit-test-credential-5521'

let fake: FakeEmbeddings

beforeEach(async () => {
  fake = await startFakeEmbeddings()
})

afterEach(async () => {
  await fake.stop()
})

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(EmbeddingError)
  return error as EmbeddingError
}

function length(vector: Float32Array): number {
  return Math.hypot(...vector)
}

describe.each(['openai', 'openai-compatible'] as const)('createProviderEmbedder with %s', (provider) => {
  const settings = (): EmbeddingSettings => ({
    provider,
    model: 'embed-small',
    apiKey: KEY,
    baseUrl: fake.url,
  })

  it('embeds texts in order as unit vectors and learns the dimensions from the first answer', async () => {
    fake.expectKey(KEY)
    fake.setDimensions(12)
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0 })
    expect(embedder.id).toBe(`${provider}:embed-small`)
    expect(embedder.dimensions).toBe(0)

    const [cat, catAgain, market] = await embedder.embed([
      'the cat sat',
      'a cat sat down',
      'stock market fell',
    ])

    expect(embedder.dimensions).toBe(12)
    for (const vector of [cat, catAgain, market]) {
      expect(vector).toHaveLength(12)
      expect(length(vector!)).toBeCloseTo(1, 5)
    }
    expect(cosine(cat!, catAgain!)).toBeGreaterThan(cosine(cat!, market!))
    const request = fake.requests[0]
    expect(request?.path).toBe('/v1/embeddings')
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request?.body).toMatchObject({
      model: 'embed-small',
      input: ['the cat sat', 'a cat sat down', 'stock market fell'],
    })
  })

  it('sends large inputs in batches, one request at a time, and stands in for empty texts', async () => {
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0, batchSize: 4 })
    const texts = Array.from({ length: 10 }, (_, i) => (i === 3 ? '' : `text number ${i}`))

    const vectors = await embedder.embed(texts)

    expect(vectors).toHaveLength(10)
    const inputs = fake.requests.map((request) => (request.body as { input: string[] }).input)
    expect(inputs.map((input) => input.length)).toEqual([4, 4, 2])
    expect(inputs[0]?.[3]).toBe(' ')
    expect(await embedder.embed([])).toEqual([])
    expect(fake.requests).toHaveLength(3)
  })

  it('reports a refused key as a 401 without the key in the message', async () => {
    fake.expectKey('another-key-entirely-0000')
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0 })

    const error = await failure(embedder.embed(['hello']))

    expect(error.status).toBe(401)
    expect(error.message).toContain(provider)
    expect(error.message).toContain('401')
    expect(error.message).not.toContain(KEY)
    expect(error.message).toContain('[redacted]')
  })

  it('reports server failures with their status, after no retries when asked', async () => {
    fake.failNext(503, 'Model is loading')
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0 })

    const error = await failure(embedder.embed(['hello']))

    expect(error.status).toBe(503)
    expect(error.message).toMatch(/503.*Model is loading/)
    expect(fake.requests).toHaveLength(1)
  })

  it('refuses an answer whose dimensions changed since the first one', async () => {
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0 })
    await embedder.embed(['first'])
    fake.setDimensions(16)

    const error = await failure(embedder.embed(['second']))

    expect(error.message).toMatch(/16 dimensions instead of 8/)
  })

  it('gives up on a server that does not answer in time', async () => {
    // Nothing listens behind this handler's promise: the time limit is the only way out.
    const stalled: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0, timeoutMs: 50, fetch: stalled })

    const error = await failure(embedder.embed(['hello']))

    expect(error.message).toMatch(/no answer within 0.1 s/)
  })

  it('rejects calls once closed', async () => {
    const embedder = createProviderEmbedder(settings(), { maxRetries: 0 })
    await embedder.close()
    await expect(embedder.embed(['hello'])).rejects.toBeInstanceOf(EmbedderClosedError)
  })
})

describe('createProviderEmbedder settings', () => {
  it('requires a key for OpenAI rather than using the server environment', async () => {
    const embedder = createProviderEmbedder({ provider: 'openai', model: 'text-embedding-3-small' })
    expect(embedder.dimensions).toBe(1536)
    expect((await failure(embedder.embed(['x']))).message).toBe('openai: no API key set')
  })

  it('requires an address for an OpenAI-compatible server, but no key', async () => {
    const missing = createProviderEmbedder({ provider: 'openai-compatible', model: 'nomic-embed-text' })
    expect((await failure(missing.embed(['x']))).message).toBe('openai-compatible: no API address set')

    const keyless = createProviderEmbedder({
      provider: 'openai-compatible',
      model: 'nomic-embed-text',
      baseUrl: fake.url,
    })
    const [vector] = await keyless.embed(['x'])
    expect(vector).toHaveLength(8)
    expect(fake.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('hands back the same embedder for the same settings, so learned dimensions are kept', async () => {
    const provider = createProviderEmbedders({ maxRetries: 0 })
    const settings: EmbeddingSettings = { provider: 'openai-compatible', model: 'm', baseUrl: fake.url }
    await provider(settings).embed(['x'])

    expect(provider({ ...settings }).dimensions).toBe(8)
    expect(provider({ ...settings, model: 'other' }).dimensions).toBe(0)
  })
})
