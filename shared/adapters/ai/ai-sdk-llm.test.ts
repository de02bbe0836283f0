import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmError, type LlmProvider, type LlmSettings, type LlmTool, type LlmUsage } from '../../ports/llm.ts'
import { type FakeLlm, type FakeRequest, startFakeLlm } from '../../testing/fake-llm-server.ts'
import { aiSdkLlm } from './ai-sdk-llm.ts'

/** Shaped like no real provider's key, so only the exact-key redaction can hide it. */
const KEY = 'Q7rT-unit-test-credential-5521'

const PROVIDERS: { provider: LlmProvider; model: string; path: string }[] = [
  { provider: 'openai', model: 'gpt-4.1-mini', path: '/v1/chat/completions' },
  { provider: 'anthropic', model: 'claude-sonnet-4-20250514', path: '/v1/messages' },
  { provider: 'openai-compatible', model: 'llama3.1:8b', path: '/v1/chat/completions' },
]

/** Without retries, so failures are reported at once. */
const llm = aiSdkLlm({ maxRetries: 0 })

let fake: FakeLlm

beforeEach(async () => {
  fake = await startFakeLlm()
})

afterEach(async () => {
  await fake.stop()
})

function addTool(
  execute = vi.fn(async (args: unknown) => `sum=${sum(args)}`),
): LlmTool & { execute: typeof execute } {
  return {
    name: 'add',
    description: 'Adds two numbers.',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute,
  }
}

function sum(args: unknown): number {
  const { a, b } = args as { a: number; b: number }
  return a + b
}

type Message = { role: string; content: unknown }

function messagesOf(request: FakeRequest | undefined): Message[] {
  return ((request?.body ?? {}) as { messages?: Message[] }).messages ?? []
}

/** The tool results a request carries back to the model, in either protocol. */
function toolResultsIn(request: FakeRequest | undefined): string[] {
  return messagesOf(request).flatMap((message) => {
    if (message.role === 'tool') return [String(message.content)]
    if (!Array.isArray(message.content)) return []
    return (message.content as { type: string; content?: unknown }[])
      .filter((block) => block.type === 'tool_result')
      .map((block) => (typeof block.content === 'string' ? block.content : JSON.stringify(block.content)))
  })
}

function bodyOf(request: FakeRequest | undefined): Record<string, unknown> {
  return (request?.body ?? {}) as Record<string, unknown>
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(LlmError)
  return error as LlmError
}

