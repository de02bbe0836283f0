import { describe, expect, it } from 'vitest'
import { bestOf, compareTies, compareTitles, matchable, prepareQuery, RANKS, rankOf } from './page-match.ts'

const pages = [
  matchable('ops/backups.md', 'Backups'),
  matchable('ops/backup-restore.md', 'Backup and restore'),
  matchable('guides/nightly.md', 'Nightly backups of the database'),
  matchable('archive/backups/old.md', 'Old notes'),
  matchable('team/bob.md', 'Bob’s checklist'),
  matchable('guides/ete.md', 'Été à Montréal'),
  matchable('misc/other.md', 'Something else'),
]

/** The titles of the pages matching `q`, best first, as the switcher lists them. */
function ranked(q: string): string[] {
  const query = prepareQuery(q)
  const found = pages.flatMap((page) => {
    const rank = rankOf(page, query)
    return rank === undefined ? [] : [{ page, rank }]
  })
  return bestOf(found, 50, (a, b) => a.rank - b.rank || compareTies(a.page, b.page)).map((f) => f.page.title)
}

describe('matching a query against a page', () => {
  it('ranks an exact title, then a title prefix, title words, path words, then letters in order', () => {
    const rank = (q: string, path: string, title: string) => rankOf(matchable(path, title), prepareQuery(q))
    expect(rank('backups', 'a.md', 'Backups')).toBe(RANKS.exactTitle)
    expect(rank('back', 'a.md', 'Backups')).toBe(RANKS.titlePrefix)
    expect(rank('night back', 'a.md', 'Nightly backups')).toBe(RANKS.titleWords)
    expect(rank('archive old', 'archive/old.md', 'Old notes')).toBe(RANKS.pathWords)
    expect(rank('bkps', 'a.md', 'Backups')).toBe(RANKS.lettersInOrder)
    expect(rank('ckup', 'a.md', 'Backups')).toBe(RANKS.lettersInOrder)
    expect(rank('zebra', 'a.md', 'Backups')).toBeUndefined()
  })

  it('matches a word inside a word only as letters in order, below every word match', () => {
    const rank = (q: string, title: string) => rankOf(matchable('a.md', title), prepareQuery(q))
    expect(rank('ups', 'Backups')).toBe(RANKS.lettersInOrder)
    expect(rank('restore back', 'Backup and restore')).toBe(RANKS.titleWords)
    expect(ranked('back zebra')).toEqual([])
  })

  it('ignores case and accents, both ways', () => {
    expect(ranked('ETE MONTREAL')).toEqual(['Été à Montréal'])
    expect(ranked('montréal')).toEqual(['Été à Montréal'])
    expect(ranked('BOB')[0]).toBe('Bob’s checklist')
  })

  it('lists the best first, and the shorter title first among equals', () => {
    expect(ranked('backup')).toEqual([
      'Backups',
      'Backup and restore',
      'Nightly backups of the database',
      'Old notes',
    ])
    expect(ranked('bkp')).toEqual(['Backups', 'Backup and restore', 'Nightly backups of the database'])
  })
})

describe('keeping the best of many', () => {
  it('keeps the first `limit` in order, whatever order they come in', () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000)
    expect(bestOf(numbers, 5, (a, b) => a - b)).toEqual([0, 1, 2, 3, 4])
    expect(bestOf([3, 1, 2], 10, (a, b) => a - b)).toEqual([1, 2, 3])
  })

  it('orders a list nobody typed into by title, then path', () => {
    const list = [matchable('b.md', 'Zeta'), matchable('z.md', 'alpha'), matchable('a.md', 'Alpha')]
    expect(bestOf(list, 3, compareTitles).map((p) => p.path)).toEqual(['a.md', 'z.md', 'b.md'])
  })
})
