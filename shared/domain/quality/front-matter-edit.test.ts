import { describe, expect, it } from 'vitest'
import { readFrontMatter } from '../front-matter.ts'
import { editFrontMatter } from './front-matter-edit.ts'

const lines = (...rows: string[]): string => rows.join('\n')

const page = lines(
  '---',
  'title:   "Backups"   # shown in the sidebar',
  'tags: [ops,  backup]',
  'verified: 2026-10-01',
  "owner: 'alice'",
  'long: this line is much longer than eighty characters, which yaml would fold when it prints the document',
  'aliases:',
  '- backup',
  '- sauvegarde',
  'num: 0x1F',
  '',
  '# kept as written',
  'review_every: 6m',
  '---',
  '# Backups',
  '',
  'Nightly with restic. See [restore](restore.md).',
  '',
)

describe('editFrontMatter', () => {
  it('changes one value and leaves every other byte alone', () => {
    expect(editFrontMatter(page, { review_every: '90d' })).toBe(
      page.replace('review_every: 6m', 'review_every: 90d'),
    )
  })

  it('writes a new date unquoted and keeps the old dates as dates', () => {
    const edited = editFrontMatter(page, { last_review: '2027-01-15' })
    expect(edited).toBe(page.replace('review_every: 6m\n', 'review_every: 6m\nlast_review: 2027-01-15\n'))
    expect(readFrontMatter(edited ?? '').last_review).toBe('2027-01-15')
    expect(editFrontMatter(page, { verified: '2027-01-15' })).toBe(
      page.replace('verified: 2026-10-01', 'verified: 2027-01-15'),
    )
  })

  it('keeps the quoting style of a value it changes, and a trailing comment', () => {
    expect(editFrontMatter(page, { owner: 'bob', title: 'Sauvegardes' })).toBe(
      page.replace("owner: 'alice'", "owner: 'bob'").replace('title:   "Backups"', 'title:   "Sauvegardes"'),
    )
  })

  it('quotes a value only when it would not read back as the same string', () => {
    const edited = editFrontMatter('---\na: 1\n---\n', { b: '123', c: 'x: y', d: 'two\nlines', e: 'plain' })
    expect(edited).toBe('---\na: 1\nb: "123"\nc: "x: y"\nd: "two\\nlines"\ne: plain\n---\n')
    expect(readFrontMatter(edited ?? '')).toEqual({ a: 1, b: '123', c: 'x: y', d: 'two\nlines', e: 'plain' })
  })

  it('removes a key with its lines, including a block list, and keeps the comments around it', () => {
    expect(editFrontMatter(page, { aliases: null, owner: null })).toBe(
      page.replace("owner: 'alice'\n", '').replace('aliases:\n- backup\n- sauvegarde\n', ''),
    )
  })

  it('replaces a block value or an empty value right after the colon', () => {
    const text = lines(
      '---',
      'owner:',
      'tags:',
      '  - a',
      '  - b',
      'note: |',
      '  one',
      '  two',
      '',
      'x: 1',
      '---',
      '',
    )
    expect(editFrontMatter(text, { owner: 'alice', tags: 'ops', note: 'short' })).toBe(
      lines('---', 'owner: alice', 'tags: ops', 'note: short', '', 'x: 1', '---', ''),
    )
  })

  it('changes nothing when the values are already there or the keys already absent', () => {
    expect(editFrontMatter(page, { owner: 'alice', verified: '2026-10-01', missing: null })).toBe(page)
    expect(editFrontMatter('# Plain\n', { owner: null })).toBe('# Plain\n')
    expect(editFrontMatter(page, {})).toBe(page)
  })

  it('gives a page without front matter a block, and takes it away when its last key goes', () => {
    const plain = '# Restore\n\nSteps.\n'
    const added = editFrontMatter(plain, { owner: 'alice', verified: '2026-10-01' })
    expect(added).toBe('---\nowner: alice\nverified: 2026-10-01\n---\n# Restore\n\nSteps.\n')
    expect(editFrontMatter(added ?? '', { owner: null, verified: null })).toBe(plain)
    expect(editFrontMatter('---\nowner: alice\n---', { owner: null })).toBe('')
  })

  it('keeps a block whose keys are gone but whose comments remain', () => {
    expect(
      editFrontMatter('---\n# reviewed by the ops team\nowner: alice\n---\nText\n', { owner: null }),
    ).toBe('---\n# reviewed by the ops team\n---\nText\n')
  })

  it('fills an empty block', () => {
    expect(editFrontMatter('---\n---\nText\n', { owner: 'alice' })).toBe('---\nowner: alice\n---\nText\n')
  })

  it('keeps CRLF line endings and a byte order mark', () => {
    const crlf = '\uFEFF---\r\ntitle: Restore\r\nowner: alice\r\n---  \r\nBody\r\n'
    expect(editFrontMatter(crlf, { owner: 'bob', verified: '2026-10-01' })).toBe(
      '\uFEFF---\r\ntitle: Restore\r\nowner: bob\r\nverified: 2026-10-01\r\n---  \r\nBody\r\n',
    )
    expect(editFrontMatter(crlf, { owner: null })).toBe('\uFEFF---\r\ntitle: Restore\r\n---  \r\nBody\r\n')
    expect(editFrontMatter('\uFEFFLine one\r\nLine two\r\n', { owner: 'alice' })).toBe(
      '\uFEFF---\r\nowner: alice\r\n---\r\nLine one\r\nLine two\r\n',
    )
  })

  it('writes new keys at the indentation of the existing ones', () => {
    expect(editFrontMatter('---\n  title: X\n---\n', { owner: 'alice' })).toBe(
      '---\n  title: X\n  owner: alice\n---\n',
    )
  })

  it('edits a flow mapping through the yaml document', () => {
    expect(editFrontMatter('---\n{title: X, owner: alice}\n---\nText\n', { owner: 'bob' })).toBe(
      '---\n{ title: X, owner: bob }\n---\nText\n',
    )
  })

  it('refuses unreadable front matter instead of rewriting it', () => {
    expect(editFrontMatter('---\ntitle: [unclosed\n---\nText\n', { owner: 'alice' })).toBeUndefined()
    expect(editFrontMatter('---\na: 1\na: 2\n---\n', { owner: 'alice' })).toBeUndefined()
    expect(editFrontMatter('---\n- a list\n---\n', { owner: 'alice' })).toBeUndefined()
    expect(editFrontMatter('---\nowner: *nobody\n---\n', { verified: '2026-10-01' })).toBeUndefined()
  })

  it('refuses an edit that would not read back as asked', () => {
    // Removing the anchor would leave the alias pointing nowhere.
    expect(editFrontMatter('---\nteam: &lead alice\nowner: *lead\n---\n', { team: null })).toBeUndefined()
    expect(editFrontMatter('---\nteam: &lead alice\nowner: *lead\n---\n', { owner: 'bob' })).toBe(
      '---\nteam: &lead alice\nowner: bob\n---\n',
    )
  })
})
