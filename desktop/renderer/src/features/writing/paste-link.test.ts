import { EditorSelection } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { pastedLink, pasteLinkEdit } from './paste-link.ts'
import { afterEdit, stateAt } from './test-state.ts'

describe('a URL pasted on a selection', () => {
  it('makes the selected words a link to it', () => {
    const { state } = stateAt('Read the guide.')
    const selected = state.update({ selection: { anchor: 5, head: 14 } }).state
    expect(afterEdit(selected, pasteLinkEdit(selected, 'https://example.com/guide')!)).toBe(
      'Read [the guide](https://example.com/guide)|.',
    )
    expect(pastedLink('the guide', 'https://example.com/guide')).toBe(
      '[the guide](https://example.com/guide)',
    )
    expect(pastedLink('write us', ' mailto:team@example.com\n')).toBe('[write us](mailto:team@example.com)')
    expect(pastedLink('Foo', 'https://en.wikipedia.org/wiki/Foo_(bar)')).toBe(
      '[Foo](https://en.wikipedia.org/wiki/Foo_(bar))',
    )
    expect(pastedLink('Foo', 'https://example.com/a)b')).toBe('[Foo](<https://example.com/a)b>)')
    expect(pastedLink('a [b', 'https://example.com')).toBe('[a \\[b](https://example.com)')
  })

  it('is an ordinary paste without a selection, across lines, on an address, or for anything but one address', () => {
    expect(pastedLink('', 'https://example.com')).toBeUndefined()
    expect(pastedLink('two\nlines', 'https://example.com')).toBeUndefined()
    expect(pastedLink('https://old.example.com', 'https://example.com')).toBeUndefined()
    expect(pastedLink('words', 'see https://example.com')).toBeUndefined()
    expect(pastedLink('words', 'javascript:alert(1)')).toBeUndefined()
    expect(pastedLink('words', 'plain text')).toBeUndefined()
  })

  it('links every selected range, leaving the cursor after each link', () => {
    const { state } = stateAt('Read the guide and the rota.')
    const selected = state.update({
      selection: EditorSelection.create([EditorSelection.range(5, 14), EditorSelection.range(19, 27)]),
    }).state
    const edit = pasteLinkEdit(selected, 'https://example.com')
    expect(edit).toBeDefined()
    const next = selected.update(edit!).state
    expect(next.sliceDoc()).toBe('Read [the guide](https://example.com) and [the rota](https://example.com).')
    expect(next.selection.ranges.map((range) => range.head)).toEqual([37, 73])
    expect(pasteLinkEdit(state, 'https://example.com')).toBeUndefined()
  })
})
