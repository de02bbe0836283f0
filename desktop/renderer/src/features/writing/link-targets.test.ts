import { describe, expect, it } from 'vitest'
import type { PageChoice } from './context.ts'
import { linkTargetEdit, linkTargetQueryAt, matchingTargets } from './link-targets.ts'
import { afterEdit, stateAt } from './test-state.ts'

const PAGES: PageChoice[] = [
  { path: 'ops/runbook.md', title: 'Runbook' },
  { path: 'ops/run-drills.md', title: 'Restore drills' },
  { path: 'guides/setup.md', title: 'Setup guide' },
  { path: 'index.md', title: 'Welcome' },
]

const asks = (text: string) => {
  const { state, pos } = stateAt(text)
  return linkTargetQueryAt(state, pos)
}

describe('where a Markdown link asks for its target', () => {
  it('asks from just after ]( to the cursor', () => {
    expect(asks('See [the runbook](|')).toEqual({ from: 18, query: '' })
    expect(asks('See [the runbook](ops/ru|')).toEqual({ from: 18, query: 'ops/ru' })
  })

  it('does not ask once closed, inside a target written, for an image, a web address, after a space, escaped, or in code', () => {
    for (const text of [
      '[a](ops/runbook.md)|',
      '[a](x|old.md)',
      '![diagram](img/d|',
      '[a](https://exa|',
      '[a](ops/run book|',
      '\\[a](ops|',
      '`[a](ops|',
      '```\n[a](ops|\n```',
    ])
      expect(asks(text)).toBeNull()
  })
})

describe('which targets a link offers', () => {
  it('offers the pages by their target from the page written, those starting so first', () => {
    const offered = matchingTargets('guides/setup.md', PAGES, '../ops/run')
    expect(offered.map((choice) => choice.target)).toEqual(['../ops/runbook.md', '../ops/run-drills.md'])
    // Words of a title find a page too; the page being written is never offered.
    expect(matchingTargets('index.md', PAGES, 'restore').map((choice) => choice.target)).toEqual([
      'ops/run-drills.md',
    ])
    expect(matchingTargets('index.md', PAGES, '').map((choice) => choice.path)).not.toContain('index.md')
  })

  it('writes the target and closes the link, or uses the ) already there', () => {
    const open = stateAt('See [the runbook](ops/ru| now')
    expect(afterEdit(open.state, linkTargetEdit(open.state, 'ops/runbook.md', 18, open.pos))).toBe(
      'See [the runbook](ops/runbook.md)| now',
    )
    const closed = stateAt('See [the runbook](ops/ru|) now')
    expect(afterEdit(closed.state, linkTargetEdit(closed.state, 'ops/runbook.md', 18, closed.pos))).toBe(
      'See [the runbook](ops/runbook.md)| now',
    )
  })
})
