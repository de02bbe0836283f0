import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { describeEmbedderContract } from '../../testing/contracts/embedder.contract.ts'
import { type FakeEmbeddings, startFakeEmbeddings } from '../../testing/embed/fake-embeddings-server.ts'
import { writeTinyModel } from '../../testing/embed/tiny-model.ts'
import { createBuiltinEmbedder } from './builtin-embedder.ts'
import { createProviderEmbedder } from './provider-embedder.ts'
import { createTransformersEmbedder } from './transformers-embedder.ts'

let server: FakeEmbeddings
let dir: string
let modelDir: string

beforeAll(async () => {
  server = await startFakeEmbeddings()
  // Wide enough that the few words of the suite's texts seldom share a bucket.
  server.setDimensions(64)
  dir = await mkdtemp(join(tmpdir(), 'quire-embedder-contract-'))
  modelDir = (await writeTinyModel(join(dir, 'tiny-bert'), 8)).dir
})

afterAll(async () => {
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

// One thread: the model loads once for the whole suite, and the one closed unused never loads it.
describeEmbedderContract('Built-in static model', () => createBuiltinEmbedder({ model: 'static' }))

describeEmbedderContract('Built-in transformer', () =>
  createBuiltinEmbedder({ model: 'transformer', threads: 1 }),
)

describeEmbedderContract('OpenAI', () =>
  createProviderEmbedder({
    provider: 'openai',
    model: 'text-embedding-3-small',
    apiKey: 'sk-test',
    baseUrl: server.url,
  }),
)

describeEmbedderContract('OpenAI-compatible server', () =>
  createProviderEmbedder({ provider: 'openai-compatible', model: 'nomic-embed-text', baseUrl: server.url }),
)

describeEmbedderContract('Model in a local folder', () => createTransformersEmbedder({ modelDir }))
