import { describe, expect, it } from 'vitest'
import { movedHere } from './moved-here.ts'

const gone = (path: string, blob: string) => ({ path, before: blob, after: null })
const came = (path: string, blob: string) => ({ path, before: null, after: blob })
const changed = (path: string) => ({ path, before: 'x1', after: 'x2' })

describe('where a file a commit created was moved from', () => {
  it('is the file deleted with the same blob, or the only page deleted when it is the only one created', () => {
    expect(movedHere([gone('content/a.md', 'b1'), came('content/b.md', 'b1')], 'content/b.md', 'b1')).toBe(
      'content/a.md',
    )
    // Moved with its links rewritten on the way, other pages' links too.
    const edited = [gone('content/a.md', 'b1'), came('content/ops/b.md', 'b2'), changed('content/index.md')]
    expect(movedHere(edited, 'content/ops/b.md', 'b2')).toBe('content/a.md')
  })

  it('is none for a file made anew: beside another, of another kind, or from the inbox', () => {
    const two = [gone('content/a.md', 'b1'), came('content/b.md', 'b2'), came('content/c.md', 'b3')]
    expect(movedHere(two, 'content/b.md', 'b2')).toBeUndefined()
    expect(
      movedHere([gone('content/a.png', 'b1'), came('content/b.md', 'b2')], 'content/b.md', 'b2'),
    ).toBeUndefined()
    const filed = [gone('.service/inbox/n1/note.md', 'b1'), came('content/b.md', 'b2')]
    expect(movedHere(filed, 'content/b.md', 'b2')).toBeUndefined()
  })
})
