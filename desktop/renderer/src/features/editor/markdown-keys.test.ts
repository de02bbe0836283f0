import { EditorState } from '@codemirror/state'
import { keymap } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { baseExtensions } from './codemirror-setup.ts'
import { toggleMarkup } from './emphasis.ts'

/**
 * Presses `key` on `text` in an editor set up as the app's (the cursor where `|` is, a selection from
 * `«` to `|`): its bindings run in the order the editor tries them, until one acts. Gives the text
 * after it, the cursor as `|` (and the selection's other end as `«`). In a table, whose rows are
 * written with `|`, the cursor is `‸` instead.
 */
function press(
  key: 'Enter' | 'Backspace' | 'Mod-b' | 'Mod-i' | 'Tab' | 'Shift-Tab',
  text: string,
  cursor = '|',
): string {
  const open = text.indexOf('«')
  const plain = open >= 0 ? text.slice(0, open) + text.slice(open + 1) : text
  const at = plain.indexOf(cursor)
  const doc = plain.slice(0, at) + plain.slice(at + 1)
  // The editor counts a line break as one position, CRLF included.
  const position = (index: number) => index - (doc.slice(0, index).match(/\r\n/g)?.length ?? 0)
  let state = EditorState.create({
    doc,
    selection: { anchor: position(open >= 0 ? open : at), head: position(at) },
    extensions: baseExtensions(doc, 'Page text'),
  })
  const view = { state, dispatch: (transaction: { state: EditorState }) => (state = transaction.state) }
  const bindings = state.facet(keymap).flat()
  const shifted = key === 'Shift-Tab'
  for (const binding of bindings.filter((b) => b.key === (shifted ? 'Tab' : key))) {
    if ((shifted ? binding.shift : binding.run)?.(view as never)) break
  }
  const { anchor, head } = state.selection.main
  if (anchor === head) return `${state.sliceDoc(0, head)}${cursor}${state.sliceDoc(head)}`
  const [first, second] = anchor < head ? [anchor, head] : [head, anchor]
  const marks = anchor < head ? ['«', cursor] : [cursor, '«']
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
    // Ending the list there, the cursor goes on the line left under it.
    expect(press('Enter', '- Ada\r\n- Bob\r\n- |')).toBe('- Ada\r\n- Bob\r\n\r\n|')
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

  it('steps out of the emphasis being typed, rather than writing more markers', () => {
    // Ctrl+B, a word, Ctrl+B: the rest goes on plainly.
    expect(press('Mod-b', 'A **strong|**')).toBe('A **strong**|')
    expect(press('Mod-i', 'An *odd|* one')).toBe('An *odd*| one')
    expect(press('Mod-b', '**One** and **two|**')).toBe('**One** and **two**|')
    // In an item whose bullet is a star, the bullet opens nothing.
    expect(press('Mod-i', '* item *word|*')).toBe('* item *word*|')
    // Bold out of bold and italics: still in italics.
    expect(press('Mod-b', '***both|***')).toBe('***both**|*')
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

describe('Tab in a table', () => {
  const table = '# Menu\n\n| Item | Price |\n| --- | ---: |\n| Tea | 2 |\n| Cake |  |\n\nAfter.'
  const tab = (text: string) => press('Tab', text, '‸')
  const back = (text: string) => press('Shift-Tab', text, '‸')

  it('goes to the next cell, its text selected so that typing replaces it, row after row', () => {
    expect(tab(table.replace('Item', 'It‸em'))).toBe(table.replace('Price', '«Price‸'))
    // From a row's last cell to the first of the next, over the line of dashes under the header.
    expect(tab(table.replace('Price', 'Price‸'))).toBe(table.replace('Tea', '«Tea‸'))
    expect(tab(table.replace('Tea', 'T‸ea'))).toBe(table.replace('| 2', '| «2‸'))
  })

  it('stops in an empty cell with the cursor inside it', () => {
    expect(tab(table.replace('Cake', 'Ca‸ke'))).toBe(table.replace('Cake |  |', 'Cake | ‸ |'))
  })

  it('adds a row with the header’s columns after the last cell, and goes there', () => {
    expect(tab(table.replace('Cake |  |', 'Cake | ‸ |'))).toBe(
      table.replace('Cake |  |', 'Cake |  |\n| ‸ |  |'),
    )
  })

  it('goes back a cell on Shift+Tab, and stays in the first', () => {
    expect(back(table.replace('| 2', '| 2‸'))).toBe(table.replace('Tea', '«Tea‸'))
    expect(back(table.replace('Tea', 'T‸ea'))).toBe(table.replace('Price', '«Price‸'))
    expect(back(table.replace('Item', 'It‸em'))).toBe(table.replace('Item', 'It‸em'))
  })

  it('keeps to a table in a quote or a list, and adds its row there', () => {
    const quoted = '> | A | B |\n> | - | - |\n> | 1 | 2 |'
    expect(tab(quoted.replace('B', 'B‸'))).toBe(quoted.replace('| 1', '| «1‸'))
    expect(tab(quoted.replace('2', '2‸'))).toBe(`${quoted}\n> | ‸ |  |`)
    const listed = '- Prices\n\n  | A | B |\n  | - | - |\n  | 1 | 2 |'
    expect(tab(listed.replace('2', '2‸'))).toBe(`${listed}\n  | ‸ |  |`)
  })

  it('puts the cursor in the new row of a file with Windows line endings too', () => {
    const crlf = '| A | B |\r\n| - | - |\r\n| 1 | 2 |'
    expect(tab(crlf.replace('2', '2‸'))).toBe(`${crlf}\r\n| ‸ |  |`)
  })

  it('leaves Tab to move the focus outside a table', () => {
    expect(tab(table.replace('After.', 'Aft‸er.'))).toBe(table.replace('After.', 'Aft‸er.'))
    expect(tab('Plain ‸text')).toBe('Plain ‸text')
  })
})

describe('Tab on a list item', () => {
  it('nests the item under the one above, at the column its text starts, with its own sub-items', () => {
    expect(press('Tab', '- Ada\n- Bob|\n  - Bob’s part\n- Cy')).toBe(
      '- Ada\n  - Bob|\n    - Bob’s part\n- Cy',
    )
    expect(press('Tab', '1. Clone\n2. |Build')).toBe('1. Clone\n   1. |Build')
    expect(press('Tab', '- [ ] Plan\n- [ ] Wri|te')).toBe('- [ ] Plan\n  - [ ] Wri|te')
  })

  it('joins a sub-list the item above has, keeping its number', () => {
    expect(press('Tab', '1. A\n   1. A1\n2. |B')).toBe('1. A\n   1. A1\n   2. |B')
  })

  it('leaves the first item of a list where it is, and the focus in the text', () => {
    expect(press('Tab', 'Intro\n\n- Fi|rst\n- Second')).toBe('Intro\n\n- Fi|rst\n- Second')
  })

  it('takes a nested item back to its parent’s level on Shift+Tab, its sub-items along', () => {
    expect(press('Shift-Tab', '- Ada\n  - Bob|\n    - Bob’s part\n- Cy')).toBe(
      '- Ada\n- Bob|\n  - Bob’s part\n- Cy',
    )
    expect(press('Shift-Tab', '- Top|')).toBe('- Top|')
  })

  it('acts on an item’s first line only: a paragraph within it leaves Tab to the focus', () => {
    expect(press('Tab', '- Ada\n- Bob\n\n  More |about Bob')).toBe('- Ada\n- Bob\n\n  More |about Bob')
  })
})
