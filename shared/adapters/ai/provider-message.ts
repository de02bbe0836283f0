/** Longest provider error message passed on: one line, enough to tell what went wrong. */
const MAX_MESSAGE_LENGTH = 300

/**
 * A provider's error message made safe to show and log, on one short line. Providers echo refused
 * keys in their messages, whole or masked: the key itself, bearer tokens, anything shaped like an
 * OpenAI or Anthropic key, and masked echoes ("abcd****wxyz", which still give part of it away).
 */
export function safeProviderMessage(message: string, apiKey: string | undefined): string {
  let safe = message
  const key = apiKey?.trim()
  if (key) safe = safe.split(key).join('[redacted]')
  const line = safe
    .replace(/Bearer\s+\S+/gi, 'Bearer [redacted]')
    .replace(/\bsk-[A-Za-z0-9_*.-]{8,}/g, '[redacted]')
    .replace(/\S*\*{4,}\S*/g, '[redacted]')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length <= MAX_MESSAGE_LENGTH ? line : `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
}

/** Whether an error is a time limit running out (fetch's AbortSignal.timeout). */
export function isTimeout(error: unknown): boolean {
  return (error instanceof Error || error instanceof DOMException) && error.name === 'TimeoutError'
}
