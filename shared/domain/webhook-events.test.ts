import { describe, expect, it } from 'vitest'
import { isSubscribed, pageEvents } from './webhook-events.ts'

describe('page events of a change', () => {
  it('tells creations, updates, deletions and moves apart, and ignores files outside content/', () => {
    expect(
      pageEvents([
        { path: 'content/new.md', before: undefined, after: 'a' },
        { path: 'content/edited.md', before: 'b', after: 'c' },
        { path: 'content/old.md', before: 'd', after: undefined },
        { path: 'content/from.md', before: 'e', after: undefined },
        { path: 'content/sub/to.md', before: undefined, after: 'e' },
        { path: 'content/same.md', before: 'f', after: 'f' },
        { path: '.service/inbox/n/note.md', before: undefined, after: 'g' },
        { path: 'content/.gitkeep', before: undefined, after: 'h' },
      ]),
    ).toEqual([
      { type: 'page.created', path: 'new.md' },
      { type: 'page.updated', path: 'edited.md' },
      { type: 'page.moved', path: 'sub/to.md', from: 'from.md' },
      { type: 'page.deleted', path: 'old.md' },
    ])
  })

  it('pairs each vanished file with one arrival only', () => {
    expect(
      pageEvents([
        { path: 'content/a.md', before: 'x', after: undefined },
        { path: 'content/b.md', before: undefined, after: 'x' },
        { path: 'content/c.md', before: undefined, after: 'x' },
      ]),
    ).toEqual([
      { type: 'page.moved', path: 'b.md', from: 'a.md' },
      { type: 'page.created', path: 'c.md' },
    ])
  })
})

describe('subscriptions', () => {
  it('gives a webhook without a list every event, and one with a list only those', () => {
    expect(isSubscribed(null, 'page.created')).toBe(true)
    expect(isSubscribed(['ping'], 'page.created')).toBe(false)
    expect(isSubscribed(['ping', 'page.created'], 'page.created')).toBe(true)
  })
})
