/**
 * The thread of a transformers.js embedder: loads an ONNX model from a local folder with remote loading
 * off, and runs the feature-extraction pipeline with the folder's pooling. Settings live in the library's
 * global `env`, so each model gets its own thread rather than sharing one.
 */
import '../node/quiet-thread.ts'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { workerData } from 'node:worker_threads'
import { env, pipeline } from '@huggingface/transformers'
import { serveEmbeddings } from './worker-protocol.ts'

/** What transformers-embedder.ts hands the thread. */
export interface TransformersWorkerData {
  modelDir: string
  pooling: 'mean' | 'cls'
}

/** ONNX files transformers.js knows, with the precision each stands for, in order of preference. */
const WEIGHTS = [
  { file: 'model.onnx', dtype: 'fp32' },
  { file: 'model_quantized.onnx', dtype: 'q8' },
  { file: 'model_fp16.onnx', dtype: 'fp16' },
  { file: 'model_int8.onnx', dtype: 'int8' },
  { file: 'model_uint8.onnx', dtype: 'uint8' },
  { file: 'model_q4.onnx', dtype: 'q4' },
] as const

const { modelDir, pooling } = workerData as TransformersWorkerData

serveEmbeddings(async () => {
  env.allowRemoteModels = false
  env.allowLocalModels = true
  // Nothing is cached: the files are already local, and the default cache lies inside node_modules.
  env.useFSCache = false
  env.useBrowserCache = false
  // The path is absolute, so it is read as a folder, never taken for a hub id; localModelPath (only used
  // for hub-style ids) points beside it rather than at the default inside node_modules.
  env.localModelPath = dirname(modelDir)
  const { subfolder, dtype } = locateWeights(modelDir)
  const extractor = await pipeline('feature-extraction', modelDir, {
    local_files_only: true,
    device: 'cpu',
    subfolder,
    dtype,
  })
  return async (texts) => {
    // Unit length is made by serveEmbeddings, which also refuses zero and non-finite vectors.
    const pooled = await extractor(texts, { pooling, normalize: false })
    // A half-precision model answers in float16, whose raw array would be read as the wrong numbers.
    const output = pooled.type === 'float32' ? pooled : pooled.to('float32')
    const [count, dimensions] = output.dims
    if (output.dims.length !== 2 || count === undefined || dimensions === undefined) {
      throw new Error(`the model output has shape [${output.dims.join(', ')}], not [texts, dimensions]`)
    }
    const data = output.data as Float32Array
    return Array.from({ length: count }, (_, i) => data.subarray(i * dimensions, (i + 1) * dimensions))
  }
})

/**
 * Which ONNX file to load: exported folders hold one or several precisions, under onnx/ as transformers.js
 * expects or beside config.json, and the library would otherwise insist on the one its device prefers.
 */
function locateWeights(dir: string): { subfolder: string; dtype: (typeof WEIGHTS)[number]['dtype'] } {
  if (!existsSync(dir)) throw new Error(`the folder ${dir} does not exist`)
  for (const subfolder of ['onnx', '']) {
    for (const { file, dtype } of WEIGHTS) {
      if (existsSync(join(dir, subfolder, file))) return { subfolder, dtype }
    }
  }
  throw new Error(`no ONNX model in ${dir} (expected onnx/model.onnx or onnx/model_quantized.onnx)`)
}
