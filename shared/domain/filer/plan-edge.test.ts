import { describe, expect, it } from 'vitest'
import { TODAY } from '../../testing/fixtures/filer/judge.ts'
import { HOUSEHOLD_WIKI, OPS_WIKI } from '../../testing/fixtures/filer/wikis.ts'
import { buildIndex, planFiling } from './plan.ts'
import type { FilerNote, FilerPage, FilingInput } from './types.ts'

const opsInput = (
  pages: FilerPage[] = OPS_WIKI.pages,
  notes = OPS_WIKI.cases.map((c) => c.note),
): FilingInput => ({
  notes,
  pages,
  vocation: OPS_WIKI.vocation,
  today: TODAY,
})

const destinations = (input: FilingInput) =>
  planFiling(input).operations.map((o) => (o.kind === 'leave' ? 'leave' : `${o.kind} ${o.path}`))

describe('planFiling is deterministic', () => {
  it('gives the same plan for the same input', () => {
    expect(planFiling(opsInput())).toEqual(planFiling(opsInput()))
  })

  it('does not depend on the order of the pages', () => {
    const reversed = [...OPS_WIKI.pages].reverse()
    const shuffled = OPS_WIKI.pages.map((p, i) => ({ p, k: (i * 7) % 19 })).sort((a, b) => a.k - b.k)
    expect(planFiling(opsInput(reversed))).toEqual(planFiling(opsInput()))
    expect(planFiling(opsInput(shuffled.map((x) => x.p)))).toEqual(planFiling(opsInput()))
  })
})

describe('pages with CRLF line ends', () => {
  const crlf = OPS_WIKI.pages.map((p) => ({ path: p.path, text: p.text.replace(/\n/g, '\r\n') }))

  it('are filed into exactly as their LF twins', () => {
    expect(destinations(opsInput(crlf))).toEqual(destinations(opsInput()))
  })

  it('have their front matter title and headings read', () => {
    const titles = buildIndex(crlf).pages.map((p) => p.title)
    expect(titles).toContain('API gateway')
    expect(titles).toContain('ADR 003: Feature flags with LaunchDarkly')
    expect(titles).toContain('Restoring a database')
  })

  it('get their sections appended with CRLF line ends', () => {
    const note: FilerNote = {
      name: 'n.md',
      title: 'Redis memory',
      text: 'maxmemory raised to 8 GB\non the cache cluster',
      hint: '',
    }
    const [op] = planFiling(opsInput(crlf, [note])).operations
    expect(op).toEqual({
      kind: 'append',
      note: 'n.md',
      path: 'services/redis.md',
      text: `\r\n## Redis memory (${TODAY})\r\n\r\nmaxmemory raised to 8 GB\r\non the cache cluster\r\n`,
    })
  })
})

describe('front matter titles', () => {
  it('name a page that has no heading of its own', () => {
    const index = buildIndex(OPS_WIKI.pages)
    expect(index.pages.find((p) => p.path === 'decisions/adr-002-kubernetes.md')?.title).toBe(
      'ADR 002: Run services on Kubernetes',
    )
  })

  it('draw a note that names the page', () => {
    const note: FilerNote = {
      name: 'n.md',
      title: 'LaunchDarkly feature flags',
      text: 'We now have 140 feature flags in LaunchDarkly; half are older than the expiry date the decision asks for.',
      hint: '',
    }
    expect(planFiling(opsInput(OPS_WIKI.pages, [note])).operations[0]).toMatchObject({
      kind: 'append',
      path: 'decisions/adr-003-feature-flags.md',
    })
  })
})

