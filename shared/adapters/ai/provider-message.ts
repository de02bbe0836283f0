import { APICallError, RetryError } from 'ai'

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

/** What a failed provider call comes down to: a message safe to show, and the HTTP status of a refusal. */
export type ProviderFailure = { message: string; status: number | undefined }

/**
 * Why a call to `provider` failed, in the words the LLM and embeddings adapters both report: the last
 * attempt's error after retries, a time limit in seconds, and the status only when the provider refused.
 */
export function providerFailure(
  error: unknown,
  provider: string,
  apiKey: string | undefined,
  timeoutMs: number,
): ProviderFailure {
  // After retries the SDK reports the attempts; the last one says what went wrong.
  const cause = RetryError.isInstance(error) ? error.lastError : error
  let status: number | undefined
  let detail: string
  if (isTimeout(cause)) {
    detail = `no answer within ${Math.round(timeoutMs / 100) / 10} s`
  } else if (APICallError.isInstance(cause)) {
    // A malformed answer comes with 200: no failure status to report.
    status = cause.statusCode !== undefined && cause.statusCode >= 400 ? cause.statusCode : undefined
    detail = status === undefined ? cause.message : `HTTP ${status}: ${cause.message}`
  } else {
    detail = cause instanceof Error ? cause.message : String(cause)
  }
  return { message: safeProviderMessage(`${provider}: ${detail}`, apiKey), status }
}

/** Gives each request its own time limit, covering the answer body too (the signal outlives `fetch`). */
export function withTimeout(fetch: typeof globalThis.fetch, ms: number): typeof globalThis.fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(ms)
    const signal = init?.signal ? AbortSignal.any([init.signal, limit]) : limit
    return fetch(input, { ...init, signal })
  }
}
