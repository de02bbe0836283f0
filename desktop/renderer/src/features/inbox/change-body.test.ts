import { describe, expect, it } from 'vitest'
import { splitChangeBody } from './change-body.ts'

describe('splitChangeBody', () => {
  it('reads the commits before the blank line and keeps the diff whole', () => {
    const diff = '===\n--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n-old\n+new\n'
    const body = `d0ed9c3643 2026-11-24 admin: Edit x\n1234567890 2026-11-23 carl: Add x\n\n${diff}`
    expect(splitChangeBody(body)).toEqual({
      commits: [
        { sha: 'd0ed9c3643', text: '2026-11-24 admin: Edit x' },
        { sha: '1234567890', text: '2026-11-23 carl: Add x' },
      ],
      diff,
    })
  })

  it('takes a body without commits as a diff alone', () => {
    expect(splitChangeBody('\n\n--- a/x.md\n')).toEqual({ commits: [], diff: '--- a/x.md\n' })
    expect(splitChangeBody('--- a/x.md')).toEqual({ commits: [], diff: '--- a/x.md' })
  })
})
