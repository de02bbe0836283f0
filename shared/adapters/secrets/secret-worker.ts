/**
 * The secret-scanning thread, started by threaded-detector.ts: it runs the same detector as the main
 * thread, on the large texts the main thread hands over, one at a time.
 */
import '../node/quiet-thread.ts'
import { parentPort } from 'node:worker_threads'
import type { SecretFinding } from '../../ports/secret-detector.ts'
import { createSecretDetector } from './secretlint-detector.ts'

/** What the main thread asks. */
export interface ScanRequest {
  id: number
  text: string
}

/** What the thread answers: the findings, or why the scan failed. */
export type ScanResponse =
  | { id: number; ok: true; findings: SecretFinding[] }
  | { id: number; ok: false; message: string }

const port = parentPort
if (!port) throw new Error('secret-worker.ts runs as a worker thread')
const detector = createSecretDetector()

port.on('message', async (request: ScanRequest) => {
  let response: ScanResponse
  try {
    response = { id: request.id, ok: true, findings: await detector.scan(request.text) }
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(response)
})
