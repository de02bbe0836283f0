import type { CallToolResult } from '@modelcontextprotocol/server'
import { type Locale, messageFor } from '../errors/catalog.ts'
import { DomainError } from '../errors/domain-error.ts'

/** What a model is told to do next after a refused write, in each language. */
const NEXT_STEP = {
  reread: {
    en: (tool: string) =>
      `Read the page again with read_page, then call ${tool} with the sha it returns as base_sha.`,
    fr: (tool: string) =>
      `Relisez la page avec read_page, puis appelez ${tool} avec le sha obtenu comme base_sha.`,
  },
} as const

/** A tool's answer: a readable text for the model and the REST API's shape as structured content. */
export function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured }
}

/** The tools that take a base_sha, and the refusals that mean the page they saw is not the current one. */
const TAKES_BASE_SHA = new Set(['write_page', 'delete_page'])
const STALE = new Set(['file_changed', 'base_sha_required', 'file_exists'])

/**
 * A refused call of `tool` as a tool error whose text starts with the SPEC's error code
 * (`conflict: …`), in the caller's language, with the next step where there is an obvious one
 * (or the `hint` given).
 */
export function refusal(error: unknown, locale: Locale, tool = '', hint?: string): CallToolResult {
  const known = error instanceof DomainError ? error : new DomainError('internal')
  const message = messageFor(known.reason, locale, known.params)
  // A secret's message says already what to do (remove it, or resend with allow_secrets).
  const next = TAKES_BASE_SHA.has(tool) && STALE.has(known.reason) ? NEXT_STEP.reread[locale](tool) : hint
  const text = `${known.code}: ${message}${next ? ` ${next}` : ''}`
  return {
    content: [{ type: 'text', text }],
    // A secret's finding (rules, line) lets a client point at it, as the REST API's answer does.
    structuredContent: {
      ...(known.code === 'secret_detected' ? known.params : {}),
      error: known.code,
      message,
    },
    isError: true,
  }
}
