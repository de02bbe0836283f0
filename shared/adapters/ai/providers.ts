import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import { LlmError, type LlmSettings } from '../../ports/llm.ts'

/** The reasoning levels the AI SDK maps onto each provider's own setting. */
const REASONING_LEVELS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const

export type ReasoningLevel = (typeof REASONING_LEVELS)[number]

/**
 * Builds the AI SDK model for the settings. The key is passed explicitly and required for the hosted
 * providers: the SDKs would otherwise fall back to OPENAI_API_KEY / ANTHROPIC_API_KEY from the server's
 * environment, billing the operator for a user who set no key.
 */
export function languageModelFor(settings: LlmSettings, fetch: typeof globalThis.fetch): LanguageModel {
  const apiKey = settings.apiKey?.trim() || undefined
  const baseURL = settings.baseUrl?.trim() || undefined
  switch (settings.provider) {
    case 'openai':
      if (apiKey === undefined) throw new LlmError('openai: no API key set')
      // Chat Completions, not the Responses API the SDK now defaults to: compatible proxies speak it too.
      return createOpenAI({ apiKey, baseURL, fetch }).chat(settings.model)
    case 'anthropic':
      if (apiKey === undefined) throw new LlmError('anthropic: no API key set')
      return createAnthropic({ apiKey, baseURL, fetch })(settings.model)
    case 'openai-compatible':
      if (baseURL === undefined) throw new LlmError('openai-compatible: no API address set')
      // Local servers (Ollama, LM Studio) take no key; `includeUsage` asks vLLM-style servers to report usage.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey,
        fetch,
        includeUsage: true,
      }).chatModel(settings.model)
    default:
      throw new LlmError(`Unknown AI provider: ${String((settings as { provider: unknown }).provider)}`)
  }
}

/**
 * The reasoning level to request, or undefined to send none: unknown levels and models known to refuse
 * the setting (OpenAI's non-reasoning chat models, Claude 3 before 3.7) would turn it into an HTTP 400.
 */
export function reasoningFor(settings: LlmSettings): ReasoningLevel | undefined {
  const effort = settings.effort?.trim().toLowerCase()
  const level = REASONING_LEVELS.find((candidate) => candidate === effort)
  if (level === undefined) return undefined
  const model = settings.model.toLowerCase()
  switch (settings.provider) {
    case 'openai':
      // o-series and GPT-5 onwards reason; `gpt-5-chat-*` and GPT-4 families do not.
      return /^(o\d|gpt-([5-9]|\d{2,}))/.test(model) && !/-chat(-|$)/.test(model) ? level : undefined
    case 'anthropic':
      return /^claude-(instant|2|3-(?!7))/.test(model) ? undefined : level
    case 'openai-compatible':
      // Sent as `reasoning_effort`; servers that do not know it ignore it, and the user asked for it.
      return level
    default:
      return undefined
  }
}
