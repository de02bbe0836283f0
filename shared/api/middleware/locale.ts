import type { MiddlewareHandler } from 'hono'
import type { Locale } from '../../errors/catalog.ts'
import { preferredLocale } from '../../errors/locale.ts'
import type { AppEnv } from '../env.ts'

/** Distinct Accept-Language headers whose choice is kept: browsers send the same few again and again. */
const KEPT_HEADERS = 256

/** Chooses the language of messages from Accept-Language (English by default). */
export function chooseLocale(): MiddlewareHandler<AppEnv> {
  const chosen = new Map<string, Locale>()
  return async function chooseLocale(c, next) {
    const header = c.req.header('accept-language') ?? ''
    let locale = chosen.get(header)
    if (locale === undefined) {
      locale = preferredLocale(header) ?? 'en'
      if (chosen.size < KEPT_HEADERS) chosen.set(header, locale)
    }
    c.set('locale', locale)
    await next()
  }
}
