import { ROUTINE_TEMPLATES, type RoutineSettings } from '#shared/domain/routine-templates.ts'
import type { NewRoutine, RoutineFields } from './mutations.ts'
import type { Routine } from './queries.ts'

/** What a new routine starts from: one of the provided templates, or the person's own instructions. */
export type Start = 'coherence' | 'digest' | 'blank'

/** A routine's settings as the form holds them: the folders as one line of text. */
export type FormFields = Required<Omit<RoutineFields, 'scope'>> & { scope: string }

/** The form's fields of an existing routine. */
export function fieldsOfRoutine(r: Routine): FormFields {
  return {
    name: r.name,
    instructions: r.instructions,
    frequency: r.frequency,
    weekday: r.weekday,
    monthday: r.monthday,
    at: r.at,
    scope: r.scope.join(', '),
    output_page: r.output_page,
    output_inbox: r.output_inbox,
    output_webhook: r.output_webhook,
    output_email: r.output_email,
    enabled: r.enabled,
  }
}

/** The form's fields of a template's settings. */
function fieldsOfSettings(s: RoutineSettings): FormFields {
  return {
    name: s.name,
    instructions: s.instructions,
    frequency: s.frequency,
    weekday: s.weekday,
    monthday: s.monthday,
    at: s.at,
    scope: s.scope.join(', '),
    output_page: s.outputPage,
    output_inbox: s.outputInbox,
    output_webhook: s.outputWebhook,
    output_email: s.outputEmail,
    enabled: s.enabled,
  }
}

/**
 * A new routine's first fields: a template's (named in the person's language), or for a blank one
 * the coherence check's schedule with no name, no instructions, and the inbox as its output.
 */
export function fieldsToStart(start: Start, name: string): FormFields {
  if (start !== 'blank') return { ...fieldsOfSettings(ROUTINE_TEMPLATES[start]), name }
  return {
    ...fieldsOfSettings(ROUTINE_TEMPLATES.coherence),
    name: '',
    instructions: '',
    output_page: '',
    output_inbox: true,
  }
}

/** The folders typed, one per comma, without blanks or slashes at their ends. */
export function foldersOf(text: string): string[] {
  return text
    .split(',')
    .map((folder) => folder.trim().replace(/^\/+|\/+$/g, ''))
    .filter((folder) => folder !== '')
}

/** The body sent: the folders as a list, and for a new routine from a template, the template. */
export function bodyOf(fields: FormFields, start: Start | undefined): NewRoutine {
  const { scope, ...rest } = fields
  const body = {
    ...rest,
    name: rest.name.trim(),
    output_page: rest.output_page.trim(),
    output_webhook: rest.output_webhook.trim(),
    scope: foldersOf(scope),
  }
  return start && start !== 'blank' ? { template: start, ...body } : body
}
