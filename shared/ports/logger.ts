/** Where hosts and services write what happened (pino's shape), so they log without knowing the host. */
export interface Logger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
  /**
   * The same log without the redaction pass, for lines whose fields are fixed and cannot hold a
   * secret (the request log, written for every request); loggers without one are used as they are.
   */
  unredacted?(): Logger
}
