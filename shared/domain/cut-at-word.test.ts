import { describe, expect, it } from 'vitest'
import { cutAtWord } from './cut-at-word.ts'

describe('cutAtWord', () => {
  it('keeps text that fits', () => {
    expect(cutAtWord('Backups', 10)).toBe('Backups')
    expect(cutAtWord('exactly 10', 10)).toBe('exactly 10')
  })

  it('cuts at the last space in the second half, dropping trailing spaces', () => {
    expect(cutAtWord('Restore the nightly dump', 16)).toBe('Restore the…')
    expect(cutAtWord('one two  three', 10)).toBe('one two…')
  })

  it('cuts mid-word when no space is near the limit', () => {
    expect(cutAtWord('a supercalifragilistic word', 12)).toBe('a supercalif…')
  })
})
