import type { Logger } from '#shared/ports/logger.ts'

/** A logger onto the process's console, for the desktop's processes (their output goes to the terminal or the system's log). */
export const consoleLogger: Logger = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
}
