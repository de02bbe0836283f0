import { EditorState } from '@codemirror/state'
import { keymap } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { baseExtensions } from './codemirror-setup.ts'
import { toggleMarkup } from './emphasis.ts'

/**
 * Presses `key` on `text` in an editor set up as the app's (the cursor where `|` is, a selection from
 * `«` to `|`): its bindings run in the order the editor tries them, until one acts. Gives the text
 * after it, the cursor as `|` (and the selection's other end as `«`).
 */
function press(key: 'Enter' | 'Backspace' | 'Mod-b' | 'Mod-i', text: string): string {
  const open = text.indexOf('«')
  const plain = open >= 0 ? text.slice(0, open) + text.slice(open + 1) : text
  const at = plain.indexOf('|')
  const doc = plain.slice(0, at) + plain.slice(at + 1)
  let state = EditorState.create({
    doc,
    selection: { anchor: open >= 0 ? open : at, head: at },
    extensions: baseExtensions(doc, 'Page text'),
  })
  const view = { state, dispatch: (transaction: { state: EditorState }) => (state = transaction.state) }
  const bindings = state.facet(keymap).flat()
  for (const binding of bindings.filter((b) => b.key === key)) if (binding.run?.(view as never)) break
  const { anchor, head } = state.selection.main
  if (anchor === head) return `${state.sliceDoc(0, head)}|${state.sliceDoc(head)}`
  const [first, second] = anchor < head ? [anchor, head] : [head, anchor]
  const marks = anchor < head ? ['«', '|'] : ['|', '«']
  return `${state.sliceDoc(0, first)}${marks[0]}${state.sliceDoc(first, second)}${marks[1]}${state.sliceDoc(second)}`
}

describe('Enter in the app’s Markdown editors', () => {
  it('continues a bullet list, so the next line is an item of its own', () => {
    expect(press('Enter', '# Team\n\n- Ada: design\n- Bob: production|\n')).toBe(
      '# Team\n\n- Ada: design\n- Bob: production\n- |\n',
    )
  })

  it('continues a numbered list and a task list with their own markers', () => {
    expect(press('Enter', '1. Clone|\n')).toBe('1. Clone\n2. |\n')
    expect(press('Enter', '- [x] Write the plan|')).toBe('- [x] Write the plan\n- [ ] |')
    expect(press('Enter', '> Quoted|')).toBe('> Quoted\n> |')
  })

  it('ends the list on an empty item, a blank line after it so what follows is a paragraph', () => {
    expect(press('Enter', '- Ada\n- |\n')).toBe('- Ada\n\n|\n')
    expect(press('Enter', '- Ada\n- Bob\n- |')).toBe('- Ada\n- Bob\n\n|')
    expect(press('Enter', '- [ ] Ada\n- [ ] |')).toBe('- [ ] Ada\n\n|')
  })

  it('goes back to the outer list from an empty nested item', () => {
    expect(press('Enter', '- Team\n  - Ada\n  - |')).toBe('- Team\n  - Ada\n- |')
  })

  it('leaves the items below as they are: only the line typed on changes', () => {
    expect(press('Enter', '1. one|\n2. two\n3. three\n')).toBe('1. one\n2. |\n2. two\n3. three\n')
  })

  it('keeps a page’s CRLF line endings', () => {
    expect(press('Enter', '- Ada|\r\n- Bob\r\n')).toBe('- Ada\r\n- |\r\n- Bob\r\n')
  })

  it('lets plain Enter work outside lists and quotes, and in code', () => {
    expect(press('Enter', 'A paragraph|\n')).toBe('A paragraph\n|\n')
    expect(press('Enter', '```\n- not a list|\n```\n')).toBe('```\n- not a list\n|\n```\n')
  })
})

describe('Backspace in the app’s Markdown editors', () => {
  it('takes an empty item’s marker away at once', () => {
    expect(press('Backspace', '- Ada\n- |')).toBe('- Ada\n  |')
    expect(press('Backspace', 'Plain|')).toBe('Plai|')
  })
})

describe('Ctrl/Cmd+B and +I in the app’s Markdown editors', () => {
  it('puts the selection in bold or italics, and takes it out again, keeping it selected', () => {
    expect(press('Mod-b', 'Bring your «lunch|.')).toBe('Bring your **«lunch|**.')
    expect(press('Mod-i', 'Bring your «lunch|.')).toBe('Bring your *«lunch|*.')
    expect(press('Mod-b', 'Bring your **«lunch|**.')).toBe('Bring your «lunch|.')
    expect(press('Mod-i', 'Bring your *«lunch|*.')).toBe('Bring your «lunch|.')
  })

  it('takes the markers away when they are selected too', () => {
    expect(press('Mod-b', 'Bring your «**lunch**|.')).toBe('Bring your «lunch|.')
    expect(press('Mod-i', 'Bring your «*lunch*|.')).toBe('Bring your «lunch|.')
  })

  it('tells bold from italics around the selection', () => {
    expect(press('Mod-i', 'Your **«lunch|**.')).toBe('Your ***«lunch|***.')
    expect(press('Mod-i', 'Your ***«lunch|***.')).toBe('Your **«lunch|**.')
    expect(press('Mod-b', 'Your *«lunch|*.')).toBe('Your ***«lunch|***.')
  })

  it('leaves out the spaces and line break around the selection, and a heading’s or item’s mark', () => {
    expect(press('Mod-b', '«Line one\n|Line two')).toBe('**«Line one|**\nLine two')
    expect(press('Mod-i', 'Your «lunch |time')).toBe('Your *«lunch|* time')
    expect(press('Mod-b', '«# Title\n|Text')).toBe('# **«Title|**\nText')
    expect(press('Mod-b', '«- [ ] Buy bread|')).toBe('- [ ] **«Buy bread|**')
  })

  it('leaves a selection over several lines as it is', () => {
    expect(press('Mod-b', '«One\nTwo|')).toBe('«One\nTwo|')
  })

  it('with nothing selected, puts the markers around the cursor and keeps the line', () => {
    expect(press('Mod-i', 'Also remember to bring |')).toBe('Also remember to bring *|*')
    expect(press('Mod-b', 'Also |')).toBe('Also **|**')
    expect(press('Mod-i', 'Also *|*')).toBe('Also |')
    // Between two words in italics, new markers: the two stay apart.
    expect(press('Mod-i', '*a*|*b*')).toBe('*a**|**b*')
  })

  it('does nothing in a text that cannot be written', () => {
    const state = EditorState.create({
      doc: 'Read only',
      selection: { anchor: 0, head: 4 },
      extensions: [EditorState.readOnly.of(true)],
    })
    let changed = false
    expect(toggleMarkup('**')({ state, dispatch: () => (changed = true) })).toBe(false)
    expect(changed).toBe(false)
  })
})