describe('long notes', () => {
  const paragraph =
    'The nightly pg_dump backups to the S3 bucket failed again; the backup-freshness alert fired at 03:00. ' +
    'The CronJob logs show the replica was behind, so the dump was retried and the retention rule kept the old ones. '
  const tail = 'Unrelated tail: lunch, weather, football, holidays.'
  const text = `${`${paragraph}\n\n`.repeat(200)}${tail}`
  const note: FilerNote = { name: 'long.md', title: 'Backup failures this month', text, hint: '' }

  it('are filed on their topic, whole and unchanged', () => {
    const [op] = planFiling(opsInput(OPS_WIKI.pages, [note])).operations
    expect(op).toEqual({
      kind: 'append',
      note: 'long.md',
      path: 'runbooks/backups.md',
      text: `\n## Backup failures this month (${TODAY})\n\n${text}\n`,
    })
  })

  it('get a title and a file name of reasonable length when they have none', () => {
    const [op] = planFiling(opsInput(OPS_WIKI.pages, [{ ...note, title: '', hint: 'archive/' }])).operations
    expect(op?.kind).toBe('create')
    if (op?.kind !== 'create') return
    expect(op.path).toBe('archive/the-nightly-pg-dump-backups-to-the-s3-bucket-failed-again.md')
    expect(op.text.split('\n')[0]).toBe(
      '# The nightly pg_dump backups to the S3 bucket failed again; the backup-freshness…',
    )
  })

  it('of one word repeated are too thin to file', () => {
    const [op] = planFiling(
      opsInput(OPS_WIKI.pages, [{ ...note, title: '', text: 'backup '.repeat(300) }]),
    ).operations
    expect(op?.kind).toBe('leave')
  })
})

describe('appended sections', () => {
  it('hold each note’s text exactly as written, under its title and date', () => {
    for (const wiki of [OPS_WIKI, HOUSEHOLD_WIKI]) {
      const notes = wiki.cases.map((c) => c.note)
      const plan = planFiling({ notes, pages: wiki.pages, vocation: wiki.vocation, today: TODAY })
      plan.operations.forEach((op, i) => {
        const n = notes[i]!
        if (op.kind !== 'append') return
        expect(op.text, n.name).toBe(`\n## ${n.title} (${TODAY})\n\n${n.text}\n`)
      })
    }
  })
})

describe('the vocation', () => {
  const pages: FilerPage[] = [
    {
      path: 'guides/vpn.md',
      text: '# VPN\n\nInstall the WireGuard client, import the profile from the portal and connect to the office network.\n',
    },
    {
      path: 'guides/printer.md',
      text: '# Printer\n\nAdd the office printer from the settings; the driver installs itself on the office network.\n',
    },
    {
      path: 'reference/network.md',
      text: '# Network\n\nOffice network ranges, WireGuard endpoints, the printer subnet and the client limits.\n',
    },
    {
      path: 'reference/laptops.md',
      text: '# Laptops\n\nLaptop models, the client software installed on each and the office profile.\n',
    },
  ]
  const note: FilerNote = {
    name: 'wifi.md',
    title: 'Wi-Fi',
    text: 'Step by step procedure: open the settings, pick the office network, install the client profile from the portal.',
    hint: '',
  }
  const plan = (vocation: string) =>
    planFiling({ notes: [note], pages, vocation, today: TODAY }).operations[0]

  it('tips a note that two folders fit equally towards the one it describes', () => {
    expect(plan('')).toMatchObject({ kind: 'leave' })
    expect(
      plan('guides/ holds step-by-step procedures. reference/ holds tables, limits and inventories.'),
    ).toMatchObject({
      kind: 'create',
      path: 'guides/wi-fi.md',
    })
  })
})

describe('a large space', () => {
  // Its time is a figure of `npm run bench -- filer`, not a test's: a loaded machine is no failure.
  it('plans 100 notes against 1,000 pages, one decision for each note', () => {
    const pages = Array.from({ length: 1000 }, (_, i) => {
      const base = OPS_WIKI.pages[i % OPS_WIKI.pages.length]!
      return { path: `area-${i % 37}/page-${i}.md`, text: `${base.text}\nTopic ${i % 97}, item ${i % 13}.\n` }
    })
    const notes = Array.from({ length: 100 }, (_, i) => ({
      ...OPS_WIKI.cases[i % OPS_WIKI.cases.length]!.note,
      name: `${i}.md`,
    }))
    const plan = planFiling({ notes, pages, vocation: OPS_WIKI.vocation, today: TODAY })
    expect(plan.operations).toHaveLength(100)
    expect(new Set(plan.operations.map((operation) => operation.note)).size).toBe(100)
  })
})
