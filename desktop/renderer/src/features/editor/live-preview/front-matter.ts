import type { Text } from '@codemirror/state'
import { type EditorView, WidgetType } from '@codemirror/view'
import { livePreviewOptions } from './options.ts'
import { placeCursor, type Span } from './reveal.ts'

/** How far down the closing `---` of front matter is looked for. */
const MAX_FRONT_MATTER_LINES = 1000

/** A property of the front matter: its key and its value, or its values for a list. */
export type Property = { key: string; values: string[] }

/**
 * The front matter at the top of a page, as the rendered page reads it: a first line `---`, up to a
 * line `---` or `...`. From the start of the page to the end of that closing line.
 */
export function frontMatterSpan(doc: Text): Span | undefined {
  if (doc.lines < 2 || doc.line(1).text.trimEnd() !== '---') return undefined
  for (let n = 2, last = Math.min(doc.lines, MAX_FRONT_MATTER_LINES); n <= last; n++) {
    const text = doc.line(n).text.trimEnd()
    if (text === '---' || text === '...') return { from: 0, to: doc.line(n).to }
  }
  return undefined
}

function unquote(value: string): string {
  const trimmed = value.trim()
  return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed
}

/**
 * The properties of front matter written the usual way (`key: value`, `key: [a, b]`, or a key over
 * `- item` lines), for showing; anything else reads as text. The file itself is never rewritten.
 */
export function propertiesOf(lines: readonly string[]): Property[] {
  const properties: Property[] = []
  for (const line of lines) {
    const entry = /^([^\s#:][^:]*):(?:\s+(.*)|\s*)$/.exec(line)
    const current = properties.at(-1)
    if (entry) properties.push({ key: (entry[1] ?? '').trim(), values: valuesOf(entry[2] ?? '') })
    else if (current && /^\s+-\s+/.test(line)) current.values.push(unquote(line.replace(/^\s+-\s+/, '')))
    else if (current && /^\s+\S/.test(line)) current.values.push(line.trim())
  }
  return properties
}

function valuesOf(value: string): string[] {
  const trimmed = value.trim()
  if (trimmed === '') return []
  if (trimmed.startsWith('[') && trimmed.endsWith(']'))
    return trimmed
      .slice(1, -1)
      .split(',')
      .map(unquote)
      .filter((item) => item !== '')
  return [unquote(trimmed)]
}

/** The front matter folded into a small list of properties; a click opens its source. */
export class PropertiesWidget extends WidgetType {
  private readonly properties: readonly Property[]

  constructor(properties: readonly Property[]) {
    super()
    this.properties = properties
  }

  override eq(other: PropertiesWidget): boolean {
    return JSON.stringify(other.properties) === JSON.stringify(this.properties)
  }

  toDOM(view: EditorView): HTMLElement {
    const block = document.createElement('div')
    block.className = 'cm-lp-properties-block'
    const box = block.appendChild(document.createElement('div'))
    box.className = 'cm-lp-properties'
    const name = view.state.facet(livePreviewOptions).labels.properties
    box.setAttribute('role', 'group')
    box.setAttribute('aria-label', name)
    const title = box.appendChild(document.createElement('div'))
    title.className = 'cm-lp-properties-title'
    title.textContent = name
    const list = box.appendChild(document.createElement('dl'))
    for (const property of this.properties) {
      const row = list.appendChild(document.createElement('div'))
      row.appendChild(document.createElement('dt')).textContent = property.key
      const values = row.appendChild(document.createElement('dd'))
      for (const value of property.values) {
        const chip = values.appendChild(document.createElement('span'))
        chip.className = property.values.length > 1 ? 'cm-lp-chip' : 'cm-lp-value'
        chip.textContent = value
      }
    }
    box.addEventListener('mousedown', (event) => {
      event.preventDefault()
      // The cursor goes to the first property: the front matter shows its source.
      const at = view.state.doc.lines > 1 ? view.state.doc.line(2).from : 0
      placeCursor(view, at)
    })
    return block
  }

  override get estimatedHeight(): number {
    return 40 + this.properties.length * 26
  }

  override ignoreEvent(): boolean {
    return true
  }
}
