import { Worker } from 'node:worker_threads'
import type { SecretDetector, SecretFinding } from '../../ports/secret-detector.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import { workerExecArgv } from '../node/worker-options.ts'
import type { ScanRequest, ScanResponse } from './secret-worker.ts'

/**
 * Texts longer than this are scanned in a worker thread: secretlint's rules take about a second on
 * the main thread for 20 MB of text, during which no other request is answered.
 */
export const THREADED_SCAN_CHARS = 256 * 1024

export type ThreadedDetector = SecretDetector & { close(): Promise<void> }

/**
 * A secret detector that scans short texts with `inline` (most writes: no thread hop) and long ones
 * in one worker thread running the same rules, started when first needed. An idle thread does not
 * keep the process alive.
 */
export function threadedSecretDetector(
  inline: SecretDetector,
  options: { thresholdChars?: number; workerUrl?: URL | string } = {},
): ThreadedDetector {
  const threshold = options.thresholdChars ?? THREADED_SCAN_CHARS
  // Loaded by Node itself (type stripping), outside any test runner's module loader.
  const workerUrl = options.workerUrl ?? resourcePaths().secretWorker
  const waiting = new Map<number, { resolve(findings: SecretFinding[]): void; reject(error: Error): void }>()
  let worker: Worker | undefined
  let nextId = 1

  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
  }
  const thread = () => {
    if (worker) return worker
    const started = new Worker(workerUrl, { execArgv: workerExecArgv() })
    started.on('message', (response: ScanResponse) => {
      const pending = waiting.get(response.id)
      if (!pending) return
      waiting.delete(response.id)
      if (response.ok) pending.resolve(response.findings)
      else pending.reject(new Error(`secret scan failed: ${response.message}`))
      if (waiting.size === 0) started.unref()
    })
    let failure: Error | undefined
    started.on('error', (error) => {
      failure = error
    })
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      failAll(failure ?? new Error(`the secret-scanning thread stopped (exit code ${code})`))
    })
    worker = started
    return started
  }

  return {
    scan: (text) => {
      if (text.length <= threshold) return inline.scan(text)
      return new Promise<SecretFinding[]>((resolve, reject) => {
        const id = nextId++
        waiting.set(id, { resolve, reject })
        const target = thread()
        target.ref()
        target.postMessage({ id, text } satisfies ScanRequest)
      })
    },
    close: async () => {
      const stopping = worker
      worker = undefined
      await stopping?.terminate()
    },
  }
}
