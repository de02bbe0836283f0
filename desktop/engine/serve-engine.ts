import type { Logger } from '#shared/ports/logger.ts'
import { type MessageLink, serveBridge } from './bridge.ts'
import type { Engine, EngineOptions } from './contract.ts'

/** The first message the engine's process gets: where the data is and the key that seals it. */
export type StartMessage = { type: 'start'; dataDir: string; secretKey: string; webAppDir?: string }
/** Asks the engine's process to close the engine and end. */
export type StopMessage = { type: 'stop' }
/** The engine started: its loopback listener and that listener's token. */
export type ReadyMessage = { type: 'ready'; url: string; token: string }
/** The engine could not start; the message says why. */
export type FailedMessage = { type: 'failed'; message: string }

/** The engine's entry point, as `engine.ts` exports it. */
export type StartEngine = (options: EngineOptions) => Promise<Engine>

/** Whether a message is the start message. */
export function isStartMessage(message: unknown): message is StartMessage {
  const m = message as Partial<StartMessage> | null
  return m?.type === 'start' && typeof m.dataDir === 'string' && typeof m.secretKey === 'string'
}

/** Whether a message is the ready message. */
export function isReadyMessage(message: unknown): message is ReadyMessage {
  const m = message as Partial<ReadyMessage> | null
  return m?.type === 'ready' && typeof m.url === 'string' && typeof m.token === 'string'
}

/** Whether a message is the failed message. */
export function isFailedMessage(message: unknown): message is FailedMessage {
  const m = message as Partial<FailedMessage> | null
  return m?.type === 'failed' && typeof m.message === 'string'
}

/**
 * Runs the engine's side of the link: on the start message, loads and starts the engine, says it
 * is ready, then answers request messages with its `fetch`; on the stop message, closes it and
 * calls `exit`. A start that fails is reported, and the other side decides what to do.
 */
export function serveEngine(
  link: MessageLink,
  load: () => Promise<StartEngine>,
  exit: (code: number) => void,
  logger?: Logger,
  /** What the host adds to every start (a bundle's run-time files). */
  extra: Partial<EngineOptions> = {},
): void {
  let engine: Promise<Engine | undefined> | undefined
  const start = async (message: StartMessage): Promise<Engine | undefined> => {
    try {
      const startEngine = await load()
      const started = await startEngine({
        ...extra,
        dataDir: message.dataDir,
        secretKey: message.secretKey,
        webAppDir: message.webAppDir,
        logger,
      })
      serveBridge(link, (request) => started.fetch(request), logger)
      link.send({ type: 'ready', url: started.url, token: started.token } satisfies ReadyMessage)
      return started
    } catch (error) {
      logger?.error({ err: error }, 'the engine could not start')
      const reason = error instanceof Error ? error.message : String(error)
      link.send({ type: 'failed', message: reason } satisfies FailedMessage)
      return undefined
    }
  }
  const stop = async () => {
    try {
      await (await engine)?.close()
      exit(0)
    } catch (error) {
      logger?.error({ err: error }, 'the engine did not close cleanly')
      exit(1)
    }
  }
  link.listen((message) => {
    if (isStartMessage(message) && !engine) engine = start(message)
    else if ((message as Partial<StopMessage> | null)?.type === 'stop') void stop()
  })
}
