import type { Routine, RoutineTemplate } from './routines.ts'

/** A routine's settings, as a template provides them. */
export type RoutineSettings = Pick<
  Routine,
  | 'name'
  | 'template'
  | 'instructions'
  | 'frequency'
  | 'weekday'
  | 'monthday'
  | 'at'
  | 'scope'
  | 'outputPage'
  | 'outputInbox'
  | 'outputWebhook'
  | 'outputEmail'
  | 'enabled'
>

/** The templates the service provides: `coherence` (weekly, Monday 08:00) and `digest` (weekly, Friday 16:00). */
export const ROUTINE_TEMPLATES: Record<Exclude<RoutineTemplate, ''>, RoutineSettings> = {
  coherence: {
    name: 'Coherence check',
    template: 'coherence',
    instructions:
      'Reread the whole wiki and report what makes it less trustworthy: broken links, pages that say the same thing, pages that contradict each other on a figure or a date, pages nobody links to, and pages due for review. For each problem, say which pages are involved and what to do.',
    frequency: 'weekly',
    weekday: 0,
    monthday: 1,
    at: '08:00',
    scope: [],
    outputPage: 'reports/coherence.md',
    outputInbox: true,
    outputWebhook: '',
    outputEmail: '',
    enabled: true,
  },
  digest: {
    name: 'Weekly digest',
    template: 'digest',
    instructions:
      'Summarize what changed in the wiki during the period: pages created, updated and moved, and notes filed, by whom, grouped by folder.',
    frequency: 'weekly',
    weekday: 4,
    monthday: 1,
    at: '16:00',
    scope: [],
    outputPage: 'reports/digest.md',
    outputInbox: false,
    outputWebhook: '',
    outputEmail: 'members',
    enabled: true,
  },
}

/** Whether a name is one of the provided templates. */
export function isRoutineTemplate(name: string): name is Exclude<RoutineTemplate, ''> {
  return Object.hasOwn(ROUTINE_TEMPLATES, name)
}
