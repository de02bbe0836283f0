import type { TemplateSource, VocationTemplate } from '../../ports/templates.ts'

/** The one template the fake offers in every language, like the real "blank" one. */
const BLANK: VocationTemplate = { key: 'blank', label: 'Blank', summary: 'Start from nothing.', text: '' }

/** Vocation templates for service tests: the given ones in every language, or a blank one alone. */
export function memoryTemplates(templates: VocationTemplate[] = [BLANK]): TemplateSource {
  return { list: () => templates }
}
