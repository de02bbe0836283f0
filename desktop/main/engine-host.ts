import type { Logger } from '#shared/ports/logger.ts'
import { type BridgeClient, createBridgeClient, errorAnswer, type MessageLink } from '../engine/bridge.ts'
import {
  isFailedMessage,
  isReadyMessage,
  type StartMessage,
  type StopMessage,
} from '../engine/serve-engine.ts'

/** The engine's process as the host sees it (Electron's utility process in the app). */
export type EngineProcess = {
  link: MessageLink
  /** Calls `listener` once the process has ended, whatever the reason. */
  onExit(listener: (code: number) => void): void
  kill(): void
}

/** How long to wait before each restart of an engine that died: growing, then steady. */
export const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000] as const
/** An engine that ran this long before dying is restarted quickly again. */
export const STABLE_AFTER_MS = 60_000
/** How long a stopping engine has to close before its process is killed. */
export const STOP_TIMEOUT_MS = 10_000

/** How to start the engine's process, what to start it with, and the clock (replaceable in tests). */
export type EngineHostOptions = {
  spawn(): EngineProcess
  dataDir: string
  secretKey: string
  /** The built web app the engine serves to the window. */
  webAppDir?: string
  logger: Logger
  wait?: (ms: number) => Promise<void>
  now?: () => number
  stopTimeoutMs?: number
}

/** The main process's handle on the engine, whichever process runs it at the moment. */
export type EngineHost = {
  /** Answers a window's request through the engine; a 503 when there is none to answer it. */
  fetch(request: Request): Promise<Response>
  /** The running engine's loopback listener and its token, once it is ready. */
  listener(): { url: string; token: string } | undefined
  /** Closes the engine and ends its process, killing it if it does not end in time; no restart after. */
  stop(): Promise<void>
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void }

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

type Running = {
  process: EngineProcess
  client: BridgeClient
  exited: Promise<void>
  ready?: { url: string; token: string; at: number }
}

function unrefWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

/**
 * Starts the engine in a process of its own and keeps it alive: a process that dies or fails to
 * start is started again after a growing delay, requests it was answering get a 503, and requests
 * made while it starts wait for it (or get a 503 if that start fails).
 */
export function startEngineHost(options: EngineHostOptions): EngineHost {
  const { logger } = options
  const wait = options.wait ?? unrefWait
  const now = options.now ?? Date.now
  let running: Running | undefined
  let client: BridgeClient | undefined
  let next = deferred<BridgeClient | undefined>()
  let restarts = 0
  let stopped = false

  const restart = (code: number, ready: Running['ready']) => {
    if (ready && now() - ready.at >= STABLE_AFTER_MS) restarts = 0
    const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)]!
    restarts++
    logger.warn({ code, delay }, 'the engine process ended; starting it again')
    void wait(delay).then(launch)
  }

  function launch(): void {
    if (stopped) return
    let process: EngineProcess
    try {
      process = options.spawn()
    } catch (error) {
      logger.error({ err: error }, 'the engine process could not be started')
      next.resolve(undefined)
      next = deferred()
      restart(-1, undefined)
      return
    }
    const ended = deferred<void>()
    const current: Running = { process, client: createBridgeClient(process.link), exited: ended.promise }
    running = current
    const stopListening = process.link.listen((message) => {
      if (isReadyMessage(message)) {
        current.ready = { url: message.url, token: message.token, at: now() }
        client = current.client
        next.resolve(current.client)
      } else if (isFailedMessage(message)) {
        logger.error({ reason: message.message }, 'the engine could not start')
        process.kill()
      }
    })
    process.onExit((code) => {
      stopListening()
      current.client.close()
      if (running === current) {
        running = undefined
        client = undefined
      }
      // Requests waiting for this start get their 503; later ones wait for the next start.
      next.resolve(undefined)
      next = deferred()
      ended.resolve()
      if (!stopped) restart(code, current.ready)
    })
    process.link.send({
      type: 'start',
      dataDir: options.dataDir,
      secretKey: options.secretKey,
      webAppDir: options.webAppDir,
    } satisfies StartMessage)
  }

  launch()

  return {
    async fetch(request) {
      if (stopped) return errorAnswer(503)
      const ready = client ?? (await next.promise)
      return ready ? ready.fetch(request) : errorAnswer(503)
    },
    listener() {
      const ready = running?.ready
      return ready && { url: ready.url, token: ready.token }
    },
    async stop() {
      stopped = true
      next.resolve(undefined)
      const current = running
      if (!current) return
      current.process.link.send({ type: 'stop' } satisfies StopMessage)
      const late = await Promise.race([
        current.exited.then(() => false),
        wait(options.stopTimeoutMs ?? STOP_TIMEOUT_MS).then(() => true),
      ])
      if (late) {
        logger.warn({}, 'the engine did not close in time; ending its process')
        current.process.kill()
        await current.exited
      }
    },
  }
}
