import type { Locale } from '../errors/catalog.ts'

export type VocationTemplate = { key: string; label: string; summary: string; text: string }

/** The vocation templates shipped with the service, in each language. */
export interface TemplateSource {
  list(locale: Locale): VocationTemplate[]
}
