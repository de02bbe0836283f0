import { describe, expect, it } from 'vitest'
import type { Embedder } from '../../ports/embedder.ts'
import { memoryEmbedder } from '../../testing/fakes/memory-embedder.ts'
import { queryVectors } from './query-vectors.ts'

/** A model that counts the texts it is asked to embed, and can be made to fail. */
function countingEmbedder(id?: string): Embedder & { asked: string[]; failing: boolean } {
  const model = memoryEmbedder()
  const counting = {
    id: id ?? model.id,
    dimensions: model.dimensions,
    asked: [] as string[],
    failing: false,
    embed: async (texts: string[]) => {
      counting.asked.push(...texts)
      if (counting.failing) throw new Error('the provider is down')
      return await model.embed(texts)
    },
    close: () => model.close(),
  }
  return counting
}

describe('query vectors', () => {
  it('answers a repeated query without asking the model again, with the same vector', async () => {
    const cache = queryVectors()
    const model = countingEmbedder()
    const first = await cache.vectorOf(model, 'restore a backup')
    const again = await cache.vectorOf(model, 'restore a backup')
    expect(model.asked).toEqual(['restore a backup'])
    expect(again).toEqual(first)
    expect(first).toEqual((await memoryEmbedder().embed(['restore a backup']))[0])
  })

  it('asks the model once for a query asked again before its answer came', async () => {
    const cache = queryVectors()
    const model = countingEmbedder()
    const [a, b] = await Promise.all([cache.vectorOf(model, 'deploy'), cache.vectorOf(model, 'deploy')])
    expect(model.asked).toEqual(['deploy'])
    expect(a).toEqual(b)
  })

  it('takes the query without the spaces around it, and tells case apart', async () => {
    const cache = queryVectors()
    const model = countingEmbedder()
    await cache.vectorOf(model, 'US holidays')
    await cache.vectorOf(model, '  US holidays ')
    await cache.vectorOf(model, 'us holidays')
    expect(model.asked).toEqual(['US holidays', 'us holidays'])
  })

  it('keeps the vectors of another model apart, and of another embedder with the same model name', async () => {
    const cache = queryVectors()
    const small = countingEmbedder('provider:small')
    const large = countingEmbedder('provider:large')
    const otherAccount = countingEmbedder('provider:small')
    await cache.vectorOf(small, 'on-call rota')
    await cache.vectorOf(large, 'on-call rota')
    await cache.vectorOf(otherAccount, 'on-call rota')
    await cache.vectorOf(small, 'on-call rota')
    expect([small.asked, large.asked, otherAccount.asked]).toEqual([
      ['on-call rota', 'on-call rota'],
      ['on-call rota'],
      ['on-call rota'],
    ])
  })

  it('does not keep a failed embedding: the next search asks again', async () => {
    const cache = queryVectors()
    const model = countingEmbedder()
    model.failing = true
    await expect(cache.vectorOf(model, 'invoices')).rejects.toThrow('the provider is down')
    expect(cache.size).toBe(0)
    model.failing = false
    expect(await cache.vectorOf(model, 'invoices')).toBeInstanceOf(Float32Array)
    expect(model.asked).toEqual(['invoices', 'invoices'])
  })

  it('keeps at most its number of queries, dropping the one used longest ago', async () => {
    const cache = queryVectors(3)
    const model = countingEmbedder()
    for (const q of ['a1', 'b2', 'c3']) await cache.vectorOf(model, q)
    await cache.vectorOf(model, 'a1')
    await cache.vectorOf(model, 'd4')
    expect(cache.size).toBe(3)
    model.asked.length = 0
    await cache.vectorOf(model, 'a1')
    await cache.vectorOf(model, 'b2')
    expect(model.asked).toEqual(['b2'])
  })
})
