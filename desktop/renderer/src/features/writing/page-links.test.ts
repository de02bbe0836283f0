import { describe, expect, it } from 'vitest'
import { moveRewriter, resolveTarget } from '#shared/domain/links.ts'
import type { PageChoice } from './context.ts'
import { matchingPages, pageLinkEdit, pageLinkMarkdown, pageLinkQueryAt } from './page-links.ts'
import { afterEdit, stateAt } from './test-state.ts'

const PAGES: PageChoice[] = [
  { path: 'holidays.md', title: 'Holidays' },
  { path: 'guides/setup.md', title: 'Setup guide' },
  { path: 'team/holiday-rota.md', title: 'On-call rota' },
  { path: 'team/été.md', title: 'Été au bureau' },
  { path: 'guides/ship-it.md', title: 'How we ship' },
  { path: 'old/holidays-2019.md', title: 'Holidays (2019)' },
]

const asks = (text: string) => {
  const { state, pos } = stateAt(text)
  return pageLinkQueryAt(state, pos)
}

const titles = (query: string) => matchingPages(PAGES, query).map((page) => page.title)

describe('where [[ asks for a page', () => {
  it('asks from [[ to the cursor, on one line', () => {
    expect(asks('[[|')).toEqual({ from: 0, query: '' })
    expect(asks('See [[set up|')).toEqual({ from: 4, query: 'set up' })
    expect(asks('- [x] [[hol|')).toEqual({ from: 6, query: 'hol' })
  })

  it('does not ask once closed, escaped, for an embed, after a label bar, or in code', () => {
    for (const text of [
      '[[holidays]]|',
      '\\[[hol|',
      '![[hol|',
      '[[holidays|the days|',
      '`[[hol|',
      '```\n[[hol|\n```',
    ])
      expect(asks(text)).toBeNull()
  })
})

describe('which pages [[ offers', () => {
  it('lists every page by title when nothing is typed', () => {
    expect(titles('')).toEqual([
      'Été au bureau',
      'Holidays',
      'Holidays (2019)',
      'How we ship',
      'On-call rota',
      'Setup guide',
    ])
  })

  it('puts exact and starting titles first, then word starts in titles, then in paths, then letters in order', () => {
    expect(titles('holiday')).toEqual(['Holidays', 'Holidays (2019)', 'On-call rota'])
    expect(titles('guide')).toEqual(['Setup guide', 'How we ship'])
    expect(titles('rota')).toEqual(['On-call rota'])
    expect(titles('ete')).toEqual(['Été au bureau', 'Setup guide'])
    expect(titles('hws')).toEqual(['How we ship'])
    expect(titles('nothing like it')).toEqual([])
  })

  it('lists at most the limit asked', () => {
    expect(matchingPages(PAGES, '', 2)).toHaveLength(2)
  })
})

describe('the link [[ inserts', () => {
  it('is a relative Markdown link named by the title, its brackets escaped', () => {
    expect(pageLinkMarkdown('index.md', PAGES[1]!)).toBe('[Setup guide](guides/setup.md)')
    expect(pageLinkMarkdown('team/roles.md', PAGES[1]!)).toBe('[Setup guide](../guides/setup.md)')
    expect(pageLinkMarkdown('team/roles.md', PAGES[3]!)).toBe('[Été au bureau](été.md)')
    expect(pageLinkMarkdown('a.md', { path: 'my notes (draft).md', title: 'Notes [draft]' })).toBe(
      '[Notes \\[draft\\]](my%20notes%20%28draft%29.md)',
    )
  })

  it('replaces what was typed, and a ]] already there, with the cursor after the link', () => {
    const { state, pos } = stateAt('See [[set|]] now')
    const at = pageLinkQueryAt(state, pos)!
    expect(afterEdit(state, pageLinkEdit(state, 'index.md', PAGES[1]!, at.from, pos))).toBe(
      'See [Setup guide](guides/setup.md)| now',
    )
  })

  it('still leads to the page once either page is moved', () => {
    const link = pageLinkMarkdown('team/roles.md', PAGES[1]!)
    const roles = `# Roles\n\nRead ${link} first.\n`
    const paths = ['team/roles.md', 'guides/setup.md']
    const target = (text: string) => /\]\(([^)]+)\)/.exec(text)![1]!

    const afterTarget = moveRewriter(new Map([['guides/setup.md', 'how-to/setup.md']]), paths)(
      'team/roles.md',
      roles,
    )
    expect(resolveTarget('team/roles.md', target(afterTarget!))).toBe('how-to/setup.md')

    const afterSelf = moveRewriter(new Map([['team/roles.md', 'roles.md']]), paths)('team/roles.md', roles)
    expect(resolveTarget('roles.md', target(afterSelf!))).toBe('guides/setup.md')
  })
})
