import { describe, expect, it } from 'vitest'
import { pageLinkResolver } from './health.ts'
import { type RelatedPage, relatedPages, termFrequencies } from './related.ts'

const lines = (...rows: string[]): string => rows.join('\n')

const wiki: Record<string, string> = {
  'index.md': lines(
    '# Ops wiki',
    '',
    '[Backups](ops/backups.md), [restore](ops/restore-runbook.md), [on-call](ops/on-call.md),',
    '[storage](infra/storage.md), [onboarding](team/onboarding.md), [holidays](hr/holidays.md),',
    '[disaster recovery](plans/disaster-recovery.md), [offsite](infra/offsite.md).',
  ),
  'ops/backups.md': lines(
    '---',
    'title: Backups',
    'tags: [restic]',
    '---',
    'Every night restic takes encrypted snapshots of the database and the file server.',
    'Snapshots are kept thirty days, stored on the [[storage]] array and copied to the [offsite](../infra/offsite.md) bucket.',
    'Check the snapshots weekly: a backup nobody restores is not a backup.',
  ),
  'ops/restore-runbook.md': lines(
    '# Restore runbook',
    '',
    'List the restic snapshots, pick the snapshot of the night before the incident and restore it.',
    'Restore the database snapshot to a scratch server first, then the file server snapshot.',
    'Encrypted snapshots need the restic password from the vault.',
  ),
  'ops/on-call.md': lines(
    '# On-call',
    '',
    'The on-call engineer answers pages within fifteen minutes and writes the incident timeline.',
  ),
  'infra/storage.md': lines('# Storage', '', 'The storage array has two shelves of disks in RAID 6.'),
  'infra/offsite.md': lines('# Offsite bucket', '', 'An object storage bucket in another region.'),
  'team/onboarding.md': lines(
    '# Onboarding',
    '',
    'In your first week, read how [backups](../ops/backups.md) work and shadow the on-call engineer.',
  ),
  'hr/holidays.md': lines(
    '# Holidays',
    '',
    'Ask your manager two weeks ahead and mark the days in the calendar.',
  ),
  'plans/disaster-recovery.md': lines(
    '# Disaster recovery',
    '',
    'If the building is lost, rebuild from the [offsite](../infra/offsite.md) copy of the [storage](../infra/storage.md).',
  ),
}

const paths = Object.keys(wiki)
const linksOf = pageLinkResolver(paths)
const pages: RelatedPage[] = paths.map((path) => ({
  path,
  title: path,
  words: termFrequencies(wiki[path]!),
  links: linksOf(path, wiki[path]!).flatMap((link) => (link.resolved ? [link.resolved] : [])),
}))

const related = (extra: { meaning?: Map<string, number>; locale?: 'en' | 'fr'; limit?: number } = {}) =>
  relatedPages({
    page: 'ops/backups.md',
    pages,
    limit: extra.limit ?? 10,
    locale: extra.locale ?? 'en',
    meaning: extra.meaning,
  })

const find = (list: ReturnType<typeof related>, path: string) => list.find((r) => r.path === path)

describe('termFrequencies', () => {
  it('counts folded, stemmed words without stopwords, title and tags included', () => {
    const terms = termFrequencies(wiki['ops/backups.md']!)
    expect(terms.get('snapshot')).toBe(3)
    expect(terms.get('backup')).toBe(3)
    expect(terms.get('restic')).toBe(2)
    expect(terms.has('the')).toBe(false)
    // Link text counts, link targets do not.
    expect(terms.has('offsit')).toBe(true)
    expect(terms.has('infra')).toBe(false)
  })

  it('folds accents and stems French', () => {
    const terms = termFrequencies('# Sauvegardes\n\nLes sauvegardes chiffrées sont restaurées chaque nuit.')
    expect(terms.get('sauvegard')).toBe(2)
    expect(terms.has('les')).toBe(false)
    expect([...terms.keys()].some((t) => t.startsWith('chiffr'))).toBe(true)
  })
})

describe('relatedPages', () => {
  const list = related()

  it('relates the backups page to the restore runbook by the words they share', () => {
    const runbook = find(list, 'ops/restore-runbook.md')
    expect(runbook).toMatchObject({ reason: 'words', label: 'Shares many words', linked: false })
    expect(runbook?.reasons).toEqual(['words', 'folder'])
    expect(list[0]?.path).toBe('ops/restore-runbook.md')
  })

  it('shows the pages this page links to as linked', () => {
    expect(find(list, 'infra/storage.md')).toMatchObject({ reason: 'link', linked: true })
    expect(find(list, 'infra/offsite.md')?.reasons).toContain('link')
  })

  it('shows the pages citing this page', () => {
    expect(find(list, 'team/onboarding.md')).toMatchObject({
      reason: 'backlink',
      label: 'Cites this page',
      linked: false,
    })
  })

  it('relates pages linking to the same pages', () => {
    expect(find(list, 'plans/disaster-recovery.md')).toMatchObject({ reason: 'shared', linked: false })
  })

  it('gives the folder only as a weak reason, never enough alone', () => {
    expect(find(list, 'ops/on-call.md')).toBeUndefined()
    const withMeaning = related({ meaning: new Map([['ops/on-call.md', 0.5]]) })
    expect(find(withMeaning, 'ops/on-call.md')?.reasons).toEqual(['meaning', 'folder'])
  })

  it('leaves out unrelated pages and the page itself, and sorts best first within 0.2..1', () => {
    expect(find(list, 'hr/holidays.md')).toBeUndefined()
    expect(find(list, 'ops/backups.md')).toBeUndefined()
    for (const r of list) expect(r.score).toBeGreaterThanOrEqual(0.2)
    for (const r of list) expect(r.score).toBeLessThanOrEqual(1)
    expect(list.map((r) => r.score)).toEqual([...list.map((r) => r.score)].sort((a, b) => b - a))
  })

  it('lets meaning lead when the semantic index is sure', () => {
    const withMeaning = related({
      meaning: new Map([
        ['hr/holidays.md', 0.1],
        ['ops/restore-runbook.md', 0.9],
      ]),
    })
    expect(find(withMeaning, 'ops/restore-runbook.md')).toMatchObject({
      reason: 'meaning',
      label: 'Same topic',
    })
    expect(find(withMeaning, 'ops/restore-runbook.md')?.reasons).toEqual(['meaning', 'words', 'folder'])
    expect(find(withMeaning, 'hr/holidays.md')).toBeUndefined()
  })

  it('labels reasons in French', () => {
    const fr = related({ locale: 'fr' })
    expect(find(fr, 'ops/restore-runbook.md')?.label).toBe('Beaucoup de mots en commun')
    expect(find(fr, 'infra/storage.md')?.label).toBe('Lien depuis cette page')
    expect(find(fr, 'team/onboarding.md')?.label).toBe('Cite cette page')
    expect(find(fr, 'plans/disaster-recovery.md')?.label).toBe('Liens en commun')
    expect(
      find(related({ locale: 'fr', meaning: new Map([['ops/on-call.md', 0.9]]) }), 'ops/on-call.md')?.label,
    ).toBe('Même sujet')
  })

  it('returns at most limit results, between 1 and 20', () => {
    expect(related({ limit: 2 })).toEqual(list.slice(0, 2))
    expect(related({ limit: 0 })).toHaveLength(1)
    expect(relatedPages({ page: 'missing.md', pages, limit: 5, locale: 'en' })).toEqual([])
  })
})
