/**
 * The main-thread side of an embedding model run in worker threads: starts them on first use, queues
 * texts, sends them in batches to whichever thread is free, enforces the time limits, and replaces a
 * thread that dies or runs past a limit.
 */
import { Worker } from 'node:worker_threads'
import { workerExecArgv } from '../node/worker-options.ts'
import { EmbedderClosedError, EmbeddingError, EmbeddingTimeoutError } from './errors.ts'
import type { EmbedRequest, EmbedResponse } from './worker-protocol.ts'

export interface EmbeddingThreadOptions {
  /** The worker script. */
  workerUrl: URL | string
  /** Handed to the script as `workerData`. */
  workerData?: unknown
  /** Names the model in error messages ("the built-in embedding model"). */
  label: string
  /** Most texts sent to a thread in one message. */
  batchSize: number
  /**
   * Most threads running the model at once, each with its own copy of it. Default 1. A thread is only
   * started when there are batches waiting that no started thread can take.
   */
  threads?: number
  /** Time limit of one batch, counted from when the thread gets it (not while queued). */
  timeoutMs: number
  /** Time limit for starting the thread and loading the model. */
  startTimeoutMs: number
  /**
   * Stops a thread once it has had nothing to do for this long, freeing its copy of the model; the
   * next texts start one again. Default: threads run until `close`.
   */
  idleStopMs?: number
}

/** An embedding model running in its own threads. */
export interface EmbeddingThread {
  /** The model's dimensions, 0 until a thread has loaded it once. */
  readonly dimensions: number
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>
  close(): Promise<void>
}

/** The texts of one embed() call, or a batch-sized part of them. */
interface Job {
  texts: string[]
  call: Call
  resolve: (vectors: Float32Array[]) => void
  reject: (error: Error) => void
}

/** Shared by the jobs of one call: once one part fails, the others are not worth computing. */
interface Call {
  failed: boolean
  parts: number
}

interface Running {
  id: number
  jobs: Job[]
  timer: NodeJS.Timeout
}

/** One thread of the pool: none started yet, loading its model, idle, or working on one batch. */
interface Slot {
  worker: Worker | undefined
  ready: boolean
  startTimer: NodeJS.Timeout | undefined
  /** Set while the thread is loaded and has nothing to do, with `idleStopMs`. */
  idleTimer: NodeJS.Timeout | undefined
  running: Running | undefined
  /**
   * Set when this thread could not load the model while another could (too little memory for one more
   * copy, say): the others carry on without it rather than start it again and again.
   */
  retired: boolean
}

