import { generateText, isStepCount, type LanguageModelUsage, type ToolSet, tool } from 'ai'
import {
  type Llm,
  LlmError,
  type LlmRequest,
  type LlmResult,
  type LlmSettings,
  type LlmTool,
  type LlmUsage,
} from '../../ports/llm.ts'
import { providerFailure, withTimeout } from './provider-message.ts'
import { languageModelFor, reasoningFor } from './providers.ts'

export type AiSdkLlmOptions = {
  /** The HTTP client (tests pass one; the global fetch otherwise). */
  fetch?: typeof globalThis.fetch
  /** Time limit of each model call, answer body included (default 120 s). */
  timeoutMs?: number
  /** Retries of a call refused for a passing reason (429, 5xx, unreachable); 2 by default, as in the SDK. */
  maxRetries?: number
}

const DEFAULT_TIMEOUT_MS = 120_000
const DEFAULT_MAX_STEPS = 12
const DEFAULT_MAX_RETRIES = 2

/** The Llm port on the AI SDK: one `generateText` run with tools, a step limit and a budget check per call. */
export function aiSdkLlm(options: AiSdkLlmOptions = {}): Llm {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const fetch = withTimeout(options.fetch ?? globalThis.fetch, timeoutMs)
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
  return {
    async run(settings: LlmSettings, request: LlmRequest): Promise<LlmResult> {
      // Tokens of every model call that answered: the run's usage, also when a later call fails.
      let spent: LlmUsage = { inputTokens: 0, outputTokens: 0 }
      // What beforeCall threw: rethrown untouched, whatever the SDK wraps it in.
      let stopped: { error: unknown } | undefined
      try {
        const result = await generateText({
          model: languageModelFor(settings, fetch),
          instructions: request.system,
          prompt: request.prompt,
          tools: toToolSet(request.tools),
          // Tools write to the same repository: one at a time, in the order the model asked.
          toolCallConcurrency: 1,
          stopWhen: isStepCount(Math.max(1, Math.floor(request.maxSteps ?? DEFAULT_MAX_STEPS))),
          maxOutputTokens: request.maxOutputTokens,
          reasoning: reasoningFor(settings),
          maxRetries,
          // Runs before each step's model call, the first one included.
          prepareStep: () => {
            if (request.beforeCall) {
              try {
                request.beforeCall({ ...spent })
              } catch (error) {
                stopped = { error }
                throw error
              }
            }
            return undefined
          },
          onLanguageModelCallEnd: ({ usage }) => {
            spent = addUsage(spent, usage)
          },
        })
        return { text: result.text, usage: spent, steps: result.steps.length }
      } catch (error) {
        if (stopped) throw stopped.error
        throw toLlmError(error, settings, spent, timeoutMs)
      }
    },
  }
}

function toToolSet(tools: LlmTool[] | undefined): ToolSet | undefined {
  if (!tools || tools.length === 0) return undefined
  const set: ToolSet = {}
  for (const each of tools) {
    set[each.name] = tool({
      description: each.description,
      inputSchema: each.parameters,
      execute: (args: unknown) => each.execute(args),
    })
  }
  return set
}

/** Providers leave counts out (some compatible servers report no usage): a missing count is 0. */
function addUsage(sum: LlmUsage, usage: Pick<LanguageModelUsage, 'inputTokens' | 'outputTokens'>): LlmUsage {
  return {
    inputTokens: sum.inputTokens + (usage.inputTokens ?? 0),
    outputTokens: sum.outputTokens + (usage.outputTokens ?? 0),
  }
}

function toLlmError(error: unknown, settings: LlmSettings, usage: LlmUsage, timeoutMs: number): LlmError {
  if (error instanceof LlmError) return error
  const { message, status } = providerFailure(error, settings.provider, settings.apiKey, timeoutMs)
  return new LlmError(message, status, usage)
}
