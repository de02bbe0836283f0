import { describe, expect, it } from 'vitest'
import { type NoteMeta, readNote, writeNote } from './inbox-note.ts'

const meta: NoteMeta = {
  title: 'Restore drill',
  depositedBy: 'ada',
  depositedAt: '2026-03-01T10:00:00.000Z',
  hint: 'runbooks/',
  origin: '',
  source: 'api',
  via: 'cli',
  status: 'pending',
  reason: '',
  candidates: [],
}

describe('readNote', () => {
  it('reads back what writeNote wrote, the text exactly as dropped', () => {
    for (const content of ['Took 47 minutes.\n', '', '---\nnot front matter\n---\n', '\uFEFFText']) {
      expect(readNote(writeNote(meta, content))).toEqual({ meta, content })
    }
  })

  it('keeps the pages a left note could go to, and writes none for other notes', () => {
    const left: NoteMeta = {
      ...meta,
      status: 'left',
      reason: 'Could go to a or b.',
      candidates: ['libraries/yaml.md', 'libraries/officeparser.md'],
    }
    expect(readNote(writeNote(left, 'Text')).meta).toEqual(left)
    expect(writeNote(meta, 'Text')).not.toContain('candidates')
  })

  it('reads a note starting with a byte order mark as it reads the same note without one', () => {
    const file = writeNote(meta, 'Took 47 minutes.\n')
    expect(readNote(`\uFEFF${file}`)).toEqual(readNote(file))
    expect(readNote('\uFEFF---\r\ntitle: Hi\r\n---\r\nText')).toEqual(
      readNote('---\r\ntitle: Hi\r\n---\r\nText'),
    )
  })

  it('takes a file without front matter as the text of a pending note', () => {
    expect(readNote('Just text\n')).toEqual({
      meta: { ...meta, title: '', depositedBy: '', depositedAt: '', hint: '', source: '', via: '' },
      content: 'Just text\n',
    })
  })
})
