import { createRequire } from 'node:module'
import pino from 'pino'
import type { LogFormat } from './config.ts'

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
 * The server's structured logger on stdout: JSON lines, or with `pretty` one readable line per entry
 * (time, level, message, then key=value), coloured on a terminal. Lines wait in memory until 4 KiB of
 * them or 200 ms have gathered, then are written in one go (a write per request line took the
 * processor from the requests), and what is left is written when the process exits.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
) {
  const out = destination ?? stdoutInBatches()
  const logger = pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined },
    format === 'pretty' ? prettyLines(out, destination === undefined && process.stdout.isTTY === true) : out,
  )
  // Redaction costs more than the rest of a line: the request log's fixed fields are spared it.
  const unredacted = logger.child({}, { redact: { paths: [], censor: '[redacted]' } })
  return Object.assign(logger, { unredacted: () => unredacted })
}

/**
 * Standard output, written a batch at a time (BATCH_BYTES or FLUSH_MS). Each batch is written at
 * once rather than by a write in the background: a background write still under way when the process
 * exits is lost with its lines, and what exiting writes after it appears out of order (seen in the
 * logger's tests under load: 92 lines of 200 missing before the last). The batch left is written as
 * the process exits.
 */
function stdoutInBatches(): pino.DestinationStream {
  const out = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS })
  process.once('exit', () => out.flushSync())
  return out
}

/** Fields every line has, shown before the message rather than among its key=value pairs. */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname'])

/**
 * Writes each JSON line (already redacted) to `out` as one readable line. The lines are made as they
 * are written, so none is lost at exit; an error's stack follows its line, indented.
 */
function prettyLines(out: pino.DestinationStream, colorize: boolean): pino.DestinationStream {
  // Loaded only for this format, so JSON logging does not pay its start-up time.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty')
  const pretty = prettyFactory({
    colorize,
    singleLine: true,
    hideObject: true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname',
    messageFormat: (log, messageKey) => {
      const pairs = Object.entries(log)
        .filter(([key, value]) => !SHOWN_APART.has(key) && key !== messageKey && value !== undefined)
        .map(([key, value]) => `${key}=${shown(key === 'err' ? errorText(value) : value)}`)
      const stack =
        typeof (log.err as { stack?: unknown })?.stack === 'string'
          ? (log.err as { stack: string }).stack
          : ''
      const rest = stack
        ? `\n    ${stack
            .split('\n')
            .slice(1)
            .map((l) => l.trim())
            .join('\n    ')}`
        : ''
      return [String(log[messageKey] ?? ''), ...pairs].join(' ') + rest
    },
  })
  return {
    write: (line: string) => {
      const text = pretty(line)
      out.write(text.endsWith('\n') ? text : `${text}\n`)
    },
  }
}

/** A value as key=value shows it: plain when it reads unambiguously, else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)
  return JSON.stringify(value)
}

/** An error as its line names it: its type and message (the stack follows the line). */
function errorText(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const { type, message } = value as { type?: unknown; message?: unknown }
  return typeof message === 'string' ? `${typeof type === 'string' ? `${type}: ` : ''}${message}` : value
}
