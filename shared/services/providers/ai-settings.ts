import { costOf, isMetered, priceFor, priceOf } from '../../domain/ai-prices.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { LlmError, type LlmSettings } from '../../ports/llm.ts'
import type { AiSettings, OrgStore } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type ProviderAccessDeps, providerAccess } from './internal/provider-access.ts'

export type AiSettingsView = {
  provider: AiSettings['provider']
  model: string
  baseUrl: string
  effort: string
  hasKey: boolean
  priceInput: number | null
  priceOutput: number | null
  monthlyBudget: number | null
  monthSpent: number
  metered: boolean
}

/** Midnight UTC on the first day of the month of `now`. */
export function monthStart(now: number): number {
  const date = new Date(now)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
}

type ViewDeps = Pick<Deps, 'clock'>

async function view(deps: ViewDeps, orgStore: OrgStore, settings: AiSettings): Promise<AiSettingsView> {
  const price = priceOf(settings)
  return {
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl,
    effort: settings.effort,
    hasKey: settings.apiKey !== null,
    // The prices charged: both entered ones, or the table's (never half of each).
    priceInput: price?.input ?? null,
    priceOutput: price?.output ?? null,
    monthlyBudget: settings.monthlyBudget,
    monthSpent: Math.round((await orgStore.tidy.spentSince(monthStart(deps.clock.now()))) * 1e6) / 1e6,
    metered: isMetered(settings.provider, settings.baseUrl || undefined),
  }
}

export type GetAiSettingsDeps = AccessOrgDeps & ViewDeps

/** The organization's AI settings (admin), or null; the key is never shown, only whether it is set. */
export async function getAiSettings(
  deps: GetAiSettingsDeps,
  actor: Actor,
  orgSlug: string,
): Promise<AiSettingsView | null> {
  // Reading the settings is administration: the same callers as changing them (restricted tokens never).
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.update')
  const settings = await orgStore.ai.get()
  return settings ? await view(deps, orgStore, settings) : null
}

export type PutAiInput = {
  provider: AiSettings['provider']
  model: string
  effort?: string
  apiKey?: string | null
  monthlyBudget?: number | null
  baseUrl?: string
  priceInput?: number | null
  priceOutput?: number | null
}

export type PutAiSettingsDeps = AccessOrgDeps & ProviderAccessDeps & ViewDeps

/**
 * Sets the organization's AI provider (admin). `base_url` is the super admin's to set. Without
 * `api_key` the stored key is kept, unless the provider or the address changes. A monthly budget
 * needs a price for the organization's model and for every model its spaces chose (400 otherwise).
 */
export async function putAiSettings(
  deps: PutAiSettingsDeps,
  actor: Actor,
  orgSlug: string,
  input: PutAiInput,
): Promise<AiSettingsView> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.update')
  const current = await orgStore.ai.get()
  const { baseUrl, apiKey } = providerAccess(deps, actor, current, input)
  const settings: AiSettings = {
    provider: input.provider,
    model: input.model.trim(),
    baseUrl,
    effort: input.effort?.trim() ?? current?.effort ?? '',
    apiKey,
    priceInput: input.priceInput === undefined ? (current?.priceInput ?? null) : input.priceInput,
    priceOutput: input.priceOutput === undefined ? (current?.priceOutput ?? null) : input.priceOutput,
    monthlyBudget: input.monthlyBudget === undefined ? (current?.monthlyBudget ?? null) : input.monthlyBudget,
  }
  if (settings.monthlyBudget !== null) {
    for (const model of [settings.model, ...(await orgStore.tidy.spaceModels())]) {
      if (!priceFor(settings, model)) throw new DomainError('budget_unpriced', { value: model })
    }
  }
  await orgStore.ai.set(settings)
  return await view(deps, orgStore, settings)
}

export type AiForDeps = Pick<Deps, 'cipher' | 'clock'>

/** How a space's tidy-up reaches its model, with the price and the budget left; undefined without AI. */
export async function aiFor(
  deps: AiForDeps,
  orgStore: OrgStore,
  spaceModel: string,
): Promise<
  | {
      settings: LlmSettings
      price: { input: number; output: number } | undefined
      metered: boolean
      budget: number | null
      spent: number
    }
  | undefined
> {
  const org = await orgStore.ai.get()
  if (!org?.model) return undefined
  const model = spaceModel || org.model
  const settings: LlmSettings = {
    provider: org.provider,
    model,
    ...(org.apiKey ? { apiKey: deps.cipher.open(org.apiKey) } : {}),
    ...(org.baseUrl ? { baseUrl: org.baseUrl } : {}),
    ...(org.effort ? { effort: org.effort } : {}),
  }
  const price = priceFor(org, model)
  return {
    settings,
    price,
    metered: isMetered(org.provider, org.baseUrl || undefined),
    budget: org.monthlyBudget,
    spent: await orgStore.tidy.spentSince(monthStart(deps.clock.now())),
  }
}

export type AiTestResult = {
  ok: boolean
  reply: string
  model: string
  inputTokens: number
  outputTokens: number
  cost: number
  error: string | null
}

export type TestAiDeps = AccessOrgDeps & AiForDeps & Pick<Deps, 'llm'>

/** Sends a message to the organization's model (admin): its reply, tokens and cost, or the provider's error. */
export async function testAi(
  deps: TestAiDeps,
  actor: Actor,
  orgSlug: string,
  message: string,
): Promise<AiTestResult> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.update')
  const ai = await aiFor(deps, orgStore, '')
  if (!ai) throw new DomainError('ai_not_configured')
  try {
    const result = await deps.llm.run(ai.settings, {
      system: 'You are a helpful assistant. Answer briefly.',
      prompt: message,
      maxSteps: 1,
    })
    const cost = ai.price ? costOf(result.usage, ai.price) : 0
    return {
      ok: true,
      reply: result.text,
      model: ai.settings.model,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      cost,
      error: null,
    }
  } catch (error) {
    if (!(error instanceof LlmError)) throw error
    const cost = ai.price ? costOf(error.usage, ai.price) : 0
    return {
      ok: false,
      reply: '',
      model: ai.settings.model,
      inputTokens: error.usage.inputTokens,
      outputTokens: error.usage.outputTokens,
      cost,
      error: error.message,
    }
  }
}
