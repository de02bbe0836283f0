import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parse } from 'yaml'
import type { Locale } from '../../errors/catalog.ts'
import type { TemplateSource, VocationTemplate } from '../../ports/templates.ts'

/** The template keys, in the order they are offered. */
export const TEMPLATE_KEYS = [
  'infra',
  'marketing',
  'product',
  'client',
  'personal',
  'family',
  'job-search',
  'blank',
]

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** Reads one template file: `label` and `summary` in its front matter, the text after it. */
export function parseTemplate(key: string, source: string): VocationTemplate {
  const match = FRONT_MATTER.exec(source)
  const meta = (match ? parse(match[1] ?? '') : {}) as { label?: unknown; summary?: unknown }
  return {
    key,
    label: String(meta.label ?? key),
    summary: String(meta.summary ?? ''),
    text: (match ? source.slice(match[0].length) : source).trimStart(),
  }
}

/** Vocation templates kept as Markdown files in `<dir>/<locale>/<key>.md`, read once. */
export function fileTemplates(dir: string): TemplateSource {
  const byLocale = new Map<Locale, VocationTemplate[]>()
  const load = (locale: Locale) => {
    const folder = join(dir, locale)
    const files = new Set(readdirSync(folder).filter((f) => f.endsWith('.md')))
    const keys = [
      ...TEMPLATE_KEYS.filter((k) => files.has(`${k}.md`)),
      ...[...files]
        .map((f) => basename(f, '.md'))
        .filter((k) => !TEMPLATE_KEYS.includes(k))
        .sort(),
    ]
    return keys.map((key) => parseTemplate(key, readFileSync(join(folder, `${key}.md`), 'utf8')))
  }
  return {
    list: (locale) => {
      let templates = byLocale.get(locale)
      if (!templates) {
        templates = load(locale)
        byLocale.set(locale, templates)
      }
      return templates
    },
  }
}
