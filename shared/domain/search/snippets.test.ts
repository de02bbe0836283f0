import { describe, expect, it } from 'vitest'
import type { TextPattern } from '../text-pattern.ts'
import { queryTerms } from './query-terms.ts'
import {
  headingSnippets,
  MAX_PATTERN_MATCHES,
  regexSnippets,
  SNIPPET_CHARS,
  wordSnippets,
} from './snippets.ts'

const DEPLOYMENTS = [
  '# Deployments',
  '',
  'We deploy to production every Tuesday afternoon.',
  'The pipeline builds the image, runs the tests, then rolls out region by region.',
  'If a deployment fails, the previous release is restored automatically.',
  '',
  'See also the backups page.',
].join('\n')

/** A plain-substring pattern, to test the snippet rules without the regular-expression engine. */
function literal(needle: string): TextPattern {
  return {
    test: (text) => text.includes(needle),
    *matchStarts(text) {
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + Math.max(needle.length, 1)))
        yield at
    },
  }
}

describe('wordSnippets', () => {
  it('gives up to three lines, most distinct query words first, with their neighbours', () => {
    expect(wordSnippets(DEPLOYMENTS, queryTerms('deployment restored'), 'en')).toEqual([
      {
        line: 5,
        text: 'If a deployment fails, the previous release is restored automatically.',
        before: 'The pipeline builds the image, runs the tests, then rolls out region by region.',
        after: '',
      },
      { line: 1, text: '# Deployments', before: '', after: '' },
      {
        line: 3,
        text: 'We deploy to production every Tuesday afternoon.',
        before: '',
        after: 'The pipeline builds the image, runs the tests, then rolls out region by region.',
      },
    ])
    expect(wordSnippets(DEPLOYMENTS, queryTerms('deploying'), 'en').map((s) => s.line)).toEqual([1, 3, 5])
  })

  it('matches accents, case and the stems of the text’s language', () => {
    const text = 'Intro\nLa CHAUDIÈRE est révisée.\nFin'
    expect(wordSnippets(text, queryTerms('chaudieres'), 'fr')).toEqual([
      { line: 2, text: 'La CHAUDIÈRE est révisée.', before: 'Intro', after: 'Fin' },
    ])
  })

  it('matches only whole words, or the start of the word being typed', () => {
    expect(wordSnippets('a redeployment\nthe deployment', queryTerms('deploy '), 'en')).toEqual([
      { line: 2, text: 'the deployment', before: 'a redeployment', after: '' },
    ])
    expect(wordSnippets('the deployment', queryTerms('deplo'), 'en')).toHaveLength(1)
    expect(wordSnippets('the deployment', queryTerms('deplo '), 'en')).toEqual([])
  })

  it('cuts a long line around its first match and its neighbours on their near side', () => {
    const long = `${'filler words here '.repeat(30)}the needle is here ${'and more text '.repeat(30)}`
    const neighbour = 'x'.repeat(SNIPPET_CHARS + 50)
    const [s] = wordSnippets(`${neighbour}\n${long}\n${neighbour}`, queryTerms('needle'), 'en')
    expect(s!.line).toBe(2)
    expect(s!.text.startsWith('…')).toBe(true)
    expect(s!.text.endsWith('…')).toBe(true)
    expect(s!.text.length).toBe(SNIPPET_CHARS + 2)
    expect(s!.text.indexOf('needle')).toBe(61)
    expect(s!.before).toBe(`…${'x'.repeat(SNIPPET_CHARS)}`)
    expect(s!.after).toBe(`${'x'.repeat(SNIPPET_CHARS)}…`)
  })

  it('drops the carriage returns of Windows line ends', () => {
    expect(wordSnippets('one\r\ntwo needle\r\nthree\r\n', queryTerms('needle'), 'en')).toEqual([
      { line: 2, text: 'two needle', before: 'one', after: 'three' },
    ])
  })

  it('gives nothing without terms or matching lines', () => {
    expect(wordSnippets(DEPLOYMENTS, [], 'en')).toEqual([])
    expect(wordSnippets(DEPLOYMENTS, queryTerms('kubernetes'), 'en')).toEqual([])
  })
})

