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

/**
 * The server's structured logger (JSON lines on stdout, written asynchronously: pino's destination
 * buffers while a write is under way, and flushes what is left when the process exits).
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const logger = pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined },
    destination,
  )
  // Redaction costs more than the rest of a line: the request log's fixed fields are spared it.
  const unredacted = logger.child({}, { redact: { paths: [], censor: '[redacted]' } })
  return Object.assign(logger, { unredacted: () => unredacted })
}
