import { describe, expect, it } from 'vitest'
import { isNonPortableName } from './portable-names.ts'
import { fileNameFromTitle } from './title-file-name.ts'

describe('the file name a title gives a page', () => {
  it.each([
    ['Réunion du 3 mai', 'reunion-du-3-mai.md'],
    ['Getting Started', 'getting-started.md'],
    ['  Notes: Monday?  ', 'notes-monday.md'],
    ['!!!', ''],
    ['Con', 'con-file.md'],
    ['AUX', 'aux-file.md'],
    ['Console', 'console.md'],
  ])('%j → %j', (title, name) => {
    expect(fileNameFromTitle(title)).toBe(name)
  })

  it('cuts a long title at a word, and never gives a name a clone on Windows could not hold', () => {
    const long = fileNameFromTitle(`${'word '.repeat(30)}end`)
    expect(long.length).toBeLessThanOrEqual(83)
    expect(long.endsWith('-word.md')).toBe(true)
    for (const title of ['CON', 'prn', 'Nul', 'com1', 'LPT9', 'conin$', 'a.', 'b '])
      expect(isNonPortableName(fileNameFromTitle(title) || 'x')).toBe(false)
  })
})
