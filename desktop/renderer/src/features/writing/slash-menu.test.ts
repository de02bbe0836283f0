import { describe, expect, it } from 'vitest'
import catalog from './locales.ts'
import {
  type BlockChoice,
  blockEdit,
  matchingChoices,
  SLASH_CHOICES,
  type SlashChoiceId,
  slashQueryAt,
} from './slash-menu.ts'
import { afterEdit, stateAt } from './test-state.ts'

const opensAt = (text: string) => {
  const { state, pos } = stateAt(text)
  return slashQueryAt(state, pos)
}

const names = (query: string, language: 'en' | 'fr') =>
  matchingChoices(query, (id: SlashChoiceId) => ({
    label: catalog[language].choice[id],
    keywords: catalog[language].keywords[id],
  })).map((choice) => catalog[language].choice[choice.id])

const block = (id: SlashChoiceId) => SLASH_CHOICES.find((choice) => choice.id === id) as BlockChoice

/** The text once `/word` before the cursor is replaced by a choice. */
const choose = (text: string, id: SlashChoiceId) => {
  const { state, pos } = stateAt(text)
  const at = slashQueryAt(state, pos)
  if (!at) throw new Error(`no slash menu in ${text}`)
  return afterEdit(state, blockEdit(state, block(id), at.from, pos))
}

describe('where a slash opens the menu', () => {
  it('opens at the start of a line, after a space, in a list item or a quote, with the word typed', () => {
    expect(opensAt('/|')).toEqual({ from: 0, query: '' })
    expect(opensAt('Intro\n/ta|')).toEqual({ from: 6, query: 'ta' })
    expect(opensAt('Read this /h2|')).toEqual({ from: 10, query: 'h2' })
    expect(opensAt('- /|')).toEqual({ from: 2, query: '' })
    expect(opensAt('> /tâche|')).toEqual({ from: 2, query: 'tâche' })
  })

  it('is only a slash inside a word, an address, a path, after a bracket, or in code', () => {
    for (const text of [
      'a/b|',
      'and/or|',
      'see https://example.com/|',
      'see https:/|',
      '[docs](/guides|',
      '`cd /usr|',
      'run `cd /usr|` first',
      '```\n/table|\n```\n',
      '    indented code\n    /ta|',
      '/table done|',
    ])
      expect(opensAt(text)).toBeNull()
  })
})

describe('what the menu lists as the person types', () => {
  it('keeps the choices whose name starts with the word, then those another word of theirs starts', () => {
    expect(names('ta', 'en')).toEqual(['Task', 'Table'])
    expect(names('ta', 'fr')).toEqual(['Tâche', 'Tableau'])
    expect(names('tache', 'fr')).toEqual(['Tâche'])
    expect(names('h2', 'en')).toEqual(['Heading 2'])
    expect(names('table', 'fr')).toEqual(['Tableau'])
    expect(names('link', 'en')).toEqual(['Link to a page'])
    expect(names('zzz', 'en')).toEqual([])
    expect(names('', 'en')).toHaveLength(SLASH_CHOICES.length)
  })
})

describe('what each choice writes', () => {
  it('writes a line block in place, the cursor after its marks', () => {
    expect(choose('/h1|', 'heading1')).toBe('# |')
    expect(choose('Intro\n/head|', 'heading3')).toBe('Intro\n### |')
    expect(choose('/|', 'bulleted')).toBe('- |')
    expect(choose('/num|', 'numbered')).toBe('1. |')
    expect(choose('/task|', 'task')).toBe('- [ ] |')
    expect(choose('/quote|', 'quote')).toBe('> |')
    expect(choose('/callout|', 'callout')).toBe('> [!NOTE]\n> |')
  })

  it('puts the cursor in the first cell of a table and inside a code block', () => {
    expect(choose('/table|', 'table')).toBe('| | |  |\n| --- | --- |\n|  |  |')
    expect(choose('/code|\nNext', 'code')).toBe('```\n|\n```\nNext')
  })

  it('leaves an empty line above a table or a rule under a paragraph, so neither changes it', () => {
    expect(choose('A paragraph\n/table|', 'table')).toBe('A paragraph\n\n| | |  |\n| --- | --- |\n|  |  |')
    expect(choose('A paragraph\n/rule|', 'rule')).toBe('A paragraph\n\n---\n|')
    expect(choose('\n/rule|', 'rule')).toBe('\n---\n|')
  })

  it('starts a new paragraph after words, leaving the words as they were', () => {
    expect(choose('Some words /h2|', 'heading2')).toBe('Some words\n\n## |')
    expect(choose('Some words  /table| after', 'table')).toBe(
      'Some words\n\n| | |  |\n| --- | --- |\n|  |  | after',
    )
  })

  it('writes inside a quote or a list item, a list item taking the place of the one it is in', () => {
    expect(choose('> /h2|', 'heading2')).toBe('> ## |')
    expect(choose('> /task|', 'task')).toBe('> - [ ] |')
    expect(choose('- /task|', 'task')).toBe('- [ ] |')
    expect(choose('  1. /bul|', 'bulleted')).toBe('  - |')
    expect(choose('- /code|', 'code')).toBe('- ```\n|\n```')
  })
})