describe.each(PROVIDERS)('aiSdkLlm with $provider', ({ provider, model, path }) => {
  const settings = (): LlmSettings => ({ provider, model, apiKey: KEY, baseUrl: fake.url })

  it('answers a plain prompt and reports its usage', async () => {
    fake.expectKey(KEY)
    fake.script([{ text: 'Hello there', usage: { input: 12, output: 3 } }])

    const result = await llm.run(settings(), { system: 'Be brief.', prompt: 'Say hello.' })

    expect(result).toEqual({ text: 'Hello there', usage: { inputTokens: 12, outputTokens: 3 }, steps: 1 })
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.path).toBe(path)
    const sent = JSON.stringify(fake.requests[0]?.body)
    expect(sent).toContain('Be brief.')
    expect(sent).toContain('Say hello.')
  })

  it('runs a tool the model calls, sends its result back, then returns the answer', async () => {
    fake.script([
      { toolCalls: [{ name: 'add', args: { a: 2, b: 3 } }], usage: { input: 10, output: 4 } },
      { text: 'It is 5.', usage: { input: 20, output: 2 } },
    ])
    const add = addTool()

    const result = await llm.run(settings(), { system: 's', prompt: 'What is 2 + 3?', tools: [add] })

    expect(add.execute).toHaveBeenCalledTimes(1)
    expect(add.execute).toHaveBeenCalledWith({ a: 2, b: 3 })
    expect(result).toEqual({ text: 'It is 5.', usage: { inputTokens: 30, outputTokens: 6 }, steps: 2 })
    expect(fake.requests).toHaveLength(2)
    expect(toolResultsIn(fake.requests[0])).toEqual([])
    expect(toolResultsIn(fake.requests[1])).toEqual(['sum=5'])
  })

  it('stops after maxSteps model calls', async () => {
    const call = { toolCalls: [{ name: 'add', args: { a: 1, b: 1 } }], usage: { input: 1, output: 1 } }
    fake.script([call, call, call, call, call])

    const result = await llm.run(settings(), { system: 's', prompt: 'p', tools: [addTool()], maxSteps: 3 })

    expect(fake.requests).toHaveLength(3)
    expect(result.steps).toBe(3)
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 3 })
  })

  it('calls beforeCall before each model call with the usage so far', async () => {
    fake.script([
      { toolCalls: [{ name: 'add', args: { a: 1, b: 2 } }], usage: { input: 10, output: 4 } },
      { text: 'done', usage: { input: 20, output: 2 } },
    ])
    const seen: { usage: LlmUsage; requestsBefore: number }[] = []

    await llm.run(settings(), {
      system: 's',
      prompt: 'p',
      tools: [addTool()],
      beforeCall: (usage) => {
        seen.push({ usage, requestsBefore: fake.requests.length })
      },
    })

    expect(seen).toEqual([
      { usage: { inputTokens: 0, outputTokens: 0 }, requestsBefore: 0 },
      { usage: { inputTokens: 10, outputTokens: 4 }, requestsBefore: 1 },
    ])
  })

  it('stops the run when beforeCall throws, passing its error through untouched', async () => {
    fake.script([
      { toolCalls: [{ name: 'add', args: { a: 1, b: 2 } }], usage: { input: 10, output: 4 } },
      { text: 'never sent' },
    ])
    const budget = new Error('budget reached')

    const run = llm.run(settings(), {
      system: 's',
      prompt: 'p',
      tools: [addTool()],
      beforeCall: (usage) => {
        if (usage.inputTokens > 0) throw budget
      },
    })

    await expect(run).rejects.toBe(budget)
    expect(fake.requests).toHaveLength(1)
  })

  it('sends nothing when beforeCall refuses the first call', async () => {
    const budget = new Error('no budget left')
    const run = llm.run(settings(), {
      system: 's',
      prompt: 'p',
      beforeCall: () => {
        throw budget
      },
    })

    await expect(run).rejects.toBe(budget)
    expect(fake.requests).toHaveLength(0)
  })

  it('turns a refused key (401) into an LlmError that never holds the key', async () => {
    // The fake echoes the refused key in its message, as real providers do (masked).
    fake.expectKey('the-right-key')

    const error = await failure(llm.run(settings(), { system: 's', prompt: 'p' }))

    expect(error.status).toBe(401)
    expect(error.message).toContain('401')
    expect(error.message).not.toContain(KEY)
    expect(error.message.length).toBeLessThanOrEqual(300)
  })

  it('turns a server error (500) into an LlmError with the usage spent before it', async () => {
    fake.script([{ toolCalls: [{ name: 'add', args: { a: 1, b: 2 } }], usage: { input: 10, output: 4 } }])
    // Armed by the tool, so the failure hits the second call, after the first one was paid for.
    const add = addTool(
      vi.fn(async () => {
        fake.failNext(500, `upstream broke for ${KEY}`)
        return 'sum=3'
      }),
    )

    const error = await failure(llm.run(settings(), { system: 's', prompt: 'p', tools: [add] }))

    expect(error.status).toBe(500)
    expect(error.message).not.toContain(KEY)
    expect(error.usage).toEqual({ inputTokens: 10, outputTokens: 4 })
  })

  it('turns an unreachable address into an LlmError without a status', async () => {
    const gone = await startFakeLlm()
    await gone.stop()

    const error = await failure(llm.run({ ...settings(), baseUrl: gone.url }, { system: 's', prompt: 'p' }))

    expect(error.status).toBeUndefined()
    expect(error.message).toMatch(/connect/i)
    expect(error.message).not.toContain(KEY)
  })

  it('gives up on a call that takes longer than the time limit', async () => {
    fake.delayNext(5_000)
    const started = Date.now()

    const error = await failure(
      aiSdkLlm({ timeoutMs: 150, maxRetries: 0 }).run(settings(), { system: 's', prompt: 'p' }),
    )

    expect(Date.now() - started).toBeLessThan(2_000)
    expect(error.status).toBeUndefined()
    expect(error.message).toMatch(/no answer within 0\.2 s/)
  })

  it('turns a malformed answer into an LlmError', async () => {
    fake.rawNext('{"not": "what a model says"')

    const error = await failure(llm.run(settings(), { system: 's', prompt: 'p' }))

    expect(error.status).toBeUndefined()
    expect(error.message).toMatch(new RegExp(`^${provider}: `))
  })

  it('retries a passing failure by default', async () => {
    fake.failNext(503)
    fake.script([{ text: 'second time lucky' }])

    const result = await aiSdkLlm().run(settings(), { system: 's', prompt: 'p' })

    expect(result.text).toBe('second time lucky')
    expect(fake.requests).toHaveLength(2)
  })

  it('reports the last status once retries are spent', async () => {
    fake.failNext(500)
    fake.failNext(502)

    const error = await failure(aiSdkLlm({ maxRetries: 1 }).run(settings(), { system: 's', prompt: 'p' }))

    expect(error.status).toBe(502)
    expect(error.message).not.toMatch(/attempts/)
    expect(fake.requests).toHaveLength(2)
  })
})

