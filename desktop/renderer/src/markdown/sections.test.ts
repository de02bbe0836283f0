import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.tsx'
import { markdownSections } from './sections.ts'

const context = { org: 'acme', space: 'docs', path: 'guide.md', paths: ['guide.md'] }

/** The HTML of a text, its heading ids and the white space between elements aside. */
const html = (text: string) =>
  renderToStaticMarkup(renderMarkdown(text, context, {}))
    .replace(/ id="[^"]*"/g, '')
    .replace(/>\s+</g, '><')

describe('a page cut at its headings', () => {
  it('cuts at each heading outside code blocks and front matter, keeping every line', () => {
    const text = [
      '---',
      '# a YAML comment',
      'title: Guide',
      '---',
      'Intro.',
      '# One',
      'Text.',
      '```sh',
      '# not a heading',
      '```',
      '## Two',
      '~~~',
      '## still code',
      '~~~',
      'End.',
    ].join('\n')
    const parts = markdownSections(text)
    expect(parts).toEqual([
      '---\n# a YAML comment\ntitle: Guide\n---\nIntro.',
      '# One\nText.\n```sh\n# not a heading\n```',
      '## Two\n~~~\n## still code\n~~~\nEnd.',
    ])
    expect(parts?.join('\n')).toBe(text)
  })

  it('gives each part the link definitions of the page, and leaves a page with footnotes whole', () => {
    const parts = markdownSections('# A\nSee [the docs][docs].\n# B\n[docs]: https://example.com/docs\n')
    expect(parts?.[0]).toContain('[docs]: https://example.com/docs')
    expect(html(parts?.[0] ?? '')).toContain('<a href="https://example.com/docs"')
    // A definition whose address is on the next line, and a part ending in a list.
    const split = markdownSections(
      '# A\n- see [the guide][]\n# B\n  [the guide]:\n  https://example.com/guide\n',
    )
    expect(html(split?.[0] ?? '')).toBe(
      '<h1>A</h1><ul><li>see <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">the guide</a></li></ul>',
    )
    expect(markdownSections('# A\nA claim.[^1]\n# B\n[^1]: The source.\n')).toBeUndefined()
  })

  it('renders real READMEs part by part as they render whole', () => {
    const modules = join(process.cwd(), 'node_modules')
    const readmes = ['hono', 'yjs', 'zod', 'vitest', 'playwright', 'drizzle-orm', 'isomorphic-git', 'jose']
      .map((name) => join(modules, name, 'README.md'))
      .map((file) => readFileSync(file, 'utf8'))
      .filter((text) => markdownSections(text) !== undefined)
    expect(readmes.length).toBeGreaterThanOrEqual(6)
    let cut = 0
    for (const text of readmes) {
      const parts = markdownSections(text) ?? []
      cut += parts.length
      expect(parts.map(html).join('')).toBe(html(text))
    }
    expect(cut).toBeGreaterThan(50)
  })
})
