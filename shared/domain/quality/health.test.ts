import { describe, expect, it } from 'vitest'
import { closestPath, editDistance } from './closest.ts'
import { type HealthInput, pageLinkResolver, wikiHealth } from './health.ts'

const lines = (...rows: string[]): string => rows.join('\n')
const at = (date: string): number => Date.parse(`${date}T12:00:00Z`)
const now = at('2026-11-02')

const pages: HealthInput['pages'] = [
  {
    path: 'index.md',
    lastChange: at('2026-10-20'),
    markdown: lines(
      '# Ops wiki',
      '',
      'Start with [backups](ops/backups.md), the [[restore-runbook]] and [onboarding](team/onboarding.md).',
      'All guides: [guides](guides/). Upstream: [restic](https://restic.net). [Top](#ops-wiki)',
    ),
  },
  {
    path: 'ops/backups.md',
    lastChange: at('2026-09-01'),
    markdown: lines(
      '---',
      'owner: alice',
      'verified: 2026-01-10',
      '---',
      '# Backups',
      '',
      'Nightly restic snapshots, kept as the [retention policy](retention-policy.md) says.',
      'To get files back, follow the [restore runbook](restore-runbook.md) (or [[restore-runbook]] again).',
      '',
      '![Flow](../images/backup-flow.png) ![Old flow](../images/backup-flow-v1.png) [Policy](../files/policy.pdf)',
    ),
  },
  {
    path: 'ops/restore-runbook.md',
    lastChange: at('2026-10-30'),
    markdown: lines(
      '---',
      'verified: 2026-10-30',
      '---',
      '# Restore runbook',
      '',
      'Pick a snapshot from the [[backups]] list and restore it to a scratch folder first.',
    ),
  },
  {
    path: 'ops/retention-policies.md',
    lastChange: at('2026-08-15'),
    markdown: lines('---', 'title: Retention policies', '---', 'Daily for 7 days, weekly for 5 weeks.'),
  },
  {
    path: 'team/onboarding.md',
    lastChange: at('2026-03-01'),
    markdown: lines(
      '---',
      'owner: bob',
      'verified: 2026-10-01',
      'review_every: 1y',
      '---',
      '# Onboarding',
      '',
      'Day one: read the [setup guide](setup.md) and ask for access. [[Payroll]] is elsewhere.',
    ),
  },
  {
    path: 'guides/setup.md',
    lastChange: at('2026-10-01'),
    markdown: lines('Install the CLI, then log in.', '', 'Setup', '====='),
  },
  {
    path: 'guides/README.md',
    lastChange: at('2026-10-01'),
    markdown: '# Guides\n\nSee [setup](setup.md).\n',
  },
  {
    path: 'drafts/todo.md',
    lastChange: at('2025-12-24'),
    markdown: lines('---', 'title: To do', '---', '# To do', '', '## Later', '<!-- fill in -->', ''),
  },
  {
    path: 'drafts/scratch.md',
    lastChange: at('2026-05-01'),
    markdown: lines('', '```sh', '# only a command', 'restic snapshots', '```'),
  },
]

const files = [...pages.map((page) => page.path), 'images/backup-flow.png', 'files/policy.pdf']
const input: HealthInput = { pages, files, spaceReviewEvery: '6m', now, months: 6, limit: 50 }

describe('wikiHealth', () => {
  const health = wikiHealth(input)

  it('finds broken links and suggests the page or file that was most likely meant', () => {
    expect(health.broken).toEqual([
      { page: 'ops/backups.md', link: 'retention-policy.md', suggestion: 'ops/retention-policies.md' },
      { page: 'ops/backups.md', link: '../images/backup-flow-v1.png', suggestion: 'images/backup-flow.png' },
      { page: 'team/onboarding.md', link: 'setup.md', suggestion: 'guides/setup.md' },
      { page: 'team/onboarding.md', link: 'Payroll', suggestion: null },
    ])
  })

  it('takes links to non-Markdown files as working when it does not know the files', () => {
    const withoutFiles = wikiHealth({ ...input, files: undefined })
    expect(withoutFiles.broken.map((b) => b.link)).toEqual(['retention-policy.md', 'setup.md', 'Payroll'])
  })

  it('lists pages no other page links to, never entry pages', () => {
    // guides/setup.md is only linked from guides/README.md, which counts; the README itself is never listed.
    expect(health.orphans).toEqual(['drafts/scratch.md', 'drafts/todo.md', 'ops/retention-policies.md'])
  })

  it('lists empty pages (only front matter, headings and comments) and pages without a title', () => {
    expect(health.empty).toEqual(['drafts/todo.md'])
    // retention-policies has a front matter title, setup a setext heading.
    expect(health.untitled).toEqual(['drafts/scratch.md'])
  })

  it('lists pages not changed for the given number of months, oldest first', () => {
    expect(health.stale).toEqual([
      { page: 'drafts/todo.md', date: '2025-12-24' },
      { page: 'team/onboarding.md', date: '2026-03-01' },
      { page: 'drafts/scratch.md', date: '2026-05-01' },
    ])
    expect(wikiHealth({ ...input, months: 12 }).stale).toEqual([])
    expect(wikiHealth({ ...input, months: 10 }).stale.map((s) => s.page)).toEqual(['drafts/todo.md'])
  })

  it('lists verifications past their review date and verified pages without owner', () => {
    expect(health.due).toEqual([
      { path: 'ops/backups.md', owner: 'alice', verified: '2026-01-10', due: '2026-07-10' },
    ])
    expect(health.unowned).toEqual(['ops/restore-runbook.md'])
    expect(health.counts).toEqual({
      broken: 4,
      orphans: 3,
      empty: 1,
      untitled: 1,
      stale: 3,
      due: 1,
      unowned: 1,
      verified: 2,
    })
  })

  it('counts before cutting each list to the limit', () => {
    const cut = wikiHealth({ ...input, limit: 1 })
    expect(cut.broken).toHaveLength(1)
    expect(cut.orphans).toEqual(['drafts/scratch.md'])
    expect(cut.counts).toEqual(health.counts)
  })

  it('does not depend on the order of the pages', () => {
    expect(wikiHealth({ ...input, pages: [...pages].reverse() })).toEqual(health)
  })
})

