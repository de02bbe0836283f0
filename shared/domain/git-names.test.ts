import { describe, expect, it } from 'vitest'
import { isSafeEntryName } from './git-names.ts'

describe('isSafeEntryName', () => {
  it.each([
    '',
    '.',
    '..',
    '.git',
    '.GIT',
    '.Git',
    '.git.',
    '.git ',
    '.git. . ',
    '.git::$INDEX_ALLOCATION',
    '.git:stream',
    'git~1',
    'GIT~1',
    '.git~2',
    '.g\u200cit',
    '\ufeff.git',
    '.\u200d.',
    'a/b',
    'a\\b',
    'a\0b',
  ])('refuses %j', (name) => expect(isSafeEntryName(name)).toBe(false))

  it.each([
    'index.md',
    '.gitkeep',
    '.gitignore',
    'git',
    'git~',
    'git~10',
    '.github',
    'a..b',
    '...',
    'notes.git',
  ])('accepts %j', (name) => expect(isSafeEntryName(name)).toBe(true))
})
