/**
 * Text extraction off the request path: the parsers and the OCR engine run in worker threads, each
 * file under a time limit, with a bounded number running at once and the rest queued.
 */
import { Worker } from 'node:worker_threads'
import type { TextExtractor } from '../../ports/text-extractor.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import { positive, workerExecArgv } from '../node/worker-options.ts'
import { type Format, formatOf, handles } from './formats.ts'
import type { ExtractRequest, ExtractResponse } from './worker.ts'

export interface TextExtractorOptions {
  /** Time limit for one file, in milliseconds, counted from when it starts (not while queued). Default 20 s. */
  timeoutMs?: number
  /** How many files are read at once, each in its own thread. Default 1. */
  concurrency?: number
  /** Heap cap of each thread, in MiB: a hostile file then kills its thread, not the process. Default 1024. */
  memoryLimitMb?: number
  /**
   * The worker script. Default: worker.ts beside this file (see `resourcePaths`), which Node runs with
   * its type stripping. A host that bundles its code passes the location of its built worker instead.
   */
  workerUrl?: URL | string
}

/** Raised when a file takes longer than the time limit; its thread is stopped and replaced. */
export class ExtractionTimeoutError extends Error {
  override name = 'ExtractionTimeoutError'
}

/** Raised when a file cannot be read (damaged, not what its name says) or its thread died on it. */
export class ExtractionError extends Error {
  override name = 'ExtractionError'
}

/** Raised for files still waiting or running when the extractor closes: nothing is known about the file. */
export class ExtractorClosedError extends Error {
  override name = 'ExtractorClosedError'
}

interface Job {
  path: string
  bytes: Uint8Array<ArrayBuffer>
  format: Format
  resolve: (text: string) => void
  reject: (error: Error) => void
}

interface Running {
  id: number
  job: Job
  timer: NodeJS.Timeout
}

/** One thread, started when first needed and started again after it is stopped. */
interface Slot {
  worker?: Worker
  running?: Running
}

/** A TextExtractor that reads PDF, Office, OpenDocument and images (OCR) in worker threads. */
export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  const timeoutMs = positive(options.timeoutMs, 20_000, 'timeoutMs')
  const concurrency = Math.max(1, Math.floor(positive(options.concurrency, 1, 'concurrency')))
  const memoryLimitMb = positive(options.memoryLimitMb, 1024, 'memoryLimitMb')
  // The thread is plain Node, outside any test runner's module loader (vitest's included): Node loads
  // worker.ts and its relative .ts imports itself, stripping the types.
  const workerUrl = options.workerUrl ?? resourcePaths().extractorWorker
  const slots: Slot[] = Array.from({ length: concurrency }, () => ({}))
  const queue: Job[] = []
  const stopping = new Set<Promise<unknown>>()
  let nextId = 1
  let closed = false

  function spawn(slot: Slot): Worker {
    const worker = new Worker(workerUrl, {
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
      // The script silences the libraries' notices about damaged input itself (quiet-thread.ts).
    })
    worker.on('message', (response: ExtractResponse) => {
      const running = slot.running
      if (slot.worker !== worker || !running || running.id !== response.id) return
      finish(slot)
      if (response.ok) running.job.resolve(response.text)
      else running.job.reject(new ExtractionError(`Cannot read ${running.job.path}: ${response.message}`))
    })
    // 'error' (an uncaught exception, out of memory) is always followed by 'exit'; the error says why.
    let failure: Error | undefined
    worker.on('error', (error) => {
      failure = error
    })
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return
      slot.worker = undefined
      const running = slot.running
      if (running) {
        finish(slot)
        const why = failure?.message ?? `exit code ${code}`
        running.job.reject(
          new ExtractionError(`Cannot read ${running.job.path}: extraction thread died (${why})`),
        )
      }
    })
    return worker
  }

  /** Frees a slot after its job settled, and hands it the next queued job. */
  function finish(slot: Slot): void {
    if (slot.running) clearTimeout(slot.running.timer)
    slot.running = undefined
    // An idle thread must not keep the process alive; close() is still the clean way out.
    slot.worker?.unref()
    queueMicrotask(pump)
  }

  function stop(slot: Slot): void {
    const worker = slot.worker
    slot.worker = undefined
    if (!worker) return
    const done = worker.terminate().finally(() => stopping.delete(done))
    stopping.add(done)
  }

  function start(slot: Slot, job: Job): void {
    let worker: Worker
    try {
      worker = slot.worker ?? spawn(slot)
    } catch (error) {
      job.reject(new ExtractionError(`Cannot start the extraction thread: ${(error as Error).message}`))
      return
    }
    slot.worker = worker
    const id = nextId++
    const timer = setTimeout(() => {
      if (slot.running?.id !== id) return
      finish(slot)
      // The thread may be stuck in a synchronous parse or in the OCR engine: only terminating it frees
      // the slot. The next job starts a fresh one.
      stop(slot)
      job.reject(
        new ExtractionTimeoutError(`Extracting text from ${job.path} took longer than ${timeoutMs} ms`),
      )
    }, timeoutMs)
    slot.running = { id, job, timer }
    worker.ref()
    const request: ExtractRequest = { id, bytes: job.bytes, format: job.format }
    try {
      // The bytes are a private copy (see extract), so they can be moved instead of cloned.
      worker.postMessage(request, [job.bytes.buffer])
    } catch (error) {
      finish(slot)
      job.reject(new ExtractionError(`Cannot read ${job.path}: ${(error as Error).message}`))
    }
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const idle = slots.find((slot) => !slot.running)
      if (!idle) return
      start(idle, queue.shift()!)
    }
  }

  return {
    handles,

    extract(bytes, path) {
      if (closed) return Promise.reject(new ExtractorClosedError('The text extractor is closed'))
      const format = formatOf(path)
      if (!format) return Promise.resolve(undefined)
      return new Promise<string>((resolve, reject) => {
        // Copied so the caller's buffer is untouched and only this file's bytes cross to the thread
        // (a view into a larger buffer would otherwise send the whole buffer).
        queue.push({ path, bytes: new Uint8Array(bytes), format, resolve, reject })
        pump()
      })
    },

    async close() {
      if (closed) return
      closed = true
      const error = new ExtractorClosedError('The text extractor was closed before the file was read')
      for (const job of queue.splice(0)) job.reject(error)
      for (const slot of slots) {
        const running = slot.running
        if (running) {
          clearTimeout(running.timer)
          slot.running = undefined
          running.job.reject(error)
        }
        stop(slot)
      }
      await Promise.allSettled([...stopping])
    },
  }
}
