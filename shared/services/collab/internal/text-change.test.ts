import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { applyTextChange } from './text-change.ts'

function textOf(content: string) {
  const doc = new Y.Doc()
  const text = doc.getText('markdown')
  text.insert(0, content)
  return { doc, text }
}

describe('an outside change entering a live text', () => {
  it('turns the text into the new one', () => {
    const samples: [string, string][] = [
      ['# Setup\n\nInstall it.\n', '# Setup\n\nInstall it with npm.\n\n## Next\n'],
      ['a\nb\nc\n', 'c\nb\na\n'],
      ['', 'new page\n'],
      ['old page\n', ''],
      ['emoji 😀 here\n', 'emoji 😃 here\n'],
      ['same', 'same'],
    ]
    for (const [before, after] of samples) {
      const { text } = textOf(before)
      applyTextChange(text, before, after)
      expect(text.toString()).toBe(after)
    }
  })

  it('keeps concurrent typing elsewhere in the page, word for word', () => {
    const base = '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n'
    const server = new Y.Doc()
    server.getText('markdown').insert(0, base)
    const person = new Y.Doc()
    Y.applyUpdate(person, Y.encodeStateAsUpdate(server))
    // Someone types at the end while an outside change rewrites the first paragraph.
    person.getText('markdown').insert(base.length, 'Typed live.\n')
    const outside = new Y.Doc()
    Y.applyUpdate(outside, Y.encodeStateAsUpdate(server))
    const before = Y.encodeStateVector(outside)
    applyTextChange(outside.getText('markdown'), base, base.replace('First', 'Opening'))
    Y.applyUpdate(person, Y.encodeStateAsUpdate(outside, before))
    expect(person.getText('markdown').toString()).toBe(
      '# Guide\n\nOpening paragraph.\n\nSecond paragraph.\nTyped live.\n',
    )
  })

  it('deletes and inserts only what changed', () => {
    const before = `${'line\n'.repeat(1000)}middle\n${'line\n'.repeat(1000)}`
    const after = before.replace('middle', 'center')
    const { doc, text } = textOf(before)
    let changed = 0
    text.observe((event) => {
      for (const op of event.delta) changed += op.insert ? String(op.insert).length : (op.delete ?? 0)
    })
    applyTextChange(text, before, after)
    expect(text.toString()).toBe(after)
    expect(changed).toBeLessThanOrEqual(12)
    doc.destroy()
  })
})
