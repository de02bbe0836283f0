import { queryOptions } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, ok } from '../../app/api.ts'

const templatesApi = api.organizations[':org'].spaces[':space'].templates

/** A page template of a space (`.service/templates/<name>.md`): its name, its title, its text. */
export type PageTemplate = InferResponseType<typeof templatesApi.$get, 200>[number]

/** The space's page templates, by title (none when the space keeps none). */
export function templatesQuery(org: string, space: string) {
  return queryOptions({
    // Keyed `[kind, org, space]` like everything read of a space, so it is forgotten with the space.
    queryKey: ['templates', org, space] as const,
    queryFn: () => ok(templatesApi.$get({ param: { org, space } })),
  })
}

const FRONT_MATTER = /^(---\r?\n)([\s\S]*?\r?\n)?((?:---|\.\.\.)[ \t]*(?:\r?\n|$))/
const TITLE_FIELD = /^title:[ \t]*.*$/m
const HEADING_1 = /^ {0,3}#[ \t]+.*$/

/** A title as a YAML value: bare when YAML reads it back unchanged, else double-quoted. */
function yamlValue(title: string): string {
  return /^[\p{L}\p{N}][^:#"'\\]*$/u.test(title) && title === title.trim() ? title : JSON.stringify(title)
}

/**
 * A template's text as the start of a page titled `title`: the front matter's `title` takes it when
 * the template has one, else the first line's level-one heading, else a heading is put on top (after
 * the front matter). Everything else keeps the template's bytes; an empty title changes nothing.
 */
export function withTitle(text: string, title: string): string {
  const wanted = title.trim()
  if (wanted === '') return text
  const front = FRONT_MATTER.exec(text)
  const head = front?.[0] ?? ''
  const fields = front?.[2] ?? ''
  if (front && TITLE_FIELD.test(fields)) {
    const replaced = fields.replace(TITLE_FIELD, `title: ${yamlValue(wanted)}`)
    return `${front[1]}${replaced}${front[3]}${text.slice(head.length)}`
  }
  const body = text.slice(head.length)
  const lead = /^(?:[ \t]*\r?\n)*/.exec(body)?.[0] ?? ''
  const firstLine = body.slice(lead.length).split(/\r?\n/, 1)[0] ?? ''
  if (HEADING_1.test(firstLine)) {
    return `${head}${lead}# ${wanted}${body.slice(lead.length + firstLine.length)}`
  }
  const newline = text.includes('\r\n') ? '\r\n' : '\n'
  return `${head}# ${wanted}${newline}${newline}${body}`
}

/** Whether a text has a title where `withTitle` writes one: a front matter `title`, or a first-line heading. */
function hasTitle(text: string): boolean {
  const front = FRONT_MATTER.exec(text)
  if (front && TITLE_FIELD.test(front[2] ?? '')) return true
  const body = text.slice(front?.[0].length ?? 0).replace(/^(?:[ \t]*\r?\n)*/, '')
  return HEADING_1.test(body.split(/\r?\n/, 1)[0] ?? '')
}

/**
 * A page's text once its title changed from `before` to `next`: its title (the heading or front
 * matter `title` that `withTitle` writes) follows, while it still reads `before`; a text written
 * before any title was given gets one on top, unless it starts with a heading of its own. Undefined
 * when the text keeps its own title (the person changed it) or nothing would change.
 */
export function retitled(text: string, before: string, next: string): string | undefined {
  const was = before.trim()
  const wanted = next.trim()
  if (wanted === '' || was === wanted) return undefined
  if (was === '') return hasTitle(text) ? undefined : withTitle(text, wanted)
  if (withTitle(text, was) !== text) return undefined
  return withTitle(text, wanted)
}

/** The text a new page starts from: the chosen template titled, else just its title as a heading. */
export function startingText(title: string, template?: PageTemplate): string {
  if (template) return withTitle(template.text, title)
  return title.trim() === '' ? '' : `# ${title.trim()}\n\n`
}
