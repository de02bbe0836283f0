import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { LlmError } from '../../ports/llm.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type ScriptedLlm, scriptedLlm } from '../../testing/fakes/scripted-llm.ts'
import type { Actor } from '../access/actor.ts'
import { createOrganization } from '../organizations/create-organization.ts'
import { setOrgMember } from '../organizations/org-members.ts'
import { createSpace } from '../spaces/create-space.ts'
import { updateTidySettings } from '../tidy/tidy-control.ts'
import { getAiSettings, type PutAiInput, putAiSettings, testAi } from './ai-settings.ts'

/** The model keeps what it was asked; each test scripts its answers. */
let deps: Deps & { llm: ScriptedLlm }
let root: Actor
let ada: Actor
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps({ llm: scriptedLlm() })
  const person = async (name: string, superadmin = false) =>
    actorOf(deps, (await addPerson(deps, name, { superadmin })).token)
  root = await person('root', true)
  ada = await person('ada')
  bob = await person('bob')
  await createOrganization(deps, root, { slug: 'acme', name: 'Acme' })
  await setOrgMember(deps, root, 'acme', 'ada', 'admin')
  await setOrgMember(deps, root, 'acme', 'bob', 'member')
})

const put = (input: PutAiInput, actor = ada) => putAiSettings(deps, actor, 'acme', input)

describe('putAiSettings', () => {
  it('stores the provider for the admin, and never shows the key again', async () => {
    expect(await getAiSettings(deps, ada, 'acme')).toBeNull()
    const saved = await put({ provider: 'openai', model: ' gpt-4o-mini ', apiKey: 'sk-secret' })
    expect(saved).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: '',
      effort: '',
      hasKey: true,
      priceInput: 0.15,
      priceOutput: 0.6,
      monthlyBudget: null,
      monthSpent: 0,
      metered: true,
    })
    expect(await getAiSettings(deps, ada, 'acme')).toEqual(saved)
    expect(JSON.stringify(await getAiSettings(deps, ada, 'acme'))).not.toContain('sk-secret')
  })

  it('keeps the key when none is sent, drops it with another provider, and removes it on null', async () => {
    await put({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-secret' })
    expect((await put({ provider: 'openai', model: 'gpt-4.1' })).hasKey).toBe(true)
    expect((await put({ provider: 'anthropic', model: 'claude-sonnet-4-5' })).hasKey).toBe(false)
    await put({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant' })
    expect((await put({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: null })).hasKey).toBe(
      false,
    )
  })

  it('leaves the address to the super admin, who may point it at a model on the network', async () => {
    const local = {
      provider: 'openai-compatible' as const,
      model: 'llama',
      baseUrl: 'http://10.0.0.7:8080/v1/',
    }
    await expect(put(local)).rejects.toMatchObject({ reason: 'base_url_reserved', code: 'forbidden' })
    await expect(put({ ...local, baseUrl: 'ftp://models' }, root)).rejects.toMatchObject({
      reason: 'base_url_invalid',
    })
    const saved = await put(local, root)
    expect(saved).toMatchObject({ baseUrl: 'http://10.0.0.7:8080/v1', metered: false })
    // The admin may change the rest, as long as the address stays.
    expect(await put({ provider: 'openai-compatible', model: 'llama-2' })).toMatchObject({
      model: 'llama-2',
      baseUrl: 'http://10.0.0.7:8080/v1',
    })
  })

  it('takes a monthly budget only when every model it pays for has a price', async () => {
    await expect(put({ provider: 'openai', model: 'house-model', monthlyBudget: 10 })).rejects.toMatchObject({
      reason: 'budget_unpriced',
      params: { value: 'house-model' },
    })
    await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })
    await updateTidySettings(deps, ada, { org: 'acme', space: 'wiki' }, { model: 'space-model' })
    await expect(
      put({ provider: 'openai', model: 'house-model', priceInput: 2, priceOutput: 8, monthlyBudget: 10 }),
    ).rejects.toMatchObject({ reason: 'budget_unpriced', params: { value: 'space-model' } })
    await updateTidySettings(deps, ada, { org: 'acme', space: 'wiki' }, { model: 'gpt-4.1-mini' })
    await put({ provider: 'openai', model: 'gpt-4.1', monthlyBudget: 10 })
    expect(await getAiSettings(deps, ada, 'acme')).toMatchObject({ monthlyBudget: 10, priceInput: 2 })
  })

  it('is the admins’ alone: a member can neither read nor change it', async () => {
    await expect(getAiSettings(deps, bob, 'acme')).rejects.toMatchObject({ code: 'forbidden' })
    await expect(put({ provider: 'openai', model: 'gpt-4o-mini' }, bob)).rejects.toMatchObject({
      code: 'forbidden',
    })
  })
})

describe('testAi', () => {
  it('needs a provider first', async () => {
    await expect(testAi(deps, ada, 'acme', 'Hi')).rejects.toMatchObject({ reason: 'ai_not_configured' })
  })

  it('asks the model with the key unsealed, and answers its reply, tokens and cost', async () => {
    await put({ provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-secret' })
    deps.llm.replies.push({ text: 'Hello!', usage: { inputTokens: 12, outputTokens: 3 } })
    expect(await testAi(deps, ada, 'acme', 'Hi')).toEqual({
      ok: true,
      reply: 'Hello!',
      model: 'gpt-4.1',
      inputTokens: 12,
      outputTokens: 3,
      cost: 0.000048,
      error: null,
    })
    expect(deps.llm.asked[0]?.settings).toEqual({ provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-secret' })
    expect(deps.llm.asked[0]?.request.prompt).toBe('Hi')
  })

  it('answers the provider’s refusal as a result, with what it cost', async () => {
    await put({ provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-wrong' })
    deps.llm.replies.push({
      fails: new LlmError('The provider refused the key (401).', 401, { inputTokens: 5, outputTokens: 0 }),
    })
    expect(await testAi(deps, ada, 'acme', 'Hi')).toMatchObject({
      ok: false,
      error: 'The provider refused the key (401).',
      inputTokens: 5,
      cost: 0.00001,
    })
  })
})
