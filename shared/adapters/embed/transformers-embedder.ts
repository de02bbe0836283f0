import { readFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { Embedder } from '../../ports/embedder.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import { positive } from '../node/worker-options.ts'
import type { TransformersWorkerData } from './transformers-worker.ts'
import { truncateText } from './vectors.ts'
import { createEmbeddingThread } from './worker-client.ts'

export interface TransformersEmbedderOptions {
  /**
   * The model folder, as exported for transformers.js: config.json, tokenizer.json, tokenizer_config.json
   * and onnx/model.onnx (or another precision, such as onnx/model_quantized.onnx).
   */
  modelDir: string
  /** How token vectors become one text vector: their mean (most sentence models) or the first token's. */
  pooling?: 'mean' | 'cls'
  /** Time limit of one batch of texts, in milliseconds, from when the thread starts on it. Default 60 s. */
  timeoutMs?: number
  /** Time limit for starting the thread and loading the model, in milliseconds. Default 120 s. */
  startTimeoutMs?: number
  /** Texts per message to the thread (and per run of the model). Default 16. */
  batchSize?: number
  /** The worker script; a host that bundles its code passes the location of its built worker. */
  workerUrl?: URL | string
}

/**
 * Characters kept of each text before tokenizing. The tokenizer cuts at the model's own token limit
 * anyway; this only bounds the work and the copy to the thread for a huge text.
 */
const MAX_CHARS = 20_000

/**
 * An embedder for a model the user brings in a local folder, run by transformers.js (ONNX Runtime for
 * Node) in a worker thread: a large model takes seconds to load and a long batch hundreds of milliseconds,
 * which would otherwise stall every request. `dimensions` is what the model's output measured once it has
 * run, and until then the width config.json declares (0 if it declares none).
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): Embedder {
  const modelDir = resolve(options.modelDir)
  const workerData: TransformersWorkerData = { modelDir, pooling: options.pooling ?? 'mean' }
  const thread = createEmbeddingThread({
    workerUrl: options.workerUrl ?? resourcePaths().transformersEmbedderWorker,
    workerData,
    label: `the embedding model in ${modelDir}`,
    batchSize: Math.floor(positive(options.batchSize, 16, 'batchSize')),
    timeoutMs: positive(options.timeoutMs, 60_000, 'timeoutMs'),
    startTimeoutMs: positive(options.startTimeoutMs, 120_000, 'startTimeoutMs'),
  })
  // Read now, because callers size their vector index before the first embed().
  const declared = declaredDimensions(modelDir)
  return {
    id: `transformers:${basename(modelDir)}`,
    get dimensions() {
      return thread.dimensions || declared
    },
    // Words are not counted here: the model's token limit is what matters, and the tokenizer applies it.
    embed: (texts) =>
      thread.embed(texts.map((text) => truncateText(text, Number.POSITIVE_INFINITY, MAX_CHARS))),
    close: () => thread.close(),
  }
}

/** The hidden size config.json declares, which mean and first-token pooling keep; 0 when unknown. */
function declaredDimensions(modelDir: string): number {
  let config: Record<string, unknown>
  try {
    config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8')) as Record<string, unknown>
  } catch {
    // A missing or broken folder is reported by the first embed(), with the loader's own words.
    return 0
  }
  // Architectures name it differently: BERT and most encoders, T5, DistilBERT, GPT-2.
  for (const key of ['hidden_size', 'd_model', 'dim', 'n_embd']) {
    const value = config[key]
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value
  }
  return 0
}
