import { describe, expect, it } from 'vitest'
import { plainLine, plainPosition, proseLines } from './plain-line.ts'

const plain = (line: string) => plainLine(line).text

describe('plainLine', () => {
  it('shows emphasis, code and escapes as read', () => {
    expect(plain('The **API** is *stable*, __really__ ~~not~~ `v2` \\*ok\\*')).toBe(
      'The API is stable, really not v2 *ok*',
    )
    // Underscores inside a word are part of the word.
    expect(plain('set max_connections to 10')).toBe('set max_connections to 10')
  })

  it('keeps the words of links and images, not their addresses', () => {
    expect(plain('See [the guide](guides/setup.md "Setup") and ![a diagram](img/flow.png).')).toBe(
      'See the guide and a diagram.',
    )
    expect(plain('[[Holidays]], [[team/rules|the rules]], [ref][1], <https://example.com>')).toBe(
      'Holidays, the rules, ref, https://example.com',
    )
    expect(plain('Press <kbd>Ctrl</kbd> now')).toBe('Press Ctrl now')
    // What looks like a tag inside code is code, shown as written.
    expect(plain('Topics are named `<domain>.<event>`, <b>always</b>.')).toBe(
      'Topics are named <domain>.<event>, always.',
    )
  })

  it('drops the marks opening a line: headings, quotes, bullets, numbers, task boxes', () => {
    expect(plain('## Deploy steps ##')).toBe('Deploy steps')
    expect(plain('> > quoted')).toBe('quoted')
    expect(plain('  - [x] done')).toBe('done')
    expect(plain('12. twelfth')).toBe('twelfth')
    expect(plain('Issue #42 is open')).toBe('Issue #42 is open')
  })

  it('shows a table row as its cells, and a table divider as nothing', () => {
    expect(plain('| **API** | `GET /pages` | yes \\| no |')).toBe('API · GET /pages · yes | no')
    expect(plain('|---|:---:|')).toBe('')
  })

  it('finds a written position in the plain line', () => {
    const line = plainLine('| **API** | [docs](x.md) |')
    expect(line.text.slice(plainPosition(line, line.text.length === 0 ? 0 : 4))).toBe('API · docs')
    expect(line.text.slice(plainPosition(line, 11))).toBe('docs')
  })
})

describe('proseLines', () => {
  it('leaves front matter and fenced code as written', () => {
    const lines = ['---', 'owner: ada', '---', '# Title', '```sh', 'echo **x**', '```', 'Text']
    expect(proseLines(lines)).toEqual([false, false, false, true, false, false, false, true])
  })
})
