import { describe, expect, it } from 'vitest'
import { note, PAGES } from '../../testing/fixtures/filer/garden-and-mail.ts'
import { planFiling } from './plan.ts'
import { termsIn } from './terms.ts'
import type { FilerNote, NoteMeaning } from './types.ts'

const WATERING = note(
  'water',
  'Watering at the foot',
  'Water weekly at the foot, never on the leaves, and more often in summer.',
)

/** Meaning that puts the note this close to the best chunk of each page. */
function closeTo(roses: number, tulips: number): NoteMeaning {
  return {
    chunks: new Map([
      ['garden/roses.md', [roses, roses - 0.2]],
      ['garden/tulips.md', [tulips, tulips - 0.2]],
    ]),
    nearest:
      roses > tulips ? ['garden/roses.md', 'garden/tulips.md'] : ['garden/tulips.md', 'garden/roses.md'],
  }
}

function plan(notes: FilerNote[], meaning?: Map<string, NoteMeaning>, pages = PAGES) {
  return planFiling({
    notes,
    pages,
    vocation: '',
    today: '2026-01-01',
    ...(meaning ? { meaning } : {}),
  }).operations
}

describe('the built-in filer’s confidence', () => {
  it('leaves a note two pages compete for, naming both for the person to pick', () => {
    expect(plan([WATERING])[0]).toEqual({
      kind: 'leave',
      note: 'water',
      reason:
        'This note could go to garden/roses.md or garden/tulips.md; none of them is clearly the place for it. Pick one or add a hint.',
      candidates: ['garden/roses.md', 'garden/tulips.md'],
    })
  })

  it('names the candidates in French for a French note', () => {
    const pages = [
      {
        path: 'jardin/roses.md',
        text: '# Roses\n\nTailler les rosiers en mars. Arroser les rosiers chaque semaine en été, au pied.\n',
      },
      {
        path: 'jardin/tulipes.md',
        text: '# Tulipes\n\nPlanter les bulbes en octobre. Arroser les tulipes chaque semaine au printemps, au pied.\n',
      },
    ]
    const watering = note(
      'arrosage',
      'Arrosage au pied',
      'Arroser chaque semaine au pied, jamais sur les feuilles.',
    )
    const [op] = planFiling({ notes: [watering], pages, vocation: '', today: '2026-01-01' }).operations
    expect(op).toEqual({
      kind: 'leave',
      note: 'arrosage',
      reason:
        'Cette note pourrait aller dans jardin/roses.md ou jardin/tulipes.md ; aucune de ces pages ne l’emporte nettement. Choisissez-en une ou ajoutez une indication.',
      candidates: ['jardin/roses.md', 'jardin/tulipes.md'],
    })
  })

  it('appends the note to the page its meaning backs in a close race, and not when it points elsewhere', () => {
    expect(plan([WATERING], new Map([['water', closeTo(0.8, 0.6)]]))[0]).toMatchObject({
      kind: 'append',
      path: 'garden/roses.md',
    })
    expect(plan([WATERING], new Map([['water', closeTo(0.6, 0.8)]]))[0]).toMatchObject({ kind: 'leave' })
  })

  it('appends a note to the one page that documents a name it writes', () => {
    const cancel = note(
      'cancel',
      'Cancel a slow message',
      'Pass an AbortSignal to sendMail so that a message that hangs over SMTP is given up.',
    )
    expect(plan([cancel])[0]).toMatchObject({ kind: 'append', path: 'mail/sending.md' })
  })

  it('gives a note to the runner-up by words when only that page holds the names it writes', () => {
    const pages = [
      {
        path: 'project/overview.md',
        text: '# Overview\n\nThe web app shows the history of every page in the browser: its commits and who made them.\n\n## Search\n\nSearch by words and meaning.\n',
      },
      {
        path: 'libraries/git.md',
        text: '# Git in JavaScript\n\nClone a repository and commit. Read the log of a branch. In the browser the repository lives in LightningFS.\n',
      },
    ]
    const history = note(
      'history',
      'History in the browser',
      'Show the history of commits of a page in the browser, from a repository kept there.',
    )
    const named = {
      ...history,
      name: 'named',
      text: history.text.replace('kept there', 'kept in LightningFS'),
    }
    const [plain, withName] = planFiling({
      notes: [history, named],
      pages,
      vocation: '',
      today: '2026-01-01',
    }).operations
    expect(plain).toMatchObject({ kind: 'append', path: 'project/overview.md' })
    expect(withName).toMatchObject({ kind: 'append', path: 'libraries/git.md' })
  })

  it('never starts a page for a note in another language than the space: it is left to a person', () => {
    const [op] = plan([
      note('fr', 'Arrosage des bulbes', 'Arroser les bulbes chaque semaine au printemps, au pied.'),
    ])
    expect(op).toMatchObject({ kind: 'leave' })
  })

  it('offers the best page by its words first, even when it never uses the words of the note’s title', () => {
    // A section titled "Retention" (or "Notes", "Usage") names no page: the pages saying "retention"
    // compete for it, but the note's words are the backups page's.
    const pages = [
      {
        path: 'ops/backups.md',
        text: '# Backups\n\nNightly restic snapshots of the postgres volumes go to the S3 bucket. restic prune runs weekly, and restic check verifies the snapshots every month.\n',
      },
      {
        path: 'ops/logs.md',
        text: '# Logs\n\nLog retention is 14 days in Loki. Nightly snapshots of the audit logs are kept every month.\n',
      },
      {
        path: 'ops/metrics.md',
        text: '# Metrics\n\nMetrics retention is 90 days in Prometheus. Nightly snapshots of older metrics are kept every month.\n',
      },
      { path: 'ops/deploy.md', text: '# Deploy\n\nDeploys go through the pipeline on merge.\n' },
    ]
    const retention = note(
      'retention',
      'Retention',
      'Nightly restic snapshots are kept 30 days, then restic prune drops them; restic check still runs every month.',
    )
    const [operation] = plan([retention], undefined, pages)
    expect(operation).toMatchObject({
      kind: 'leave',
      candidates: ['ops/backups.md', 'ops/logs.md', 'ops/metrics.md'],
    })
  })

  it('files a note into the page using its words often, not a long page naming each of them once', () => {
    const options = Array.from(
      { length: 40 },
      (_, i) => `Option ${i} sets flag${i} on the socket at level ${i}.`,
    )
    const pages = [
      {
        path: 'manual/socket.md',
        text: `# socket\n\nThe socket interface: datagram and stream sockets, checksum offload, port numbers, timeouts and buffers. ${options.join(' ')}\n`,
      },
      {
        path: 'manual/udp.md',
        text: '# udp\n\nA UDP datagram carries a checksum. The checksum covers the datagram header and the datagram data; a zero checksum means none.\n',
      },
      { path: 'manual/tcp.md', text: '# tcp\n\nTCP streams with retransmission and congestion control.\n' },
    ]
    const checksums = note(
      'checksums',
      'Checksums',
      'A datagram whose checksum is wrong is dropped; the port and the buffers are not involved.',
    )
    const [operation] = plan([checksums], undefined, pages)
    expect(operation).toMatchObject({ kind: 'append', path: 'manual/udp.md' })
  })
})

