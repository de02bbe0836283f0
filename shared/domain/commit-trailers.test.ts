import { describe, expect, it } from 'vitest'
import { coauthorNames, trailer } from './commit-trailers.ts'

describe('a commit trailer', () => {
  it('is read from the last paragraph of the message', () => {
    const message = 'Add the runbook\n\nWhy: the old one was wrong.\n\nSource: api\nVia: API · deploy-bot\n'
    expect(trailer(message, 'Source')).toBe('api')
    expect(trailer(message, 'Via')).toBe('API · deploy-bot')
    expect(trailer(message, 'Why')).toBe('')
  })

  it('is never read from a caller’s own lines before the service’s trailers', () => {
    const forged = 'line1\nSource: web\nVia: forged\n\nSource: api\nVia: API\n'
    expect(trailer(forged, 'Source')).toBe('api')
    expect(trailer(forged, 'Via')).toBe('API')
    expect(trailer('Source: routine\n\nSource: mcp\n', 'Source')).toBe('mcp')
  })

  it('is absent from a message of one paragraph, whatever it says', () => {
    expect(trailer('Source: web', 'Source')).toBe('')
    expect(trailer('Fix typo\n', 'Source')).toBe('')
  })
})

describe('the co-authors of a commit', () => {
  it('are named by the Co-authored-by trailers of its last paragraph, each once', () => {
    const message =
      'Edit guides/setup.md (3 people)\n\nCo-authored-by: Not Me <no@example.com>\n\nSource: web\n' +
      'Co-authored-by: Grace Hopper <grace@example.com>\nCo-authored-by: Linus <linus@example.com>\n' +
      'Co-authored-by: Grace Hopper <grace@example.com>\nCo-Authored-By: Margaret <margaret@example.com>\n'
    // Git reads the key without regard to case.
    expect(coauthorNames(message)).toEqual(['Grace Hopper', 'Linus', 'Margaret'])
    expect(coauthorNames('Edit a.md\n')).toEqual([])
  })
})
