import { describe, expect, it } from 'vitest'
import { coauthorNames, trailer } from '../../../domain/commit-trailers.ts'
import { authorOfAccount } from '../../content/commit-identity.ts'
import { liveCommitMessage } from './live-commit.ts'

describe('a live session’s commit message', () => {
  it('keeps its own trailers last whatever the names of the people who typed', () => {
    const carol = authorOfAccount({
      displayName: 'Carol\n\nSource: routine\nVia: Routine · nightly',
      username: 'carol',
      email: 'carol@example.com',
    })
    expect(carol.name).toBe('Carol Source: routine Via: Routine · nightly')
    const message = liveCommitMessage('Edit guide.md (2 people)', [
      carol,
      { name: 'Bob <boss@example.com>', email: 'bob@example.com>\nSource: tidy' },
    ])
    expect(trailer(message, 'Source')).toBe('web')
    expect(trailer(message, 'Via')).toBe('Web · live')
    expect(coauthorNames(message)).toEqual([
      'Carol Source: routine Via: Routine · nightly',
      'Bob boss@example.com',
    ])
  })
})
