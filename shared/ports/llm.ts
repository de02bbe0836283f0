import type { ZodType } from 'zod'

/** Which kind of API a model is reached through. */
export type LlmProvider = 'openai' | 'anthropic' | 'openai-compatible'

/** How to reach a model: provider, model name, key and address (the key unsealed, in memory only). */
export type LlmSettings = {
  provider: LlmProvider
  model: string
  apiKey?: string
  /** The API's address; the provider's own when absent (required for openai-compatible). */
  baseUrl?: string
  /** Reasoning effort for models that take one (`low`, `medium`, `high`); ignored otherwise. */
  effort?: string
}

/** A tool the model may call; `execute` runs here and its result goes back to the model as text. */
export type LlmTool = {
  name: string
  description: string
  parameters: ZodType
  execute(args: unknown): Promise<string>
}

export type LlmUsage = { inputTokens: number; outputTokens: number }

export type LlmRequest = {
  system: string
  prompt: string
  tools?: LlmTool[]
  /** Most model calls in one run (each tool round trip is one). */
  maxSteps?: number
  maxOutputTokens?: number
  /** Called before each model call with the usage so far; throwing stops the run (budget reached). */
  beforeCall?(usageSoFar: LlmUsage): void
}

export type LlmResult = { text: string; usage: LlmUsage; steps: number }

/** A provider failed (unreachable, refused the key, bad answer); the message never holds the key. */
export class LlmError extends Error {
  readonly status: number | undefined
  /** Tokens already spent before the failure (they still cost). */
  readonly usage: LlmUsage
  constructor(message: string, status?: number, usage: LlmUsage = { inputTokens: 0, outputTokens: 0 }) {
    super(message)
    this.name = 'LlmError'
    this.status = status
    this.usage = usage
  }
}

/** Runs a model, with tools, through the provider the settings name. */
export interface Llm {
  run(settings: LlmSettings, request: LlmRequest): Promise<LlmResult>
}
