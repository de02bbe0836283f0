import { LOCALES, type Locale } from './catalog.ts'

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
    if ((LOCALES as readonly string[]).includes(entry.lang)) return entry.lang as Locale
  }
  return undefined
}