describe('pageLinkResolver', () => {
  it('resolves each internal link once, in source order, null when nothing is there', () => {
    const backups = pages[1]!
    expect(pageLinkResolver(files)(backups.path, backups.markdown)).toEqual([
      { target: 'retention-policy.md', resolved: null, wiki: false },
      { target: 'restore-runbook.md', resolved: 'ops/restore-runbook.md', wiki: false },
      { target: 'restore-runbook', resolved: 'ops/restore-runbook.md', wiki: true },
      { target: '../images/backup-flow.png', resolved: 'images/backup-flow.png', wiki: false },
      { target: '../images/backup-flow-v1.png', resolved: null, wiki: false },
      { target: '../files/policy.pdf', resolved: 'files/policy.pdf', wiki: false },
    ])
  })

  it('resolves against each list of files as given, not an earlier one', () => {
    const markdown = 'See [[setup]] and [the policy](policy.md).'
    const before = ['index.md', 'guides/setup.md']
    expect(pageLinkResolver(before)('index.md', markdown)).toEqual([
      { target: 'setup', resolved: 'guides/setup.md', wiki: true },
      { target: 'policy.md', resolved: null, wiki: false },
    ])
    const after = [...before, 'setup.md', 'policy.md']
    expect(pageLinkResolver(after)('index.md', markdown)).toEqual([
      { target: 'setup', resolved: 'setup.md', wiki: true },
      { target: 'policy.md', resolved: 'policy.md', wiki: false },
    ])
  })

  it('resolves links to folders and leaves out external links and anchors', () => {
    const index = pages[0]!
    expect(pageLinkResolver(files)(index.path, index.markdown).map((link) => link.resolved)).toEqual([
      'ops/backups.md',
      'ops/restore-runbook.md',
      'team/onboarding.md',
      'guides',
    ])
  })
})

describe('closestPath', () => {
  const paths = ['ops/backups.md', 'ops/restore-runbook.md', 'guides/setup.md', 'archive/setup.md', 'faq.md']

  it('finds a near name or the same name in another folder, nearest folder first', () => {
    expect(closestPath('ops/restore-runbok.md', paths)).toBe('ops/restore-runbook.md')
    expect(closestPath('ops/Backup.md', paths)).toBe('ops/backups.md')
    expect(closestPath('guides/team/setup.md', paths)).toBe('guides/setup.md')
    expect(closestPath('Set-Up', paths)).toBe('archive/setup.md')
  })

  it('finds a name with two letters swapped, the commonest typo, even a short one', () => {
    expect(closestPath('deplyo.md', ['index.md', 'deploy.md', 'runbooks/deploy-v2.md'])).toBe('deploy.md')
    expect(closestPath('ops/bakcups.md', paths)).toBe('ops/backups.md')
    expect(closestPath('fqa.md', paths)).toBe('faq.md')
  })

  it('suggests nothing for an unrelated or empty name', () => {
    expect(closestPath('ops/payroll.md', paths)).toBeNull()
    expect(closestPath('api.md', paths)).toBeNull()
    expect(closestPath('.md', paths)).toBeNull()
  })

  it('measures edit distance, stopping early past a bound', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
    expect(editDistance('deplyo', 'deploy')).toBe(1)
    expect(editDistance('abcdef', 'badcfe', 2)).toBe(3)
    expect(editDistance('abcdef', 'badcfe')).toBe(3)
  })
})
