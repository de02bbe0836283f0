import { afterAll, beforeAll } from 'vitest'
import type { Actor } from '../../services/access/actor.ts'
import { type AiSettingsView, type PutAiInput, putAiSettings } from '../../services/providers/ai-settings.ts'
import { type FakeLlm, startFakeLlm } from '../fake-llm-server.ts'

/** The API key the scripted model's settings carry, for a test that checks it never shows again. */
export const MODEL_KEY = 'local-key-123456'

/**
 * A scripted model (the loopback fake LLM) shared by the tests of a file or a `describe`: started
 * before them and stopped after. Read it only inside tests and hooks: it exists from then on.
 */
export function scriptedModel(): FakeLlm {
  let llm: FakeLlm | undefined
  beforeAll(async () => {
    llm = await startFakeLlm()
  })
  afterAll(() => llm?.stop())
  return new Proxy({} as FakeLlm, {
    get: (_target, key) => {
      if (!llm) throw new Error('the scripted model starts with the tests: use it inside them')
      return Reflect.get(llm, key)
    },
  })
}

/**
 * Makes the scripted model the organization's AI provider, as `PUT /organizations/{org}/ai` would
 * for `actor`: the OpenAI-compatible `house-model` at the model's address, with a key and a price
 * ($2 and $8 per million tokens in and out), unless `overrides` say otherwise.
 */
export function useScriptedModel(
  deps: Parameters<typeof putAiSettings>[0],
  actor: Actor,
  org: string,
  llm: FakeLlm,
  overrides: Partial<PutAiInput> = {},
): Promise<AiSettingsView> {
  return putAiSettings(deps, actor, org, {
    provider: 'openai-compatible',
    model: 'house-model',
    baseUrl: llm.url,
    apiKey: MODEL_KEY,
    priceInput: 2,
    priceOutput: 8,
    ...overrides,
  })
}
