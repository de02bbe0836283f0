import { describe, expect, it } from 'vitest'
import { costOf, isMetered, knownPrice, priceOf } from './ai-prices.ts'

describe('knownPrice', () => {
  it.each([
    ['openai', 'gpt-4o', { input: 2.5, output: 10 }],
    ['openai', 'gpt-4o-2024-08-06', { input: 2.5, output: 10 }],
    ['openai', 'gpt-4o-2024-05-13', { input: 5, output: 15 }],
    ['openai', 'gpt-4o-mini-2024-07-18', { input: 0.15, output: 0.6 }],
    ['openai', 'gpt-4.1', { input: 2, output: 8 }],
    ['openai', 'gpt-4.1-mini-2025-04-14', { input: 0.4, output: 1.6 }],
    ['openai', 'gpt-4.1-nano', { input: 0.1, output: 0.4 }],
    ['openai', 'gpt-5', { input: 1.25, output: 10 }],
    ['openai', 'gpt-5-2025-08-07', { input: 1.25, output: 10 }],
    ['openai', 'gpt-5-chat-latest', { input: 1.25, output: 10 }],
    ['openai', 'gpt-5-mini', { input: 0.25, output: 2 }],
    ['openai', 'gpt-5-nano-2025-08-07', { input: 0.05, output: 0.4 }],
    ['openai', 'o3', { input: 2, output: 8 }],
    ['openai', 'o3-2025-04-16', { input: 2, output: 8 }],
    ['openai', 'o3-mini', { input: 1.1, output: 4.4 }],
    ['openai', 'o4-mini', { input: 1.1, output: 4.4 }],
    ['openai', 'GPT-4o', { input: 2.5, output: 10 }],
    ['anthropic', 'claude-opus-4-20250514', { input: 15, output: 75 }],
    ['anthropic', 'claude-opus-4-1-20250805', { input: 15, output: 75 }],
    ['anthropic', 'claude-opus-4-5', { input: 5, output: 25 }],
    ['anthropic', 'claude-sonnet-4-20250514', { input: 3, output: 15 }],
    ['anthropic', 'claude-sonnet-4@20250514', { input: 3, output: 15 }],
    ['anthropic', 'claude-sonnet-4-5-20250929', { input: 3, output: 15 }],
    ['anthropic', 'claude-haiku-4-5', { input: 1, output: 5 }],
    ['anthropic', 'claude-3-5-haiku-latest', { input: 0.8, output: 4 }],
    ['anthropic', 'claude-3-7-sonnet-20250219', { input: 3, output: 15 }],
  ] as const)('%s %s', (provider, model, price) => {
    expect(knownPrice(provider, model)).toEqual(price)
  })

  it.each([
    ['openai', 'gpt-5.2', 'a newer version is not priced like an older one'],
    ['anthropic', 'claude-opus-4-6', 'a newer minor version is not priced like the major'],
    ['openai', 'gpt-4o2', 'a longer name is another model'],
    ['openai', 'my-fine-tune', 'an unknown name'],
    ['openai', 'claude-sonnet-4', "another provider's model"],
    ['openai-compatible', 'gpt-4o', 'a compatible host sets its own prices'],
    ['openai-compatible', 'llama3.1:8b', 'a local model'],
  ] as const)('%s %s: unknown (%s)', (provider, model, _why) => {
    expect(knownPrice(provider, model)).toBeUndefined()
  })
})

describe('priceOf', () => {
  it('takes the entered prices when both are entered', () => {
    expect(priceOf({ provider: 'openai', model: 'gpt-4o', priceInput: 1, priceOutput: 2 })).toEqual({
      input: 1,
      output: 2,
    })
    expect(priceOf({ provider: 'openai-compatible', model: 'x', priceInput: 0, priceOutput: 0 })).toEqual({
      input: 0,
      output: 0,
    })
  })

  it('falls back to the listed price when one or both are missing or invalid', () => {
    const listed = { input: 2.5, output: 10 }
    expect(priceOf({ provider: 'openai', model: 'gpt-4o' })).toEqual(listed)
    expect(priceOf({ provider: 'openai', model: 'gpt-4o', priceInput: 1, priceOutput: null })).toEqual(listed)
    expect(priceOf({ provider: 'openai', model: 'gpt-4o', priceInput: -1, priceOutput: 2 })).toEqual(listed)
    expect(priceOf({ provider: 'openai', model: 'gpt-4o', priceInput: Number.NaN, priceOutput: 2 })).toEqual(
      listed,
    )
  })

  it('is undefined when nothing is entered or listed', () => {
    expect(priceOf({ provider: 'openai-compatible', model: 'llama3.1', priceInput: 3 })).toBeUndefined()
  })
})

describe('costOf', () => {
  it('prices input and output tokens per million', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, { input: 2.5, output: 10 })).toBe(12.5)
    expect(costOf({ inputTokens: 1234, outputTokens: 567 }, { input: 2.5, output: 10 })).toBe(0.008755)
  })

  it('rounds to a millionth of a dollar', () => {
    expect(costOf({ inputTokens: 1, outputTokens: 0 }, { input: 0.15, output: 0.6 })).toBe(0)
    expect(costOf({ inputTokens: 7, outputTokens: 3 }, { input: 0.15, output: 0.6 })).toBe(0.000003)
    expect(costOf({ inputTokens: 0, outputTokens: 0 }, { input: 15, output: 75 })).toBe(0)
  })
})

describe('isMetered', () => {
  it('bills the hosted providers, wherever they are reached', () => {
    expect(isMetered('openai')).toBe(true)
    expect(isMetered('anthropic', 'https://api.anthropic.com/v1')).toBe(true)
    expect(isMetered('openai', 'http://localhost:8080/v1')).toBe(true)
  })

  it.each([
    'http://localhost:11434/v1',
    'http://127.0.0.1:1234/v1',
    'http://[::1]:11434/v1',
    'http://[::ffff:127.0.0.1]:11434/v1',
    'http://ollama.localhost/v1',
    'http://gpu-box.local:8000/v1',
    'http://192.168.1.20:8000/v1',
    'http://10.0.0.5/v1',
    'http://172.20.1.1/v1',
    'http://host.docker.internal:11434/v1',
    'http://[fd12:3456::1]:8000/v1',
  ])('does not bill a compatible server at %s', (url) => {
    expect(isMetered('openai-compatible', url)).toBe(false)
  })

  it.each([
    'https://openrouter.ai/api/v1',
    'https://api.groq.com/openai/v1',
    'http://172.32.0.1/v1',
    'http://8.8.8.8/v1',
    'not a url',
    '',
    undefined,
    null,
  ])('bills a compatible server at %s', (url) => {
    expect(isMetered('openai-compatible', url)).toBe(true)
  })
})
