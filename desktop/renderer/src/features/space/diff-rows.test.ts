import { describe, expect, it } from 'vitest'
import { diffRows } from './diff-rows.ts'

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('')

describe('diff rows', () => {
  it('marks added and removed lines and keeps short unchanged runs', () => {
    const rows = diffRows([
      { value: 'a\n' },
      { value: 'b\n', removed: true },
      { value: 'B\nC\n', added: true },
      { value: 'd\n' },
    ])
    expect(rows).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'added', text: 'C' },
      { kind: 'same', text: 'd' },
    ])
  })

  it('folds long unchanged runs, keeping context beside each change', () => {
    const rows = diffRows(
      [{ value: lines(1, 20) }, { value: 'new\n', added: true }, { value: lines(21, 40) }],
      2,
    )
    expect(rows).toEqual([
      { kind: 'skip', count: 18 },
      { kind: 'same', text: 'line 19' },
      { kind: 'same', text: 'line 20' },
      { kind: 'added', text: 'new' },
      { kind: 'same', text: 'line 21' },
      { kind: 'same', text: 'line 22' },
      { kind: 'skip', count: 18 },
    ])
  })

  it('keeps context on both sides of a run between two changes', () => {
    const rows = diffRows(
      [{ value: 'x\n', removed: true }, { value: lines(1, 10) }, { value: 'y\n', added: true }],
      2,
    )
    expect(rows.map((r) => (r.kind === 'skip' ? `skip ${r.count}` : r.kind))).toEqual([
      'removed',
      'same',
      'same',
      'skip 6',
      'same',
      'same',
      'added',
    ])
  })
})
