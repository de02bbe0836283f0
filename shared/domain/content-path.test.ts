import { describe, expect, it } from 'vitest'
import { contentPath, newContentPath, newNameRefusal } from './content-path.ts'

describe('the one rule for new names', () => {
  it('refuses what could not be reached or could disguise a name, on every way in', () => {
    for (const name of ['..\\x.md', 'git~2', '.git', '..', 'tab\there.md', 'line\nbreak.md', 'x'.repeat(256)])
      expect(newNameRefusal(name)).toBe('path_invalid')
    expect(newNameRefusal('cafe\u0301.md')).toBe('path_invalid')
    for (const name of ['bad\uFFFD.md', 'a\ud800.md', 'invoice\u202efdp.exe'])
      expect(newNameRefusal(name)).toBe('name_disguised')
    for (const name of ['café.md', 'git~10', '.gitkeep', 'x'.repeat(255), '😀 notes.md'])
      expect(newNameRefusal(name)).toBeUndefined()
  })

  it('is what an API write or move applies, while an existing file with such a name stays reachable', () => {
    expect(() => newContentPath('ops/bad\uFFFD.md')).toThrow(
      expect.objectContaining({ reason: 'name_disguised' }),
    )
    expect(() => newContentPath('ops/tab\there.md')).toThrow(
      expect.objectContaining({ reason: 'path_invalid' }),
    )
    expect(newContentPath('ops/cafe\u0301.md')).toBe('content/ops/café.md')
    expect(contentPath('ops/bad\uFFFD.md')).toBe('content/ops/bad\uFFFD.md')
  })
})
