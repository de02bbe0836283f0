import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EmbedderClosedError, EmbeddingError, EmbeddingTimeoutError } from './errors.ts'
import { createEmbeddingThread, type EmbeddingThread } from './worker-client.ts'

const workerUrl = new URL('../../testing/embed/scripted-worker.ts', import.meta.url)
const threads: EmbeddingThread[] = []
let dir: string
let logs = 0

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-embedding-thread-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

afterEach(async () => {
  await Promise.all(threads.splice(0).map((each) => each.close()))
})

/** A thread on the scripted model, and the file where it writes the batches it receives. */
function thread(
  options: {
    failLoad?: boolean
    timeoutMs?: number
    batchSize?: number
    threads?: number
    meet?: number
    loadOnce?: boolean
    idleStopMs?: number
  } = {},
) {
  const log = join(dir, `batches-${++logs}.log`)
  const threadLog = join(dir, `threads-${logs}.log`)
  const meet = options.meet ? { count: options.meet, started: new SharedArrayBuffer(4) } : undefined
  const embeddings = createEmbeddingThread({
    workerUrl,
    workerData: {
      failLoad: options.failLoad ?? false,
      log,
      threadLog,
      meet,
      loadOnce: options.loadOnce ? new SharedArrayBuffer(8) : undefined,
    },
    label: 'the scripted model',
    batchSize: options.batchSize ?? 3,
    threads: options.threads ?? 1,
    timeoutMs: options.timeoutMs ?? 5_000,
    startTimeoutMs: 5_000,
    idleStopMs: options.idleStopMs,
  })
  threads.push(embeddings)
  const batches = async (): Promise<string[][]> => {
    const text = await readFile(log, 'utf8').catch(() => '')
    // The first batch of each thread is the probe that measures the dimensions.
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as string[])
      .filter((batch) => !batch[0]?.startsWith('The probe'))
  }
  const threadLines = async () =>
    (await readFile(threadLog, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '')
  /** The ids of the threads that took the batches, each once. */
  const threadIds = async () => new Set((await threadLines()).filter((line) => line !== 'load'))
  /** How many threads set out to load the model (with `loadOnce`). */
  const loads = async () => (await threadLines()).filter((line) => line === 'load').length
  return { embeddings, batches, threadIds, loads }
}

/** Checks a vector is the scripted model's for a text of this length, made unit length. */
function expectVectorFor(vector: Float32Array | undefined, length: number): void {
  const norm = Math.hypot(length, 1, 2, 3)
  expect(vector).toHaveLength(4)
  ;[length, 1, 2, 3].forEach((value, i) => {
    expect(vector?.[i]).toBeCloseTo(value / norm, 6)
  })
}

