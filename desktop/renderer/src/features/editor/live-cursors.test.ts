import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { rangeOf } from './live-cursors.ts'

describe('where another person’s selection is', () => {
  const doc = new Y.Doc()
  const text = doc.getText('markdown')
  text.insert(0, '# Setup\n\nInstall the tool.\n')
  const at = (index: number) => Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index))

  it('follows a selection given as positions in the text', () => {
    expect(rangeOf({ anchor: at(2), head: at(7) }, text)).toEqual({ anchor: 2, head: 7 })
  })

  it.each([
    ['null positions', { anchor: null, head: null }],
    ['numbers', { anchor: 3, head: 4 }],
    ['strings', { anchor: 'x', head: 'y' }],
    ['objects of no position', { anchor: { item: 'junk' }, head: { tname: 42 } }],
    ['one good position and one missing', { anchor: at(1), head: undefined }],
  ])('is unknown for %s, sent by another connection, and throws nothing', (_, cursor) => {
    expect(rangeOf(cursor, text)).toBeUndefined()
  })
})
