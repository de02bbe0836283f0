import { describe, expect, it } from 'vitest'
import { chunkPage, chunkText, fileTitle } from './chunks.ts'

describe('chunkPage', () => {
  it('cuts a page by headings, titling each chunk by its heading path', () => {
    const page = [
      '# Backups',
      '',
      'We back up every night.',
      '',
      '## Restore',
      '',
      'Run `restore.sh` from the **latest** snapshot.',
      '',
      '### Checks',
      '',
      'Compare the row counts.',
      '',
      '## Retention',
      '',
      'Thirty days.',
    ].join('\n')
    expect(chunkPage('ops/backups.md', page)).toEqual([
      { path: 'ops/backups.md', heading: 'Backups', text: 'We back up every night.' },
      {
        path: 'ops/backups.md',
        heading: 'Backups › Restore',
        text: 'Run `restore.sh` from the **latest** snapshot.',
      },
      { path: 'ops/backups.md', heading: 'Backups › Restore › Checks', text: 'Compare the row counts.' },
      { path: 'ops/backups.md', heading: 'Backups › Retention', text: 'Thirty days.' },
    ])
  })

  it('leaves out front matter and skips sections without text', () => {
    const page =
      '---\ntitle: Deploys\ntags: [ops]\n---\n# Deploys\n\n## Staging\n\n## Production\n\nTag a release.\n'
    expect(chunkPage('deploys.md', page)).toEqual([
      { path: 'deploys.md', heading: 'Deploys › Production', text: 'Tag a release.' },
    ])
  })

  it('titles a page without headings by its first line, or by its file name when that line has no words', () => {
    expect(chunkPage('notes/call.md', '**Call with Ana**\n\nShe wants the export by May.\n')).toEqual([
      {
        path: 'notes/call.md',
        heading: 'Call with Ana',
        text: '**Call with Ana**\n\nShe wants the export by May.',
      },
    ])
    expect(chunkPage('notes/team-photo.md', '![](photo.png)\n\nEveryone at the offsite.')[0]?.heading).toBe(
      'team photo',
    )
  })

  it('cuts a long first line down to a short title at a word', () => {
    const line = 'word '.repeat(40).trim()
    const [chunk] = chunkPage('long.md', line)
    expect(chunk?.heading.endsWith('…')).toBe(true)
    expect(chunk!.heading.length).toBeLessThanOrEqual(81)
    expect(chunk?.text).toBe(line)
  })

  it('titles text before the first heading by the file name', () => {
    expect(chunkPage('guides/on-call_rota.md', 'Owned by the platform team.\n\n# Rota\n\nWeekly.')).toEqual([
      { path: 'guides/on-call_rota.md', heading: 'on call rota', text: 'Owned by the platform team.' },
      { path: 'guides/on-call_rota.md', heading: 'Rota', text: 'Weekly.' },
    ])
  })

  it('returns nothing for an empty page or one with headings only', () => {
    expect(chunkPage('empty.md', '')).toEqual([])
    expect(chunkPage('empty.md', '---\ntitle: x\n---\n')).toEqual([])
    expect(chunkPage('headings.md', '# One\n\n## Two\n')).toEqual([])
  })

  it('splits a long section at paragraph boundaries, each piece under the same heading', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${i} ${'lorem ipsum '.repeat(8).trim()}.`,
    )
    const chunks = chunkPage('long.md', `# Long\n\n${paragraphs.join('\n\n')}\n`, { maxChars: 250 })
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Long')
      expect(chunk.text.length).toBeLessThanOrEqual(250)
    }
    // Nothing lost and no paragraph cut in two: rejoined, the pieces give the section back.
    expect(chunks.map((c) => c.text).join('\n\n')).toBe(paragraphs.join('\n\n'))
  })

  it('cuts a paragraph longer than the limit at sentences, then words', () => {
    const sentences = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} ends here.`).join(' ')
    const chunks = chunkPage('p.md', `# P\n\n${sentences}`, { maxChars: 100 })
    expect(chunks.length).toBeGreaterThan(5)
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(100)
      expect(chunk.text).toMatch(/^Sentence number \d+/)
      expect(chunk.text).toMatch(/ends here\.$/)
    }
    const word = 'x'.repeat(250)
    expect(chunkPage('w.md', word, { maxChars: 100 }).map((c) => c.text.length)).toEqual([100, 100, 50])
  })

  it('ignores headings inside fenced code, and keeps a code block with blank lines whole', () => {
    const page = '# Script\n\n```sh\n# not a heading\n\necho hi\n```\n\nAfter.'
    expect(chunkPage('s.md', page)).toEqual([
      { path: 's.md', heading: 'Script', text: '```sh\n# not a heading\n\necho hi\n```\n\nAfter.' },
    ])
  })

  it('reads setext headings, but not a thematic break after a blank line', () => {
    const page = 'Intro\n=====\n\nHello.\n\nDetails\n-------\n\nMore.\n\n---\n\nStill details.'
    expect(chunkPage('s.md', page)).toEqual([
      { path: 's.md', heading: 'Intro', text: 'Hello.' },
      { path: 's.md', heading: 'Intro › Details', text: 'More.\n\n---\n\nStill details.' },
    ])
  })

  it('strips inline markup, links and closing hashes from headings, and handles CRLF', () => {
    const page =
      '# The [API](https://x.test) `v2` ##\r\n\r\nText.\r\n## [[setup|Set-up]] *notes*\r\nMore.\r\n'
    expect(chunkPage('api.md', page).map((c) => c.heading)).toEqual([
      'The API v2',
      'The API v2 › Set-up notes',
    ])
    expect(chunkPage('api.md', page)[0]?.text).toBe('Text.')
  })

  it('pops back to the right level when a section is shallower than the one before', () => {
    const page = '# A\n## B\n### C\ntext c\n## D\ntext d\n# E\ntext e'
    expect(chunkPage('x.md', page).map((c) => c.heading)).toEqual(['A › B › C', 'A › D', 'E'])
  })
})

describe('chunkText', () => {
  it('splits extracted text by paragraphs into chunks titled by the file name', () => {
    const text = Array.from({ length: 10 }, (_, i) => `Page text ${i} ${'data '.repeat(30)}`).join('\n\n')
    const chunks = chunkText('docs/Annual_Report.2024.pdf', text, { maxChars: 400 })
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Annual Report 2024')
      expect(chunk.path).toBe('docs/Annual_Report.2024.pdf')
      expect(chunk.text.length).toBeLessThanOrEqual(400)
    }
  })

  it('treats form feeds as page breaks and skips blank text', () => {
    const [one, two] = ['a'.repeat(30), 'b'.repeat(30)]
    expect(chunkText('a.pdf', `${one}\f${two}`, { maxChars: 40 }).map((c) => c.text)).toEqual([one, two])
    expect(chunkText('a.pdf', '  \n\n ')).toEqual([])
  })

  it('keeps a short document in one chunk', () => {
    expect(chunkText('scan.png', 'Invoice 42\nTotal 10 EUR\n')).toEqual([
      { path: 'scan.png', heading: 'scan', text: 'Invoice 42\nTotal 10 EUR' },
    ])
  })
})

describe('fileTitle', () => {
  it('makes a file name readable', () => {
    expect(fileTitle('a/b/adr-002_kubernetes.md')).toBe('adr 002 kubernetes')
    expect(fileTitle('.env')).toBe('env')
    expect(fileTitle('README')).toBe('README')
  })
})