describe('regexSnippets', () => {
  it('gives up to three distinct lines and counts every match', () => {
    const { snippets, count } = regexSnippets(DEPLOYMENTS, literal('the'))
    expect(snippets.map((s) => s.line)).toEqual([4, 5, 7])
    expect(count).toBe(5)
    expect(snippets[0]).toEqual({
      line: 4,
      text: 'The pipeline builds the image, runs the tests, then rolls out region by region.',
      before: 'We deploy to production every Tuesday afternoon.',
      after: 'If a deployment fails, the previous release is restored automatically.',
    })
  })

  it('numbers a match spanning lines by the line it starts on', () => {
    const { snippets } = regexSnippets(DEPLOYMENTS, literal('afternoon.\nThe'))
    expect(snippets.map((s) => s.line)).toEqual([3])
  })

  it('stops counting at a bound', () => {
    expect(regexSnippets('a'.repeat(MAX_PATTERN_MATCHES * 2), literal('a')).count).toBe(MAX_PATTERN_MATCHES)
  })

  it('gives nothing when the pattern does not match', () => {
    expect(regexSnippets(DEPLOYMENTS, literal('kubernetes'))).toEqual({ snippets: [], count: 0 })
  })
})

describe('headingSnippets', () => {
  const page =
    '---\ntitle: Ops\n---\n# Ops\n\nIntro line.\n\n## Restore\n\nCopy the dump back.\nThen check.\n'

  it('shows the first line under the heading of the section that matched', () => {
    expect(headingSnippets(page, 'Ops › Restore')).toEqual([
      { line: 10, text: 'Copy the dump back.', before: '', after: 'Then check.' },
    ])
  })

  it('falls back to the first line with content under the page’s first line', () => {
    expect(headingSnippets(page, 'Ops › Missing')).toEqual([
      { line: 2, text: 'title: Ops', before: '---', after: '---' },
    ])
    expect(headingSnippets('# Ops\n\nIntro line.', undefined)).toEqual([
      { line: 3, text: 'Intro line.', before: '', after: '' },
    ])
  })

  it('cuts a long line and gives nothing for an empty text', () => {
    const [s] = headingSnippets('y'.repeat(500), undefined)
    expect(s!.text).toHaveLength(SNIPPET_CHARS)
    expect(headingSnippets('', 'Ops')).toEqual([])
  })
})

describe('snippets of a Markdown page', () => {
  const PAGE = [
    '# Endpoints',
    '',
    '| Name | Purpose |',
    '|------|---------|',
    '| **API** | The [public API](api.md) for [[Clients]] |',
    '',
    '```',
    'curl **API**',
    '```',
  ].join('\n')

  it('show the text as read, on the line it was written on', () => {
    expect(wordSnippets(PAGE, queryTerms('API'), 'en', true)[0]).toEqual({
      line: 5,
      text: 'API · The public API for Clients',
      before: '',
      after: '',
    })
    expect(regexSnippets(PAGE, literal('public'), true).snippets[0]).toEqual({
      line: 5,
      text: 'API · The public API for Clients',
      before: '',
      after: '',
    })
    // Code stays as written.
    expect(wordSnippets(PAGE, queryTerms('curl'), 'en', true)[0]?.text).toBe('curl **API**')
    expect(headingSnippets('# Intro\n\nThe **fast** path.\n', 'Intro', true)[0]?.text).toBe('The fast path.')
  })

  it('cut a long line around the match in the text as read', () => {
    const long = `${'[filler](filler.md) '.repeat(30)}the **needle** here ${'word '.repeat(60)}`
    const [hit] = wordSnippets(long, queryTerms('needle'), 'en', true)
    expect(hit?.text).toContain('the needle here')
    expect(hit?.text).not.toContain('](')
    expect(hit?.text.length).toBeLessThanOrEqual(SNIPPET_CHARS + 2)
  })

  it('are left as written for other files', () => {
    expect(wordSnippets('a **API** b', queryTerms('API'), 'en')[0]?.text).toBe('a **API** b')
  })
})
