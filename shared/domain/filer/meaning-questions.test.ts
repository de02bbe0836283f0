import { describe, expect, it } from 'vitest'
import { note, PAGES } from '../../testing/fixtures/filer/garden-and-mail.ts'
import { meaningQuestions } from './meaning-questions.ts'
import { buildIndex } from './page-index.ts'
import type { FilerNote, FilingInput } from './types.ts'

function questions(notes: FilerNote[]) {
  const input: Omit<FilingInput, 'meaning'> = { notes, pages: PAGES, vocation: '', today: '2026-01-01' }
  return meaningQuestions(input, buildIndex(PAGES), new Map())
}

describe('the notes the built-in filer asks a sentence model about', () => {
  it('asks about a note two pages compete for, with those two pages, best by words first', () => {
    const asked = questions([
      note(
        'water',
        'Watering at the foot',
        'Water weekly at the foot, never on the leaves, and more often in summer.',
      ),
    ])
    expect([...asked.keys()]).toEqual(['water'])
    const [best, second] = asked.get('water')!
    expect([best.path, second.path]).toEqual(['garden/roses.md', 'garden/tulips.md'])
    expect(best.section).toBeGreaterThanOrEqual(0)
  })

  it('asks nothing about notes whose place meaning cannot change: named by a page, too short, or placed by a hint', () => {
    const asked = questions([
      note(
        'cancel',
        'Cancel a slow message',
        'Pass an AbortSignal to sendMail so that a message that hangs over SMTP is given up.',
      ),
      note('bob', 'Call Bob', 'call bob'),
      { ...note('hinted', 'Watering', 'Water weekly at the foot in summer.'), hint: 'garden/tulips.md' },
    ])
    expect([...asked.keys()]).toEqual([])
  })
})
