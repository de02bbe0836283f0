import { describe, expect, it } from 'vitest'
import { findLinks, type LinkRef } from './find.ts'

/** Each link as [kind, target], checking that the offsets cover exactly the target text. */
function summary(markdown: string): [LinkRef['kind'], string][] {
  return findLinks(markdown).map((link) => {
    expect(markdown.slice(link.start, link.end)).toBe(link.target)
    return [link.kind, link.target]
  })
}

describe('findLinks', () => {
  it('gives the offsets of the destination only', () => {
    const page = 'See [the guide](guides/setup.md "Set up") now.'
    expect(findLinks(page)).toEqual([{ kind: 'inline', start: 16, end: 31, target: 'guides/setup.md' }])
  })

  it('finds inline links, images and reference definitions, not reference uses', () => {
    const page = [
      '# Title with [a link](a.md)',
      '',
      '- ![Logo](images/logo.png "Logo") and [b](<b page.md>)',
      '> [c](c.md#part) and [d](d.md?x=1) and [e][ref] and [ref][]',
      '',
      '[ref]: ref.md "Reference"',
      '[other]:',
      '   <other page.md>',
      '',
    ].join('\n')
    expect(summary(page)).toEqual([
      ['inline', 'a.md'],
      ['image', 'images/logo.png'],
      ['inline', 'b page.md'],
      ['inline', 'c.md#part'],
      ['inline', 'd.md?x=1'],
      ['definition', 'ref.md'],
      ['definition', 'other page.md'],
    ])
  })

  it('finds wiki links and embeds, with the target before | or #', () => {
    const page = [
      'Read [[setup]], [[guides/setup|the guide]], [[setup#Linux]], [[setup#Linux|Linux]] and ![[logo.png|200]].',
      '',
      '| Page | Note |',
      '| --- | --- |',
      '| [[setup\\|Setup]] | [[#Same page]] |',
    ].join('\n')
    expect(summary(page)).toEqual([
      ['wiki', 'setup'],
      ['wiki', 'guides/setup'],
      ['wiki', 'setup'],
      ['wiki', 'setup'],
      ['wiki', 'logo.png'],
      ['wiki', 'setup'],
    ])
  })

  it('ignores links in code spans, fenced and indented code, HTML and front matter', () => {
    const page = [
      '---',
      'title: "[a](front.md) [[front]]"',
      '---',
      '',
      'Code `[a](span.md)` and ``[[span]]``.',
      '',
      '```md',
      '[a](fenced.md) [[fenced]]',
      '```',
      '',
      '    [a](indented.md) [[indented]]',
      '',
      '<div>[[html]] <a href="html.md">x</a></div>',
      '',
      'Real [[real]] and [b](real.md).',
    ].join('\n')
    expect(summary(page)).toEqual([
      ['wiki', 'real'],
      ['inline', 'real.md'],
    ])
  })

  it('ignores external links and same-page anchors', () => {
    const page = [
      '<https://example.com/a.md> https://example.com/b.md www.example.com <me@example.com>',
      '[web](https://example.com/c.md) [mail](mailto:me@example.com) [top](#top) [cdn](//cdn.example.com/d.png)',
      '[[https://example.com]] [[#Heading]]',
      '',
      '[site]: https://example.com',
    ].join('\n')
    expect(findLinks(page)).toEqual([])
  })

  it('is not fooled by brackets in link text, titles or escapes', () => {
    const page = [
      '[a `](` b](one.md) [nested [brackets] here](two.md) \\[not a link](no.md) [esc \\] x](three.md)',
      '[![badge](badge.png)](four.md) [t](five.md "title ](x.md)") \\[[not wiki]] [[wiki|a ] b]]',
      '[multi',
      'line](six.md)',
    ].join('\n')
    expect(summary(page)).toEqual([
      ['inline', 'one.md'],
      ['inline', 'two.md'],
      ['inline', 'three.md'],
      ['image', 'badge.png'],
      ['inline', 'four.md'],
      ['inline', 'five.md'],
      ['wiki', 'wiki'],
      ['inline', 'six.md'],
    ])
  })

  it('counts offsets in UTF-16 across CRLF line endings, astral characters and a byte order mark', () => {
    const page = '\uFEFF# 🚀 Title\r\n\r\nText 😀 [a](a.md)\r\n[[b]]\r\n\r\n[c]: c.md\r\n'
    expect(summary(page)).toEqual([
      ['inline', 'a.md'],
      ['wiki', 'b'],
      ['definition', 'c.md'],
    ])
  })

  it('gives nothing for a page without links', () => {
    expect(findLinks('')).toEqual([])
    expect(findLinks('Just [brackets] and [[unclosed.')).toEqual([])
  })
})
