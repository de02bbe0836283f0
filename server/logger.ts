import pino from 'pino'

/** Paths pino blanks out wherever they appear, as a second line of defence behind not logging them. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'new_password',
  'current_password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers.cookie',
  'cookie',
  '*.cookie',
  'api_key',
  '*.api_key',
]

/** Lines are written to stdout once this many bytes wait, or every FLUSH_MS. */
const BATCH_BYTES = 4096
const FLUSH_MS = 200

/**
 * The server's structured logger: JSON lines on stdout, written off the request path. Lines wait in
 * memory until 4 KiB of them or 200 ms have gathered (a write per request line took the processor
 * from the requests, on the main thread and the thread doing the write), and what is left is written
 * when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const logger = pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined },
    destination ??
      pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS }),
  )
  // Redaction costs more than the rest of a line: the request log's fixed fields are spared it.
  const unredacted = logger.child({}, { redact: { paths: [], censor: '[redacted]' } })
  return Object.assign(logger, { unredacted: () => unredacted })
}
