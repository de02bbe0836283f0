import { ensureSyntaxTree } from '@codemirror/language'
import { EditorState } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { markdownSupport } from '../codemirror-setup.ts'
import { rowCells, tableModel } from './tables.ts'

/** The model the live preview draws of the first table of `doc`. */
function modelOf(doc: string) {
  const state = EditorState.create({ doc, extensions: [markdownSupport] })
  const tree = ensureSyntaxTree(state, doc.length, 5000)
  let found: ReturnType<typeof tableModel> | undefined
  tree?.iterate({
    enter(node) {
      if (found || node.name !== 'Table') return !found
      const start = state.doc.lineAt(node.from).from
      found = tableModel(node.node, (a, b) => state.sliceDoc(a, b), start)
      return false
    },
  })
  if (!found) throw new Error('no table')
  return { model: found, texts: (cells: { text: string }[]) => cells.map((c) => c.text) }
}

describe('a table in the live preview', () => {
  it('keeps an empty cell in its column', () => {
    const { model, texts } = modelOf('| Name | Role | Room |\n|---|---|---|\n| Bob |  | 102 |\n')
    expect(texts(model.header)).toEqual(['Name', 'Role', 'Room'])
    expect(model.rows.map(texts)).toEqual([['Bob', '', '102']])
  })

  it('draws a table just inserted, all empty, with its columns and rows', () => {
    const { model, texts } = modelOf('|  |  |\n|---|---|\n|  |  |\n|  |  |\n')
    expect(texts(model.header)).toEqual(['', ''])
    expect(model.rows.map(texts)).toEqual([
      ['', ''],
      ['', ''],
    ])
  })

  it('gives each row the header’s columns, as Markdown reads it', () => {
    const { model, texts } = modelOf('Name | Days\n--- | ---\nAda\nGrace | 25 | extra\n')
    expect(model.rows.map(texts)).toEqual([
      ['Ada', ''],
      ['Grace', '25'],
    ])
  })

  it('puts a click on a cell at the end of its text, or just inside an empty one', () => {
    const doc = '| Name | Role |\n|---|---|\n| Bob |  |\n'
    const { model } = modelOf(doc)
    const [bob, empty] = model.rows[0] ?? []
    expect(doc.slice(0, bob?.end)).toBe('| Name | Role |\n|---|---|\n| Bob')
    expect(doc.slice(0, empty?.end)).toBe('| Name | Role |\n|---|---|\n| Bob | ')
  })

  it('reads an escaped pipe as part of its cell', () => {
    expect(rowCells('| a \\| b | c |').map((c) => c.text)).toEqual(['a \\| b', 'c'])
  })
})