describe('termsIn', () => {
  it('files a note titled as a kind of section ("Usage") into its page, though that page has no such section', () => {
    const libraries = ['zstd', 'sqlite', 'yaml', 'markdown', 'imagemagick', 'ffmpeg'].map((name) => ({
      path: `libraries/${name}.md`,
      text: `# ${name}\n\nBindings for ${name}.\n\n## Usage\n\nCall open() with the ${name} file.\n\n## Options\n\nSee the ${name} manual.\n`,
    }))
    const csv = {
      path: 'libraries/csv-parse.md',
      text: '# csv-parse\n\nReads CSV into records.\n\n## Options\n\n`delimiter` sets the separator, `columns` names the fields, `quote` the quoting character.\n',
    }
    const usage = note(
      'usage',
      'Usage',
      'Call parse() on the CSV text with a delimiter and columns: each record comes back with its fields named, quotes removed.',
    )
    expect(plan([usage], undefined, [...libraries, csv])[0]).toMatchObject({
      kind: 'append',
      path: 'libraries/csv-parse.md',
    })
    // A title that heads no section elsewhere names a subject: a page that never uses it is not the place.
    const few = [libraries[0]!, csv]
    expect(plan([usage], undefined, few)[0]).toMatchObject({ kind: 'leave' })
  })

  it('meets a page’s word stemmed in the other language when only that stem is known', () => {
    const known = new Map([['transaction', 1]])
    expect(termsIn('une transaction', 'fr', known)).toEqual(['transaction'])
  })
})
