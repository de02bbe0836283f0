import type { Locale } from '../errors/catalog.ts'
import type { VocationTemplate } from '../ports/templates.ts'
import { type Actor, localeOf } from './actor.ts'
import type { Deps } from './deps.ts'

/** The vocation templates in the caller's language: the account's own choice first, then the request's. */
export function listVocationTemplates(deps: Deps, actor: Actor, requestLocale: Locale): VocationTemplate[] {
  return deps.templates.list(localeOf(actor, requestLocale))
}
