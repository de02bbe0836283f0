import type { MiddlewareHandler } from 'hono'
import { preferredLocale } from '../../errors/locale.ts'
import type { AppEnv } from '../env.ts'

/** Chooses the language of messages from Accept-Language (English by default). */
export function chooseLocale(): MiddlewareHandler<AppEnv> {
  return async function chooseLocale(c, next) {
    c.set('locale', preferredLocale(c.req.header('accept-language')) ?? 'en')
    await next()
  }
}
