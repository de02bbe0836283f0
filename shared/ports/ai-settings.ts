/** An organization's AI provider for the tidy-up, with its key sealed. */
export type AiSettings = {
  provider: 'openai' | 'anthropic' | 'openai-compatible'
  model: string
  baseUrl: string
  effort: string
  /** Sealed API key. */
  apiKey: string | null
  priceInput: number | null
  priceOutput: number | null
  monthlyBudget: number | null
}

/** An organization's embeddings provider, with its key sealed. */
export type EmbeddingSettingsRow = {
  provider: 'openai' | 'openai-compatible'
  model: string
  baseUrl: string
  apiKey: string | null
}

/** One organization's settings of a kind: none until set, and removed by setting null. */
export interface SettingsStore<Settings> {
  get(): Promise<Settings | undefined>
  set(settings: Settings | null): Promise<void>
}
