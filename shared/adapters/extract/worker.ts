/**
 * The extraction thread, started by text-extractor.ts. It gets one request at a time: the main thread
 * sends the next once this one has answered, and terminates the thread when one runs past its limit.
 */
import '../node/quiet-thread.ts'
import { parentPort } from 'node:worker_threads'
import type { Format } from './formats.ts'
import { readText } from './readers.ts'

/** What the main thread asks. */
export interface ExtractRequest {
  id: number
  bytes: Uint8Array
  format: Format
}

/** What the thread answers: the text, or why there is none. */
export type ExtractResponse =
  | { id: number; ok: true; text: string }
  | { id: number; ok: false; name: string; message: string }

const port = parentPort
if (!port) throw new Error('worker.ts runs as a worker thread')

// No shutdown message: terminating this thread also ends the OCR engine's own thread, which it owns.
port.on('message', async (request: ExtractRequest) => {
  let response: ExtractResponse
  try {
    response = { id: request.id, ok: true, text: await readText(request.bytes, request.format) }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error))
    response = { id: request.id, ok: false, name, message }
  }
  port.postMessage(response)
})