/** Starts nothing yet: threads start with the first texts to embed and are reused after. */
export function createEmbeddingThread(options: EmbeddingThreadOptions): EmbeddingThread {
  const { label, batchSize, timeoutMs, startTimeoutMs } = options
  const threads = Math.max(1, Math.floor(options.threads ?? 1))
  const slots: Slot[] = Array.from({ length: threads }, () => ({
    worker: undefined,
    ready: false,
    startTimer: undefined,
    idleTimer: undefined,
    running: undefined,
    retired: false,
  }))
  const queue: Job[] = []
  const stopping = new Set<Promise<unknown>>()
  let dimensions = 0
  let nextId = 1
  let closed = false

  function spawn(slot: Slot): void {
    const thread = new Worker(options.workerUrl, {
      workerData: options.workerData,
      // The script silences the model libraries itself (quiet-thread.ts).
      execArgv: workerExecArgv(),
    })
    slot.worker = thread
    slot.ready = false
    slot.startTimer = setTimeout(() => {
      if (slot.worker !== thread) return
      stop(slot)
      if (slots.some((other) => other.ready)) slot.retired = true
      else failQueued(new EmbeddingTimeoutError(`Loading ${label} took longer than ${startTimeoutMs} ms`))
    }, startTimeoutMs)
    thread.on('message', (response: EmbedResponse) => {
      if (slot.worker === thread) receive(slot, response)
    })
    // 'error' (an uncaught exception, out of memory) is always followed by 'exit'; the error says why.
    let failure: Error | undefined
    thread.on('error', (error) => {
      failure = error
    })
    thread.on('exit', (code) => {
      if (slot.worker !== thread) return
      const why = failure?.message ?? `exit code ${code}`
      const wasReady = slot.ready
      forget(slot)
      if (slot.running) {
        const jobs = settle(slot)
        rejectAll(jobs, new EmbeddingError(`The thread running ${label} died (${why})`))
      }
      // Dying while loading would happen again: the queued texts fail rather than restart it forever.
      if (!wasReady) {
        if (slots.some((other) => other.ready)) slot.retired = true
        else failQueued(new EmbeddingError(`Cannot start ${label}: its thread died (${why})`))
      }
      pump()
    })
  }

  function receive(slot: Slot, response: EmbedResponse): void {
    switch (response.type) {
      case 'ready':
        clearTimeout(slot.startTimer)
        slot.ready = true
        dimensions = response.dimensions
        pump()
        return
      case 'failed':
        // The next call starts a new thread and tries again: the model files may have been fixed.
        stop(slot)
        if (slots.some((other) => other.ready)) slot.retired = true
        else failQueued(new EmbeddingError(`Cannot load ${label}: ${response.message}`))
        return
      case 'vectors': {
        if (slot.running?.id !== response.id) return
        const jobs = settle(slot)
        let offset = 0
        for (const job of jobs) {
          const vectors: Float32Array[] = []
          for (let i = 0; i < job.texts.length; i++, offset++) {
            // Copies, not views: a consumer that reads `.buffer` must see only its own vector.
            const start = offset * response.dimensions
            vectors.push(response.data.slice(start, start + response.dimensions))
          }
          job.resolve(vectors)
        }
        pump()
        return
      }
      case 'error':
        if (slot.running?.id !== response.id) return
        rejectAll(settle(slot), new EmbeddingError(`${capitalise(label)} failed: ${response.message}`))
        pump()
        return
    }
  }

  /** Ends the slot's running batch, handing back its jobs. */
  function settle(slot: Slot): Job[] {
    const jobs = slot.running?.jobs ?? []
    if (slot.running) clearTimeout(slot.running.timer)
    slot.running = undefined
    return jobs
  }

  function forget(slot: Slot): void {
    clearTimeout(slot.startTimer)
    clearTimeout(slot.idleTimer)
    slot.idleTimer = undefined
    slot.worker = undefined
    slot.ready = false
  }

  function stop(slot: Slot): void {
    const thread = slot.worker
    forget(slot)
    if (!thread) return
    const done = thread.terminate().finally(() => stopping.delete(done))
    stopping.add(done)
  }

  function failQueued(error: Error): void {
    rejectAll(queue.splice(0), error)
  }

  function rejectAll(jobs: Job[], error: Error): void {
    for (const job of jobs) {
      job.call.failed = true
      job.reject(error)
    }
  }

  function pump(): void {
    // Parts of a call that already failed are dropped unsent.
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.call.failed) queue.splice(i, 1)
    if (!closed) {
      for (const slot of slots) {
        if (queue.length === 0) break
        if (slot.worker && slot.ready && !slot.running) send(slot)
      }
      // More threads only for batches that the threads already loading will not take.
      let loading = slots.filter((slot) => slot.worker && !slot.ready).length
      for (const slot of slots) {
        if (queue.length <= loading) break
        if (slot.worker || slot.retired) continue
        try {
          spawn(slot)
        } catch (error) {
          failQueued(new EmbeddingError(`Cannot start ${label}: ${(error as Error).message}`))
          break
        }
        loading++
      }
    }
    // An idle thread must not keep the process alive; close() is still the clean way out.
    for (const slot of slots) {
      const busy = slot.running !== undefined || (!slot.ready && queue.length > 0)
      if (busy) slot.worker?.ref()
      else slot.worker?.unref()
      watchIdle(slot)
    }
  }

  /** Stops the slot's thread after `idleStopMs` with nothing to do; work for it calls the stop off. */
  function watchIdle(slot: Slot): void {
    const { idleStopMs } = options
    if (idleStopMs === undefined) return
    const idle = !closed && slot.worker !== undefined && slot.ready && !slot.running && queue.length === 0
    if (!idle) {
      clearTimeout(slot.idleTimer)
      slot.idleTimer = undefined
    } else if (slot.idleTimer === undefined) {
      slot.idleTimer = setTimeout(() => stop(slot), idleStopMs)
      slot.idleTimer.unref()
    }
  }

  /** Sends the queued jobs that fit in one batch, whole (a job is never larger than a batch). */
  function send(slot: Slot): void {
    const thread = slot.worker!
    const jobs: Job[] = []
    let count = 0
    while (queue.length > 0 && count + queue[0]!.texts.length <= batchSize) {
      const job = queue.shift()!
      jobs.push(job)
      count += job.texts.length
    }
    const id = nextId++
    const timer = setTimeout(() => {
      if (slot.running?.id !== id) return
      const timedOut = settle(slot)
      // The thread may be deep in a computation that only terminating it stops. The next batch gets a
      // fresh thread.
      stop(slot)
      rejectAll(
        timedOut,
        new EmbeddingTimeoutError(`Embedding with ${label} took longer than ${timeoutMs} ms`),
      )
      pump()
    }, timeoutMs)
    slot.running = { id, jobs, timer }
    const request: EmbedRequest = { id, texts: jobs.flatMap((job) => job.texts) }
    try {
      thread.postMessage(request)
    } catch (error) {
      rejectAll(
        settle(slot),
        new EmbeddingError(`Cannot send texts to ${label}: ${(error as Error).message}`),
      )
      queueMicrotask(pump)
    }
  }

  return {
    get dimensions() {
      return dimensions
    },

    embed(texts) {
      if (closed) return Promise.reject(new EmbedderClosedError(`${capitalise(label)} is closed`))
      if (texts.length === 0) return Promise.resolve([])
      const call: Call = { failed: false, parts: Math.ceil(texts.length / batchSize) }
      const parts: Promise<Float32Array[]>[] = []
      for (let start = 0; start < texts.length; start += batchSize) {
        const slice = texts.slice(start, start + batchSize)
        parts.push(
          new Promise((resolve, reject) => {
            const job: Job = { texts: slice, call, resolve, reject }
            // A call that fits in one batch (a search query) goes ahead of the parts of larger calls
            // (a space being indexed), so it waits for one batch at most rather than for the whole index.
            const ahead = call.parts === 1 ? queue.findIndex((queued) => queued.call.parts > 1) : -1
            if (ahead === -1) queue.push(job)
            else queue.splice(ahead, 0, job)
          }),
        )
      }
      pump()
      return Promise.all(parts).then((chunks) => chunks.flat())
    },

    async close() {
      if (closed) return
      closed = true
      const error = new EmbedderClosedError(`${capitalise(label)} was closed before the texts were embedded`)
      rejectAll([...slots.flatMap(settle), ...queue.splice(0)], error)
      for (const slot of slots) stop(slot)
      await Promise.allSettled([...stopping])
    },
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
