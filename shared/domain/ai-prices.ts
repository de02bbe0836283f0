/**
 * What model calls cost: list prices, prices the user entered, and which providers bill per use.
 *
 * Prices are US dollars per million tokens, standard (non-batch, uncached) tier, as the providers list them
 * publicly (checked 2025). They drift: an entered price always wins over the table.
 */

export type AiProvider = 'openai' | 'anthropic' | 'openai-compatible'

/** US dollars per million tokens. */
export type Price = { input: number; output: number }

export type TokenUsage = { inputTokens: number; outputTokens: number }

const OPENAI_PRICES: Record<string, Price> = {
  'gpt-4o': { input: 2.5, output: 10 },
  // The first gpt-4o snapshot kept its launch price.
  'gpt-4o-2024-05-13': { input: 5, output: 15 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4-turbo': { input: 10, output: 30 },
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-5-pro': { input: 15, output: 120 },
  'gpt-5.1': { input: 1.25, output: 10 },
  o1: { input: 15, output: 60 },
  'o1-mini': { input: 1.1, output: 4.4 },
  'o1-pro': { input: 150, output: 600 },
  o3: { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o3-pro': { input: 20, output: 80 },
  'o3-deep-research': { input: 10, output: 40 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'o4-mini-deep-research': { input: 2, output: 8 },
}

const ANTHROPIC_PRICES: Record<string, Price> = {
  'claude-opus-4': { input: 15, output: 75 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-3-5-sonnet': { input: 3, output: 15 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  'claude-3-opus': { input: 15, output: 75 },
  'claude-3-haiku': { input: 0.25, output: 1.25 },
}

/** Only the hosted providers have a table: what an OpenAI-compatible server charges depends on its host. */
const PRICE_TABLES: Partial<Record<AiProvider, Record<string, Price>>> = {
  openai: OPENAI_PRICES,
  anthropic: ANTHROPIC_PRICES,
}

/**
 * After a known name, what may follow and still be the same model: a date, a tag (`-latest`, `-preview`,
 * `@20250514`), not a version number (`claude-opus-4-6`, `gpt-5.2`), which may have a different price.
 */
const SAME_MODEL_SUFFIX = /^[-@](?!\d{1,2}(?:$|[-.@]))/

/**
 * The listed price of a model, matching the longest known name the model starts with, so dated and tagged
 * variants (`gpt-4o-2024-08-06`, `claude-sonnet-4-20250514`) resolve; undefined when unknown.
 */
export function knownPrice(provider: AiProvider, model: string): Price | undefined {
  const table = PRICE_TABLES[provider]
  if (!table) return undefined
  const name = model.trim().toLowerCase()
  let best: string | undefined
  for (const known of Object.keys(table)) {
    const fits =
      name === known || (name.startsWith(known) && SAME_MODEL_SUFFIX.test(name.slice(known.length)))
    if (fits && (best === undefined || known.length > best.length)) best = known
  }
  return best === undefined ? undefined : table[best]
}

/**
 * The price to charge: the entered one when both input and output prices are entered (valid, >= 0),
 * else the listed one; a single entered price is ignored rather than mixed with a listed one.
 */
export function priceOf(settings: {
  provider: AiProvider
  model: string
  priceInput?: number | null
  priceOutput?: number | null
}): Price | undefined {
  const { priceInput, priceOutput } = settings
  if (isPrice(priceInput) && isPrice(priceOutput)) return { input: priceInput, output: priceOutput }
  return knownPrice(settings.provider, settings.model)
}

/**
 * The price of `model` under an organization's settings: the entered one (or else the listed one) for
 * the organization's own model, the listed one for another model a space chose.
 */
export function priceFor(settings: Parameters<typeof priceOf>[0], model: string): Price | undefined {
  return model === settings.model ? priceOf(settings) : knownPrice(settings.provider, model)
}

/** The cost of some usage in US dollars, rounded to 6 decimals (a millionth of a dollar). */
export function costOf(usage: TokenUsage, price: Price): number {
  const dollars = (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000
  return Math.round(dollars * 1_000_000) / 1_000_000
}

/**
 * Whether calls are billed per use. OpenAI and Anthropic always are. An OpenAI-compatible server is,
 * unless its address is on this machine or a private network (Ollama, LM Studio, a LAN vLLM box):
 * an unknown or unreadable address counts as billed, so a budget is never skipped by mistake.
 */
export function isMetered(provider: AiProvider, baseUrl?: string | null): boolean {
  if (provider !== 'openai-compatible') return true
  if (!baseUrl) return true
  let host: string
  try {
    host = new URL(baseUrl).hostname.toLowerCase()
  } catch {
    return true
  }
  return !isLocalHost(host.replace(/^\[|\]$/g, ''))
}

function isPrice(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

function isLocalHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true
  if (host === 'host.docker.internal' || host === '0.0.0.0') return true
  const v4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    )
  }
  // IPv6: loopback, unique local (fc00::/7), link-local (fe80::/10), and IPv4-mapped local addresses.
  if (host === '::1') return true
  if (/^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host)) return true
  // URL parsing writes IPv4-mapped addresses in hex (`::ffff:7f00:1` for 127.0.0.1).
  const mapped = host.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/)
  if (!mapped) return false
  const high = Number.parseInt(mapped[1] ?? '', 16)
  const low = Number.parseInt(mapped[2] ?? '', 16)
  return isLocalHost(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
}
