import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../errors/catalog.ts'
import type { TemplateSource } from '../../ports/templates.ts'

/** The contract of the TemplateSource port: the vocation templates offered in each language. */
export function describeTemplatesContract(name: string, makeTemplates: () => Promise<TemplateSource>): void {
  describe(`${name}: vocation templates`, () => {
    it.each(LOCALES)(
      'offers templates in %s, each with a unique key, a label, a summary and a text',
      async (locale) => {
        const templates = await (await makeTemplates()).list(locale)
        expect(templates.length).toBeGreaterThan(0)
        expect(new Set(templates.map((t) => t.key)).size).toBe(templates.length)
        for (const template of templates) {
          expect(template.key).toMatch(/^[a-z0-9-]+$/)
          expect(template.label.trim()).not.toBe('')
          expect(template.summary.trim()).not.toBe('')
          expect(template.text.trim()).not.toBe('')
          expect(template.text).not.toMatch(/^---\r?\n/)
        }
      },
    )

    it('offers the same templates, in the same order, in every language', async () => {
      const source = await makeTemplates()
      const [first, ...others] = await Promise.all(LOCALES.map(async (locale) => await source.list(locale)))
      for (const other of others) expect(other.map((t) => t.key)).toEqual(first!.map((t) => t.key))
    })

    it('speaks each language: the labels are not all the same across languages', async () => {
      const source = await makeTemplates()
      const labels = await Promise.all(
        LOCALES.map(async (locale) => (await source.list(locale)).map((t) => t.label)),
      )
      expect(new Set(labels.map((l) => l.join('|'))).size).toBe(LOCALES.length)
    })

    it('answers the same list each time it is asked', async () => {
      const source = await makeTemplates()
      expect(await source.list('en')).toEqual(await source.list('en'))
    })
  })
}
