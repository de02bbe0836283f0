import { describe, expect, it } from 'vitest'
import { fileNameFromTitle } from '#shared/domain/title-file-name.ts'
import { smallestChange } from '../editor/markdown-editor.tsx'
import { retitled, startingText, withTitle } from './templates.ts'

describe('the file name a title gives a new page', () => {
  it('is the title in lower case, accents taken off, spaces and punctuation as dashes, with .md', () => {
    expect(fileNameFromTitle('Onboarding guide')).toBe('onboarding-guide.md')
    expect(fileNameFromTitle('Réunion du 3 mai : compte rendu')).toBe('reunion-du-3-mai-compte-rendu.md')
    expect(fileNameFromTitle('  Œuvres / Straße?  ')).toBe('oeuvres-strasse.md')
    expect(fileNameFromTitle('Q&A — 2024')).toBe('q-a-2024.md')
    expect(fileNameFromTitle('日本語のページ')).toBe('日本語のページ.md')
    expect(fileNameFromTitle(' ?! ')).toBe('')
  })

  it('is cut at a word when the title is long', () => {
    const name = fileNameFromTitle('word '.repeat(40))
    expect(name.length).toBeLessThanOrEqual(83)
    expect(name).toMatch(/^(word-)+word\.md$/)
  })
})

describe('the text a new page starts from', () => {
  it('is its title as a heading, or nothing without a title', () => {
    expect(startingText('Team lunch')).toBe('# Team lunch\n\n')
    expect(startingText('  ')).toBe('')
  })

  it('is the template with its heading or front matter title replaced, every other byte kept', () => {
    const meeting = {
      name: 'meeting',
      title: 'Meeting notes',
      text: '# Meeting notes\n\n## Attendees\n\n- \n',
    }
    expect(startingText('Board, May 3', meeting)).toBe('# Board, May 3\n\n## Attendees\n\n- \n')
    expect(withTitle('---\ntitle: Meeting\ntags: [notes]\n---\nBody\n', 'Board: May')).toBe(
      '---\ntitle: "Board: May"\ntags: [notes]\n---\nBody\n',
    )
    expect(withTitle('---\r\ntitle: Meeting\r\n---\r\nBody\r\n', 'Board')).toBe(
      '---\r\ntitle: Board\r\n---\r\nBody\r\n',
    )
    expect(withTitle('---\ntags: [x]\n---\n\n# Old\nText\n', 'New')).toBe(
      '---\ntags: [x]\n---\n\n# New\nText\n',
    )
    expect(withTitle('Just a checklist\r\n- [ ] one\r\n', 'Launch')).toBe(
      '# Launch\r\n\r\nJust a checklist\r\n- [ ] one\r\n',
    )
    expect(withTitle('# Kept\n', '')).toBe('# Kept\n')
  })
})

describe('a new page written in, when its title changes', () => {
  it('takes the new title where its text still reads the old one: heading or front matter', () => {
    expect(retitled('# Deploy\n\nRun it.\n', 'Deploy', 'Deploy guide')).toBe('# Deploy guide\n\nRun it.\n')
    expect(retitled('---\ntitle: Deploy\n---\nRun it.\n', 'Deploy', 'Deploy: staging')).toBe(
      '---\ntitle: "Deploy: staging"\n---\nRun it.\n',
    )
  })

  it('keeps a title the person wrote themselves, and an emptied field changes nothing', () => {
    expect(retitled('# My own words\n\nRun it.\n', 'Deploy', 'Deploy guide')).toBeUndefined()
    expect(retitled('Run it.\n', 'Deploy', 'Deploy guide')).toBeUndefined()
    // Written before any title: the title goes on top, unless the text starts with a heading of its own.
    expect(retitled('Run it.\n', '', 'Deploy')).toBe('# Deploy\n\nRun it.\n')
    expect(retitled('# Mine\n\nRun it.\n', '', 'Deploy')).toBeUndefined()
    expect(retitled('# Deploy\n', 'Deploy', '  ')).toBeUndefined()
  })

  it('is made in the editor as the one span that changed, so the rest keeps its place', () => {
    expect(smallestChange('# Deploy\n\nRun it.', '# Deploy guide\n\nRun it.')).toEqual({
      from: 8,
      to: 8,
      insert: ' guide',
    })
    expect(smallestChange('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' })
    expect(smallestChange('same', 'same')).toBeUndefined()
  })
})
