import { EditorSelection } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { pastedLink, pasteLinkEdit } from './paste-link.ts'
import { afterEdit, stateAt } from './test-state.ts'

describe('a URL pasted on a selection', () => {
  it('makes the selected words a link to it', () => {
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

  it('writes the link around the one selected text, the cursor after it, and leaves any other paste alone', () => {
    const { state } = stateAt('Read the guide and the rota.')
    const one = state.update({ selection: { anchor: 14, head: 5 } }).state
    expect(afterEdit(one, pasteLinkEdit(one, 'https://example.com')!)).toBe(
      'Read [the guide](https://example.com)| and the rota.',
    )
    const bracket = stateAt('see [1 here').state.update({ selection: { anchor: 4, head: 6 } }).state
    expect(afterEdit(bracket, pasteLinkEdit(bracket, 'https://example.com')!)).toBe(
      'see [\\[1](https://example.com)| here',
    )
    expect(pasteLinkEdit(state, 'https://example.com')).toBeUndefined()
    for (const [text, anchor, head] of [
      ['run `npm test` now', 5, 13],
      ['see [the guide](guide.md) now', 5, 14],
      ['a **bold move** here', 2, 9],
      ['at https://example.com/x today', 3, 22],
    ] as const) {
      const inside = stateAt(text).state.update({ selection: { anchor, head } }).state
      expect(pasteLinkEdit(inside, 'https://example.com')).toBeUndefined()
    }
    const emphasis = stateAt('a **bold move** here').state.update({ selection: { anchor: 4, head: 8 } }).state
    expect(afterEdit(emphasis, pasteLinkEdit(emphasis, 'www.example.com')!)).toBe(
      'a **[bold](https://www.example.com)| move** here',
    )
    const two = state.update({
      selection: EditorSelection.create([EditorSelection.range(5, 14), EditorSelection.range(19, 27)]),
    }).state
    expect(pasteLinkEdit(two, 'https://example.com')).toBeUndefined()
  })
})
