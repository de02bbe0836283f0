/**
 * Run by offline.test.ts in a child process with the network guard loaded: embeds with the built-in model
 * and with the transformers.js model in the folder given as argument, and prints what it got as JSON.
 */
import { createBuiltinEmbedder } from '../../adapters/embed/builtin-embedder.ts'
import { createTransformersEmbedder } from '../../adapters/embed/transformers-embedder.ts'

const modelDir = process.argv[2]
if (!modelDir) throw new Error('usage: offline-probe.ts MODEL_DIR')

// The built-in static model reads its file in this thread; the transformer it comes from runs in a worker.
const builtin = createBuiltinEmbedder({ model: 'static' })
const transformer = createBuiltinEmbedder({ model: 'transformer' })
const local = createTransformersEmbedder({ modelDir })
try {
  const [fromStatic] = await builtin.embed(['Search by meaning works without a network.'])
  const [fromBuiltin] = await transformer.embed(['Search by meaning works without a network.'])
  if (fromStatic?.length !== fromBuiltin?.length) throw new Error('the built-in models differ in width')
  const [fromLocal] = await local.embed(['the cat sat on the mat'])
  let guarded = false
  try {
    await fetch('http://127.0.0.1:9/')
  } catch (error) {
    guarded = /refused in this test/.test((error as Error).message)
  }
  console.log(JSON.stringify({ builtin: fromBuiltin?.length, transformers: fromLocal?.length, guarded }))
} finally {
  await builtin.close()
  await transformer.close()
  await local.close()
}