describe('aiSdkLlm settings', () => {
  const run = (settings: Partial<LlmSettings> & Pick<LlmSettings, 'provider' | 'model'>) =>
    llm.run(
      { apiKey: KEY, baseUrl: fake.url, ...settings },
      { system: 's', prompt: 'p', maxOutputTokens: 321 },
    )

  it('passes reasoning effort to OpenAI reasoning models', async () => {
    await run({ provider: 'openai', model: 'gpt-5-mini', effort: 'low' })
    expect(bodyOf(fake.requests[0]).reasoning_effort).toBe('low')
    // Reasoning models count their output limit as max_completion_tokens.
    expect(bodyOf(fake.requests[0]).max_completion_tokens).toBe(321)
  })

  it('leaves effort out for OpenAI models that would refuse it', async () => {
    await run({ provider: 'openai', model: 'gpt-4o-2024-08-06', effort: 'high' })
    expect(bodyOf(fake.requests[0])).not.toHaveProperty('reasoning_effort')
    expect(bodyOf(fake.requests[0]).max_tokens).toBe(321)
  })

  it('turns effort into an Anthropic thinking budget', async () => {
    await run({ provider: 'anthropic', model: 'claude-sonnet-4-20250514', effort: 'low' })
    const thinking = bodyOf(fake.requests[0]).thinking as { type: string; budget_tokens: number }
    expect(thinking.type).toBe('enabled')
    expect(thinking.budget_tokens).toBeGreaterThan(0)
    // The SDK widens max_tokens so the answer keeps its own room next to the thinking.
    expect(bodyOf(fake.requests[0]).max_tokens).toBeGreaterThan(thinking.budget_tokens)
  })

  it('leaves thinking out for Claude models without it', async () => {
    await run({ provider: 'anthropic', model: 'claude-3-5-haiku-latest', effort: 'high' })
    expect(bodyOf(fake.requests[0])).not.toHaveProperty('thinking')
  })

  it('passes effort as reasoning_effort to OpenAI-compatible servers', async () => {
    await run({ provider: 'openai-compatible', model: 'qwen3', effort: 'medium' })
    expect(bodyOf(fake.requests[0]).reasoning_effort).toBe('medium')
  })

  it('ignores an effort no provider knows', async () => {
    await run({ provider: 'openai', model: 'o4-mini', effort: 'turbo' })
    expect(bodyOf(fake.requests[0])).not.toHaveProperty('reasoning_effort')
  })

  it('sends the key the way each provider expects', async () => {
    await run({ provider: 'openai', model: 'gpt-4o' })
    await run({ provider: 'anthropic', model: 'claude-haiku-4-5' })
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(fake.requests[1]?.headers['x-api-key']).toBe(KEY)
  })

  it('reaches a keyless OpenAI-compatible server without an Authorization header', async () => {
    await llm.run(
      { provider: 'openai-compatible', model: 'llama3.1', baseUrl: fake.url },
      { system: 's', prompt: 'p' },
    )
    expect(fake.requests[0]?.headers).not.toHaveProperty('authorization')
  })

  it('refuses hosted providers without a key instead of using the environment', async () => {
    for (const provider of ['openai', 'anthropic'] as const) {
      const error = await failure(
        llm.run({ provider, model: 'm', baseUrl: fake.url }, { system: 's', prompt: 'p' }),
      )
      expect(error.message).toMatch(/no API key/)
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses an OpenAI-compatible provider without an address', async () => {
    const error = await failure(
      llm.run({ provider: 'openai-compatible', model: 'm' }, { system: 's', prompt: 'p' }),
    )
    expect(error.message).toMatch(/no API address/)
  })

  it('redacts what looks like a key or a bearer token in a provider message', async () => {
    fake.failNext(403, 'Key sk-proj-abcd1234********wxyz refused; sent Bearer abc.def.ghi')
    const error = await failure(run({ provider: 'openai', model: 'gpt-4o' }))
    expect(error.status).toBe(403)
    expect(error.message).not.toMatch(/sk-proj|abcd1234|abc\.def/)
    expect(error.message).toContain('[redacted]')
  })

  it('counts missing usage numbers as 0', async () => {
    fake.script([{ text: 'no usage reported' }])
    const result = await run({ provider: 'openai-compatible', model: 'llama3.1' })
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 })
  })

  it('runs the calls of one step one at a time', async () => {
    fake.script([
      {
        toolCalls: [
          { name: 'add', args: { a: 1, b: 1 } },
          { name: 'add', args: { a: 2, b: 2 } },
        ],
      },
      { text: 'ok' },
    ])
    let running = 0
    let most = 0
    const add = addTool(
      vi.fn(async (args: unknown) => {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 20))
        running -= 1
        return `sum=${sum(args)}`
      }),
    )

    await llm.run(
      { provider: 'openai', model: 'gpt-4.1', apiKey: KEY, baseUrl: fake.url },
      { system: 's', prompt: 'p', tools: [add] },
    )

    expect(add.execute).toHaveBeenCalledTimes(2)
    expect(most).toBe(1)
    expect(toolResultsIn(fake.requests[1])).toEqual(['sum=2', 'sum=4'])
  })
})
