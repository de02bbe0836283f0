import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts'

let fake: FakeLlm

beforeEach(async () => {
  fake = await startFakeLlm()
})

afterEach(async () => {
  await fake.stop()
})

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

describe('startFakeLlm', () => {
  it('listens on loopback only', () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  })

  it('answers "done" when the script is empty, in both protocols', async () => {
    const openai = await post('/chat/completions', { messages: [] })
    const anthropic = await post('/messages', { messages: [] })

    expect(openai.body).toMatchObject({
      choices: [{ message: { role: 'assistant', content: 'done' }, finish_reason: 'stop' }],
    })
    expect(openai.body).not.toHaveProperty('usage')
    expect(anthropic.body).toMatchObject({
      type: 'message',
      content: [{ type: 'text', text: 'done' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 0, output_tokens: 0 },
    })
  })

  it('renders tool calls and usage in each wire format', async () => {
    const reply = {
      text: 'thinking aloud',
      toolCalls: [{ name: 'find', args: { q: 'x' } }],
      usage: { input: 7, output: 2 },
    }
    fake.script([reply, reply])

    const openai = await post('/chat/completions', {})
    const anthropic = await post('/messages', {})

    expect(openai.body).toMatchObject({
      choices: [
        {
          message: {
            content: 'thinking aloud',
            tool_calls: [{ type: 'function', function: { name: 'find', arguments: '{"q":"x"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    })
    expect(anthropic.body).toMatchObject({
      content: [
        { type: 'text', text: 'thinking aloud' },
        { type: 'tool_use', name: 'find', input: { q: 'x' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 7, output_tokens: 2 },
    })
  })

  it('records every request with its path, parsed body and headers', async () => {
    await post('/chat/completions', { model: 'm' }, { authorization: 'Bearer k' })

    expect(fake.requests).toEqual([
      expect.objectContaining({ path: '/v1/chat/completions', body: { model: 'm' } }),
    ])
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer k')
  })

  it('refuses a wrong key with 401 in each error format', async () => {
    fake.expectKey('right')

    const openai = await post('/chat/completions', {}, { authorization: 'Bearer wrong' })
    const anthropic = await post('/messages', {}, { 'x-api-key': 'wrong' })
    const accepted = await post('/messages', {}, { 'x-api-key': 'right' })

    expect(openai.status).toBe(401)
    expect(openai.body).toMatchObject({ error: { code: 'invalid_api_key' } })
    expect(anthropic.status).toBe(401)
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
    expect(accepted.status).toBe(200)
  })

  it('fails the next request without using a scripted reply', async () => {
    fake.script([{ text: 'kept' }])
    fake.failNext(529, 'Overloaded')

    const failed = await post('/messages', {})
    const next = await post('/messages', {})

    expect(failed.status).toBe(529)
    expect(failed.body).toMatchObject({ error: { type: 'overloaded_error', message: 'Overloaded' } })
    expect(failed.headers.get('retry-after-ms')).toBe('5')
    expect(next.body).toMatchObject({ content: [{ text: 'kept' }] })
  })

  it('holds an answer back with delayNext', async () => {
    fake.delayNext(60)
    const started = Date.now()
    await post('/chat/completions', {})
    expect(Date.now() - started).toBeGreaterThanOrEqual(50)
  })

  it('answers 404 on unknown routes', async () => {
    const response = await fetch(`${fake.url}/models`)
    expect(response.status).toBe(404)
  })
})
