import type { Locale } from '../../errors/catalog.ts'
import type { Deps } from '../../ports/deps.ts'
import type { VocationTemplate } from '../../ports/templates.ts'
import { type Actor, localeOf } from '../access/actor.ts'

/** The vocation templates in the caller's language: the account's own choice first, then the request's. */
export function listVocationTemplates(
  deps: Pick<Deps, 'templates'>,
  actor: Actor,
  requestLocale: Locale,
): VocationTemplate[] {
  return deps.templates.list(localeOf(actor, requestLocale))
}
