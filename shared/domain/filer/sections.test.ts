import { describe, expect, it } from 'vitest'
import { noteTitle } from './page-text.ts'
import { appendedSection, newPagePath, newPageText, SLUG_MAX, slugify } from './sections.ts'

describe('slugify', () => {
  it('folds, lowercases and joins words with hyphens', () => {
    expect(slugify('Crêpes de Mamie')).toBe('crepes-de-mamie')
    expect(slugify("L'équipe : réunion du 3/04 !")).toBe('l-equipe-reunion-du-3-04')
    expect(slugify('Œufs & bœuf')).toBe('oeufs-boeuf')
  })

  it('cuts long titles at a word, within SLUG_MAX characters', () => {
    const slug = slugify(
      'A very long title about the quarterly restore drill that we ran on staging last Tuesday',
    )
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX)
    expect(slug).toBe('a-very-long-title-about-the-quarterly-restore-drill-that-we')
  })

  it('cuts a single endless word at SLUG_MAX', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(SLUG_MAX))
  })

  it('never gives an empty name', () => {
    expect(slugify('!!!')).toBe('note')
    expect(slugify('')).toBe('note')
  })
})

describe('newPagePath', () => {
  const taken = new Set(['recettes/crepes.md', 'recettes/crepes-2.md', 'recettes/gaufres.md'])

  it('uses the slug of the title in the folder', () => {
    expect(newPagePath('recettes', 'Quiche lorraine', taken, new Set())).toEqual({
      kind: 'create',
      path: 'recettes/quiche-lorraine.md',
    })
  })

  it('adds -2, -3... while the name is taken', () => {
    expect(newPagePath('recettes', 'Crêpes', taken, new Set())).toEqual({
      kind: 'create',
      path: 'recettes/crepes-3.md',
    })
  })

  it('treats a name taken in another case as taken', () => {
    expect(newPagePath('recettes', 'GAUFRES', taken, new Set())).toEqual({
      kind: 'create',
      path: 'recettes/gaufres-2.md',
    })
  })

  it('joins a page this plan already creates', () => {
    const created = new Set(['recettes/quiche-lorraine.md'])
    expect(newPagePath('recettes', 'Quiche Lorraine', taken, created)).toEqual({
      kind: 'append',
      path: 'recettes/quiche-lorraine.md',
    })
  })

  it('puts pages at the root without a leading slash', () => {
    expect(newPagePath('', 'Ideas', new Set(), new Set())).toEqual({ kind: 'create', path: 'ideas.md' })
  })
})

describe('appendedSection', () => {
  it('is a dated level-two section holding the note as written', () => {
    const text = 'Line one with  two spaces.\n\n- a list\n- *kept* as is\n\n```sh\nrestic snapshots\n```'
    expect(appendedSection('Restic', text, '2024-06-01', false)).toBe(`\n## Restic (2024-06-01)\n\n${text}\n`)
  })

  it('drops only the leading blank lines and trailing whitespace of the note', () => {
    expect(appendedSection('T', '\n\n  indented first line\nlast  \n\n', '2024-06-01', false)).toBe(
      '\n## T (2024-06-01)\n\n  indented first line\nlast\n',
    )
  })

  it('does not repeat a title the note starts with', () => {
    expect(appendedSection('Boiler', '# Boiler\n\nService in March.', '2024-06-01', false)).toBe(
      '\n## Boiler (2024-06-01)\n\nService in March.\n',
    )
    expect(appendedSection('Boiler', '## Boiler\nService in March.', '2024-06-01', false)).toBe(
      '\n## Boiler (2024-06-01)\n\nService in March.\n',
    )
  })

  it('keeps a leading section heading that is not the title', () => {
    expect(appendedSection('Queue stalled', '## Summary\n\nIt stalled.', '2024-06-01', false)).toBe(
      '\n## Queue stalled (2024-06-01)\n\n## Summary\n\nIt stalled.\n',
    )
  })

  it('uses CRLF line ends for a CRLF page', () => {
    expect(appendedSection('T', 'one\ntwo', '2024-06-01', true)).toBe(
      '\r\n## T (2024-06-01)\r\n\r\none\r\ntwo\r\n',
    )
  })
})

describe('newPageText', () => {
  it('is the title as a level-one heading, then the note', () => {
    expect(newPageText('Crêpes', '250 g de farine.')).toBe('# Crêpes\n\n250 g de farine.\n')
  })

  it('uses the note’s own leading title instead of adding one', () => {
    expect(newPageText('Crêpes', '# Crêpes de Mamie\n\n250 g de farine.')).toBe(
      '# Crêpes de Mamie\n\n250 g de farine.\n',
    )
    expect(newPageText('Crêpes', '## Crêpes\n250 g de farine.')).toBe('# Crêpes\n\n250 g de farine.\n')
  })
})

describe('noteTitle', () => {
  it('prefers the note’s title, then its heading, then its first line, then its file name', () => {
    expect(noteTitle('Boiler', '# Other', 'x.md')).toBe('Boiler')
    expect(noteTitle('', '\n# Boiler service\n\ntext', 'x.md')).toBe('Boiler service')
    expect(noteTitle(' ', 'Boiler needs a service\nin March', 'x.md')).toBe('Boiler needs a service')
    expect(noteTitle('', '', '2024-05-01-call-bob.md')).toBe('call bob')
  })

  it('shortens a long first line at a word', () => {
    const title = noteTitle('', `${'word '.repeat(40)}end`, 'x.md')
    expect(title.length).toBeLessThanOrEqual(81)
    expect(title.endsWith('word…')).toBe(true)
  })
})
