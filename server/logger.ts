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

/** The server's structured logger (JSON lines on stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined },
    destination,
  )
}
