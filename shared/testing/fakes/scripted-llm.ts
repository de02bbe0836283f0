import type { Llm, LlmRequest, LlmSettings, LlmUsage } from '../../ports/llm.ts'

/** What the model does on one run: the tools it calls in turn, then its answer or its failure. */
export type ScriptedReply = {
  calls?: [tool: string, args: Record<string, unknown>][]
  /** The answer's text; `Done.` unless told. */
  text?: string
  /** The tokens the run spent; the model's default usage unless told. */
  usage?: LlmUsage
  /** Thrown instead of answering (an LlmError, for a provider's refusal). */
  fails?: Error
}

/** An Llm whose runs follow a script, and which keeps what it was asked. */
export type ScriptedLlm = Llm & {
  /** The replies still to give, first first: push to script the next runs. */
  replies: ScriptedReply[]
  /** What each run was asked, in order. */
  asked: { settings: LlmSettings; request: LlmRequest }[]
}

/**
 * A model for service tests that answers the scripted replies in order. Like a provider's model
 * it asks the budget (`beforeCall`) before calling, and calls the tools it is told to with their
 * arguments; a run with no reply left fails the test, as the model was not expected to run.
 */
export function scriptedLlm(
  replies: ScriptedReply[] = [],
  usage: LlmUsage = { inputTokens: 0, outputTokens: 0 },
): ScriptedLlm {
  const llm: ScriptedLlm = {
    replies,
    asked: [],
    run: async (settings, request) => {
      llm.asked.push({ settings, request })
      request.beforeCall?.({ inputTokens: 0, outputTokens: 0 })
      const reply = llm.replies.shift()
      if (!reply) throw new Error('the model was not expected to run')
      if (reply.fails) throw reply.fails
      const calls = reply.calls ?? []
      for (const [name, args] of calls) {
        const tool = request.tools?.find((t) => t.name === name)
        if (!tool) throw new Error(`no tool ${name}`)
        await tool.execute(args)
      }
      return { text: reply.text ?? 'Done.', usage: reply.usage ?? usage, steps: calls.length + 1 }
    },
  }
  return llm
}
