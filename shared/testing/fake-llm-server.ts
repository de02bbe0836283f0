import type { IncomingMessage, ServerResponse } from 'node:http'
import { type RecordedRequest, send, startJsonServer, stopServer } from './http-json.ts'

/** One scripted model answer: text, tool calls, or both, with the tokens it reports. */
export type FakeReply = {
  text?: string
  toolCalls?: { name: string; args: unknown }[]
  usage?: { input: number; output: number }
}

/** A request the server received, whatever it answered. */
export type FakeRequest = RecordedRequest

export type FakeLlm = {
  /** Base address of the API, with the version segment: `http://127.0.0.1:PORT/v1`. */
  url: string
  /** Appends replies to the queue; each model call takes the next one ("done" when the queue is empty). */
  script(replies: FakeReply[]): void
  /** Every request received, in order (refused and failed ones included). */
  requests: FakeRequest[]
  /** Answers the next request with this HTTP error, in the provider's error format, without using a reply. */
  failNext(status: number, message?: string): void
  /** Answers the next request with this raw body (a malformed answer), without using a reply. */
  rawNext(body: string, status?: number): void
  /** Holds the next answer back this long (to trigger client time limits). */
  delayNext(ms: number): void
  /** Refuses requests (401) whose API key is not this one. */
  expectKey(key: string): void
  stop(): Promise<void>
}

type Protocol = 'openai' | 'anthropic'

type Override =
  | { kind: 'fail'; status: number; message: string }
  | { kind: 'raw'; status: number; body: string }

/**
 * A loopback HTTP server speaking the OpenAI chat-completions and the Anthropic messages protocols
 * (JSON, non-streaming: what `generateText` uses), answering from a script, so tests never leave the machine.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const replies: FakeReply[] = []
  const overrides: Override[] = []
  const delays: number[] = []
  const requests: FakeRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  let expectedKey: string | undefined
  let callCount = 0

  const answer = (path: string, req: IncomingMessage, res: ServerResponse): void => {
    const protocol: Protocol | undefined =
      req.method === 'POST' && path.endsWith('/chat/completions')
        ? 'openai'
        : req.method === 'POST' && path.endsWith('/messages')
          ? 'anthropic'
          : undefined
    if (protocol === undefined) {
      send(res, 404, { error: { message: `No route for ${req.method} ${path}`, type: 'not_found' } })
      return
    }
    if (expectedKey !== undefined) {
      const presented = presentedKey(protocol, req)
      if (presented !== expectedKey) {
        // Real providers echo (part of) the key they refused: echo it whole, so clients must redact it.
        send(res, 401, errorBody(protocol, 401, `Incorrect API key provided: ${presented ?? '(none)'}`))
        return
      }
    }
    const override = overrides.shift()
    if (override?.kind === 'fail') {
      // A short retry delay, so clients that honour it retry at once in tests.
      send(res, override.status, errorBody(protocol, override.status, override.message), {
        'retry-after-ms': '5',
      })
      return
    }
    if (override?.kind === 'raw') {
      res.writeHead(override.status, { 'content-type': 'application/json' })
      res.end(override.body)
      return
    }
    callCount += 1
    const reply = replies.shift() ?? { text: 'done' }
    send(res, 200, protocol === 'openai' ? openAiReply(reply, callCount) : anthropicReply(reply, callCount))
  }

  const { server, port } = await startJsonServer(requests, async ({ path }, req, res) => {
    const delay = delays.shift()
    if (delay !== undefined) await sleep(delay, timers)
    // The client gave up (time limit): nothing to answer.
    if (res.destroyed || req.socket.destroyed) return
    answer(path, req, res)
  })

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (more) => {
      replies.push(...more)
    },
    failNext: (status, message) => {
      overrides.push({ kind: 'fail', status, message: message ?? `Fake failure ${status}` })
    },
    rawNext: (body, status = 200) => {
      overrides.push({ kind: 'raw', status, body })
    },
    delayNext: (ms) => {
      delays.push(ms)
    },
    expectKey: (key) => {
      expectedKey = key
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await stopServer(server)
    },
  }
}

function openAiReply(reply: FakeReply, n: number): unknown {
  const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({
    id: `call_${n}_${i}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
  }))
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    // Left out when the reply names none, as some compatible servers do.
    ...(reply.usage
      ? {
          usage: {
            prompt_tokens: reply.usage.input,
            completion_tokens: reply.usage.output,
            total_tokens: reply.usage.input + reply.usage.output,
          },
        }
      : {}),
  }
}

function anthropicReply(reply: FakeReply, n: number): unknown {
  const content: unknown[] = []
  if (reply.text !== undefined) content.push({ type: 'text', text: reply.text })
  ;(reply.toolCalls ?? []).forEach((call, i) => {
    content.push({ type: 'tool_use', id: `toolu_${n}_${i}`, name: call.name, input: call.args ?? {} })
  })
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'fake-model',
    content,
    stop_reason: (reply.toolCalls ?? []).length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    // The messages API always reports usage.
    usage: { input_tokens: reply.usage?.input ?? 0, output_tokens: reply.usage?.output ?? 0 },
  }
}

function errorBody(protocol: Protocol, status: number, message: string): unknown {
  if (protocol === 'anthropic') {
    return { type: 'error', error: { type: anthropicErrorType(status), message } }
  }
  return {
    error: {
      message,
      type: status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_error' : 'server_error',
      param: null,
      code: status === 401 ? 'invalid_api_key' : null,
    },
  }
}

function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error'
  if (status === 403) return 'permission_error'
  if (status === 404) return 'not_found_error'
  if (status === 429) return 'rate_limit_error'
  if (status === 529) return 'overloaded_error'
  if (status >= 500) return 'api_error'
  return 'invalid_request_error'
}

function presentedKey(protocol: Protocol, req: IncomingMessage): string | undefined {
  if (protocol === 'anthropic') {
    const key = req.headers['x-api-key']
    return Array.isArray(key) ? key[0] : key
  }
  const auth = req.headers.authorization
  return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined
}

function sleep(ms: number, timers: Set<NodeJS.Timeout>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      resolve()
    }, ms)
    timers.add(timer)
  })
}
