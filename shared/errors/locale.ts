import { LOCALES, type Locale } from './catalog.ts'

/** Whether a value names a supported language. */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value)
}

/**
 * The supported language an Accept-Language header prefers most, or undefined when it names none.
 * Honours q-values; `fr-CA` counts as `fr`.
 */
export function preferredLocale(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const entry of ranked) {
    if (isLocale(entry.lang)) return entry.lang
  }
  return undefined
}
