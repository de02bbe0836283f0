import type { Logger } from '../ports/logger.ts'

/** The longest a shutdown may take before the process exits anyway. */
export const STOP_LIMIT_MS = 9_000

/**
 * Stops the host on SIGTERM or SIGINT and ends the process: 0 once stopped, 1 if stopping fails
 * or takes longer than `STOP_LIMIT_MS`.
 */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down')
      // A supervisor sends SIGKILL after about 10 s: stop before, whatever still hangs. Every
      // acknowledged write is already on disk, so leaving early loses nothing.
      setTimeout(() => {
        logger.error({ ms: STOP_LIMIT_MS }, 'shutdown took too long; exiting now')
        process.exit(1)
      }, STOP_LIMIT_MS).unref()
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'the shutdown failed')
          process.exit(1)
        },
      )
    })
  }
}
