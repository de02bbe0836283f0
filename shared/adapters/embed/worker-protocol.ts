/**
 * What the embedding threads and the main thread say to each other, and the loop each thread runs. The
 * thread loads its model as soon as it starts, embeds one probe text to learn the model's dimensions, then
 * answers one batch at a time: the main thread sends the next once this one has answered.
 */
import { parentPort } from 'node:worker_threads'
import { unitVector } from './vectors.ts'

/** A batch of texts to embed. */
export interface EmbedRequest {
  id: number
  texts: string[]
}

/** What the thread reports: its model loaded (or not), or a batch's vectors (or why there are none). */
export type EmbedResponse =
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; message: string }
  | { type: 'vectors'; id: number; dimensions: number; data: Float32Array<ArrayBuffer> }
  | { type: 'error'; id: number; message: string }

/** Runs a loaded model on texts: one vector per text, in order, of any length and scale. */
export type EmbedFunction = (texts: string[]) => Promise<ArrayLike<number>[]>

const PROBE = ['The probe that tells the model dimensions.']

/** Serves the main thread with the model `load` gives (call once, from the worker script). */
export function serveEmbeddings(load: () => Promise<EmbedFunction>): void {
  const port = parentPort
  if (!port) throw new Error('This module runs as a worker thread')

  let dimensions = 0
  let model: EmbedFunction | undefined

  port.on('message', async (request: EmbedRequest) => {
    if (!model) return
    let response: EmbedResponse
    try {
      const data = flatten(await model(request.texts), request.texts.length, dimensions)
      response = { type: 'vectors', id: request.id, dimensions, data }
    } catch (error) {
      response = { type: 'error', id: request.id, message: messageOf(error) }
    }
    if (response.type === 'vectors') port.postMessage(response, [response.data.buffer])
    else port.postMessage(response)
  })

  load()
    .then(async (loaded) => {
      const probe = await loaded(PROBE)
      dimensions = probe[0]?.length ?? 0
      if (dimensions === 0) throw new Error('the model returned no vector for a probe text')
      model = loaded
      port.postMessage({ type: 'ready', dimensions } satisfies EmbedResponse)
    })
    .catch((error: unknown) => {
      port.postMessage({ type: 'failed', message: messageOf(error) } satisfies EmbedResponse)
    })
}

/**
 * The vectors made unit length, one after another in one array (one transfer, no copy). The counts are
 * checked because a model that drops a text would shift every vector after it onto the wrong text.
 */
function flatten(vectors: ArrayLike<number>[], count: number, dimensions: number): Float32Array<ArrayBuffer> {
  if (vectors.length !== count)
    throw new Error(`the model returned ${vectors.length} vectors for ${count} texts`)
  const data = new Float32Array(count * dimensions)
  vectors.forEach((vector, i) => {
    if (vector.length !== dimensions) {
      throw new Error(`the model returned a vector of ${vector.length} dimensions instead of ${dimensions}`)
    }
    data.set(unitVector(vector), i * dimensions)
  })
  return data
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  // TensorFlow.js rejects some failures with a plain `{ message }` object.
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message)
  return String(error)
}
