/** Where hosts and services write what happened (pino's shape), so they log without knowing the host. */
export interface Logger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}