describe('createEmbeddingThread', () => {
  it('splits large calls into batches and merges small concurrent ones, keeping each text its vector', async () => {
    const { embeddings, batches } = thread({ batchSize: 3 })
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg']
    const [many, one, two] = await Promise.all([
      embeddings.embed(texts),
      embeddings.embed(['xxxxxxxxxx']),
      embeddings.embed(['y', 'yy']),
    ])

    for (const [i, vector] of many.entries()) expectVectorFor(vector, i + 1)
    expectVectorFor(one[0], 10)
    expectVectorFor(two[0], 1)
    expectVectorFor(two[1], 2)
    expect(embeddings.dimensions).toBe(4)
    // The two small calls fit together in one batch, sent first (see the next test).
    expect(await batches()).toEqual([
      ['xxxxxxxxxx', 'y', 'yy'],
      ['a', 'bb', 'ccc'],
      ['dddd', 'eeeee', 'ffffff'],
      ['ggggggg'],
    ])
  })

  it('sends a call that fits in one batch ahead of the remaining parts of larger calls', async () => {
    const { embeddings, batches } = thread({ batchSize: 2 })
    const large = embeddings.embed(['a', 'b', 'c', 'd', 'e', 'f'])
    const small = embeddings.embed(['q'])
    await Promise.all([large, small])
    expect(await batches()).toEqual([['q'], ['a', 'b'], ['c', 'd'], ['e', 'f']])
  })

  it('fails the batch of a thread that died, and starts a new thread for the next call', async () => {
    const { embeddings } = thread()
    await expect(embeddings.embed(['die'])).rejects.toThrow(
      /thread running the scripted model died \(exit code 3\)/,
    )
    expectVectorFor((await embeddings.embed(['ok']))[0], 2)
  })

  it('stops a thread stuck past the time limit', async () => {
    const { embeddings } = thread({ timeoutMs: 200 })
    const error = await embeddings.embed(['hang']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(EmbeddingTimeoutError)
    expect((error as Error).message).toBe('Embedding with the scripted model took longer than 200 ms')
    expectVectorFor((await embeddings.embed(['ok']))[0], 2)
  })

  it('refuses answers that would put vectors on the wrong texts, or have no direction', async () => {
    const { embeddings } = thread()
    await expect(embeddings.embed(['drop', 'b'])).rejects.toThrow(/returned 1 vectors for 2 texts/)
    await expect(embeddings.embed(['zero'])).rejects.toThrow(/zero vector/)
    expect(await embeddings.embed(['still fine'])).toHaveLength(1)
  })

  it('reports a model that cannot load, with the reason', async () => {
    const { embeddings } = thread({ failLoad: true })
    const error = await embeddings.embed(['x']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as Error).message).toBe('Cannot load the scripted model: weights are damaged')
  })

  it('does not send the rest of a call once one part failed', async () => {
    const { embeddings, batches } = thread({ batchSize: 1 })
    await expect(embeddings.embed(['die', 'b', 'c'])).rejects.toThrow(/died/)
    await embeddings.embed(['after'])
    expect(await batches()).toEqual([['die'], ['after']])
  })

  it('shares the batches of a call among the threads of a pool, keeping each text its vector', async () => {
    // Each batch waits until two have started: a single thread would run past the time limit.
    const pool = thread({ batchSize: 2, threads: 2, meet: 2, timeoutMs: 3_000 })
    const texts = Array.from({ length: 8 }, (_, i) => 'x'.repeat(i + 1))
    const vectors = await pool.embeddings.embed(texts)

    expect(vectors).toHaveLength(8)
    for (const [i, vector] of vectors.entries()) expectVectorFor(vector, i + 1)
    expect((await pool.threadIds()).size).toBe(2)
    const single = thread({ batchSize: 2 })
    expect(await single.embeddings.embed(texts)).toEqual(vectors)
  })

  it('starts a second thread only when batches are waiting for one', async () => {
    const { embeddings, threadIds } = thread({ threads: 2 })
    for (const text of ['a', 'bb', 'ccc']) expectVectorFor((await embeddings.embed([text]))[0], text.length)
    expect((await threadIds()).size).toBe(1)
  })

  it('carries on with the threads that loaded the model when another cannot', async () => {
    const { embeddings, threadIds, loads } = thread({ batchSize: 1, threads: 2, loadOnce: true })
    const texts = ['a', 'bb', 'ccc', 'dddd']
    for (const [i, vector] of (await embeddings.embed(texts)).entries()) expectVectorFor(vector, i + 1)
    // Not a thread started again for the next call, to fail in turn while the first does the work.
    const slow = await embeddings.embed(['nap', 'nap', 'nap', 'nap'])
    for (const vector of slow) expectVectorFor(vector, 3)
    expect((await threadIds()).size).toBe(1)
    expect(await loads()).toBe(2)
  })

  it('stops a thread left idle, frees its model, and starts one again for the next texts', async () => {
    const { embeddings, threadIds } = thread({ idleStopMs: 300 })
    expectVectorFor((await embeddings.embed(['a']))[0], 1)
    // Work within the idle time keeps the same thread.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expectVectorFor((await embeddings.embed(['bb']))[0], 2)
    expect((await threadIds()).size).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expectVectorFor((await embeddings.embed(['ccc']))[0], 3)
    expect((await threadIds()).size).toBe(2)
  })

  it('rejects running and later calls once closed', async () => {
    const { embeddings } = thread()
    const running = expect(embeddings.embed(['hang'])).rejects.toBeInstanceOf(EmbedderClosedError)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await embeddings.close()
    await running
    await expect(embeddings.embed(['x'])).rejects.toThrow('The scripted model is closed')
  })
})
