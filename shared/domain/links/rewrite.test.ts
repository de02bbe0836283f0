import { describe, expect, it } from 'vitest'
import { moveRewriter } from './rewrite.ts'

/**
 * The pages whose text changes when the files of `moves` move together, keyed by their path after
 * the moves, as a move's commit takes them: `pages` by their path before.
 */
function rewriteAfterMoves(
  pages: ReadonlyMap<string, string>,
  moves: ReadonlyMap<string, string>,
  allPaths: readonly string[],
  folder?: string,
): Map<string, string> {
  const rewrite = moveRewriter(moves, allPaths, folder)
  const changed = new Map<string, string>()
  for (const [path, markdown] of pages) {
    const next = rewrite(path, markdown)
    if (next !== undefined) changed.set(moves.get(path) ?? path, next)
  }
  return changed
}

/** The pages that change when `from` moves to `to` (`paths`: the space's files before the move). */
const afterMove = (pages: ReadonlyMap<string, string>, from: string, to: string, paths: readonly string[]) =>
  rewriteAfterMoves(pages, new Map([[from, to]]), paths)

/** Page `pagePath`'s text once `from` moved to `to`, as it is when the move leaves it alone. */
const linksAfterMove = (
  markdown: string,
  pagePath: string,
  from: string,
  to: string,
  paths: readonly string[],
) =>
  afterMove(new Map([[pagePath, markdown]]), from, to, paths).get(pagePath === from ? to : pagePath) ??
  markdown

/** The moved page's own text once it moved from `from` to `to`. */
const ownLinksAfterMove = (markdown: string, from: string, to: string, paths: readonly string[]) =>
  linksAfterMove(markdown, from, from, to, paths)

const lines = (...rows: string[]): string => rows.join('\n')

const all = [
  'index.md',
  'guides/setup.md',
  'guides/install.md',
  'archive/install.md',
  'reference/api.md',
  'images/logo.png',
]

describe('links to a moved file', () => {
  it('points inline links and definitions at the new place, keeping anchors, queries and titles', () => {
    const page = lines(
      '# Welcome',
      '',
      'Start with [the *setup* guide](guides/setup.md#first-steps "Setup") or [install](guides/install.md).',
      'Again: [setup](guides/setup.md?tab=linux#top).',
      '',
      'See [the guide][setup] and [setup][].',
      '',
      '[setup]: guides/setup.md  "Set up"',
      '',
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'handbook/getting started.md', all)).toBe(
      lines(
        '# Welcome',
        '',
        'Start with [the *setup* guide](handbook/getting%20started.md#first-steps "Setup") or [install](guides/install.md).',
        'Again: [setup](handbook/getting%20started.md?tab=linux#top).',
        '',
        'See [the guide][setup] and [setup][].',
        '',
        '[setup]: handbook/getting%20started.md  "Set up"',
        '',
      ),
    )
  })

  it('keeps angle brackets, writing spaces and parentheses as they are inside them', () => {
    const page = '![Logo](<../images/logo.png> "Our logo"), [setup](<setup.md>) and [again](setup.md).\n'
    expect(
      linksAfterMove(page, 'guides/install.md', 'guides/setup.md', 'guides/old/Set up (v2).md', all),
    ).toBe(
      '![Logo](<../images/logo.png> "Our logo"), [setup](<old/Set up (v2).md>) and [again](old/Set%20up%20%28v2%29.md).\n',
    )
  })

  it('follows a moved image, from links and embeds', () => {
    const page = lines('![Logo](../images/logo.png) ![[logo.png|200]] ![[images/logo.png]]', '')
    expect(linksAfterMove(page, 'guides/setup.md', 'images/logo.png', 'assets/brand/logo.png', all)).toBe(
      lines('![Logo](../assets/brand/logo.png) ![[logo.png|200]] ![[assets/brand/logo.png]]', ''),
    )
    expect(linksAfterMove(page, 'guides/setup.md', 'images/logo.png', 'images/brand.png', all)).toBe(
      lines('![Logo](../images/brand.png) ![[brand.png|200]] ![[images/brand.png]]', ''),
    )
  })

  it('climbs with ../ and keeps root-absolute and ./ targets in their style', () => {
    const page = lines(
      '[up](../guides/setup.md#x) [root](/guides/setup.md#x) [dot](./api.md) [api](api.md)',
      '[deep](../../outside.md)',
    )
    expect(linksAfterMove(page, 'reference/api.md', 'guides/setup.md', 'handbook/linux/setup.md', all)).toBe(
      lines(
        '[up](../handbook/linux/setup.md#x) [root](/handbook/linux/setup.md#x) [dot](./api.md) [api](api.md)',
        '[deep](../../outside.md)',
      ),
    )
    const sibling = '[s](./setup.md) and [s](setup.md)'
    expect(linksAfterMove(sibling, 'guides/install.md', 'guides/setup.md', 'guides/setup-v2.md', all)).toBe(
      '[s](./setup-v2.md) and [s](setup-v2.md)',
    )
    expect(linksAfterMove(sibling, 'guides/install.md', 'guides/setup.md', 'setup.md', all)).toBe(
      '[s](../setup.md) and [s](../setup.md)',
    )
  })

  it('matches percent-encoded and escaped targets, and leaves links to other files alone', () => {
    const page = lines(
      '[a](My%20Page.md) [b](<My Page.md>) [c](My%20Page\\.md) [d](my%20page.md) [e](My%20Page.md.bak)',
      '',
    )
    expect(linksAfterMove(page, 'index.md', 'My Page.md', 'pages/Mine.md', ['index.md', 'My Page.md'])).toBe(
      lines(
        '[a](pages/Mine.md) [b](<pages/Mine.md>) [c](pages/Mine.md) [d](my%20page.md) [e](My%20Page.md.bak)',
        '',
      ),
    )
  })

  it('rewrites wiki links, keeping bare names bare when still unique, and labels and headings', () => {
    const page = lines(
      'Read [[setup]], [[Setup|the setup page]], [[setup#Linux]], [[setup#Linux|Linux]],',
      '[[guides/setup]], [[guides/setup.md|file]], [[/guides/setup]], [[setup.md]] and [[install]].',
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'reference/getting-started.md', all)).toBe(
      lines(
        'Read [[getting-started]], [[getting-started|the setup page]], [[getting-started#Linux]], [[getting-started#Linux|Linux]],',
        '[[reference/getting-started]], [[reference/getting-started.md|file]], [[/reference/getting-started]], [[getting-started.md]] and [[install]].',
      ),
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'reference/setup.md', all)).toBe(
      lines(
        'Read [[setup]], [[Setup|the setup page]], [[setup#Linux]], [[setup#Linux|Linux]],',
        '[[reference/setup]], [[reference/setup.md|file]], [[/reference/setup]], [[setup.md]] and [[install]].',
      ),
    )
  })

  it('rewrites a wiki link written with the title that names the file', () => {
    const paths = ['dev.md', 'coding-standards.md', 'reglement-interieur.md', 'aux-file.md']
    const page = 'See [[Coding Standards]] and [[Règlement intérieur|the rules]].\n'
    expect(linksAfterMove(page, 'dev.md', 'coding-standards.md', 'engineering/code-style.md', paths)).toBe(
      'See [[code-style]] and [[Règlement intérieur|the rules]].\n',
    )
    expect(linksAfterMove(page, 'dev.md', 'reglement-interieur.md', 'rules.md', paths)).toBe(
      'See [[Coding Standards]] and [[rules|the rules]].\n',
    )
    // A title that is a device name names a file every clone holds.
    expect(linksAfterMove('[[Aux]]\n', 'dev.md', 'aux-file.md', 'tools/aux-kit.md', paths)).toBe(
      '[[aux-kit]]\n',
    )
  })

  it('writes the path when the new name would be ambiguous', () => {
    const page = '[[setup|Setup]] then [[install]]\n'
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'reference/install.md', all)).toBe(
      '[[reference/install|Setup]] then [[install]]\n',
    )
  })

  it('leaves code, external links and front matter byte-for-byte as they were', () => {
    const page = lines(
      '---',
      'title: "Links: [setup](guides/setup.md)"',
      'related: [[setup]]',
      '---',
      '',
      'Inline `[x](guides/setup.md)` and `[[setup]]` stay.',
      '',
      '```md',
      '[x](guides/setup.md) [[setup]]',
      '```',
      '',
      '    [x](guides/setup.md) [[setup]]',
      '',
      '<https://example.com/guides/setup.md> https://example.com/guides/setup.md [web](https://example.com/guides/setup.md)',
      '[mail](mailto:a@example.com) [top](#setup) [cdn](//cdn.example.com/guides/setup.md)',
      '',
      'Real: [x](guides/setup.md) and [[setup]].',
      '',
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'start.md', all)).toBe(
      lines(
        '---',
        'title: "Links: [setup](guides/setup.md)"',
        'related: [[setup]]',
        '---',
        '',
        'Inline `[x](guides/setup.md)` and `[[setup]]` stay.',
        '',
        '```md',
        '[x](guides/setup.md) [[setup]]',
        '```',
        '',
        '    [x](guides/setup.md) [[setup]]',
        '',
        '<https://example.com/guides/setup.md> https://example.com/guides/setup.md [web](https://example.com/guides/setup.md)',
        '[mail](mailto:a@example.com) [top](#setup) [cdn](//cdn.example.com/guides/setup.md)',
        '',
        'Real: [x](start.md) and [[start]].',
        '',
      ),
    )
  })

  it('keeps CRLF line endings and a byte order mark', () => {
    const page = '\uFEFFIntro\r\n\r\n[a](guides/setup.md) [[setup]]\r\n\r\n[d]: guides/setup.md\r\n'
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'docs/setup.md', all)).toBe(
      '\uFEFFIntro\r\n\r\n[a](docs/setup.md) [[setup]]\r\n\r\n[d]: docs/setup.md\r\n',
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'docs/start.md', all)).toBe(
      '\uFEFFIntro\r\n\r\n[a](docs/start.md) [[start]]\r\n\r\n[d]: docs/start.md\r\n',
    )
  })

  it('rewrites every link to the file when a page links to it several times', () => {
    const page = 'First [one](guides/setup.md), then [two](guides/setup.md "again"), [[setup]] and [[setup]].'
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'start.md', all)).toBe(
      'First [one](start.md), then [two](start.md "again"), [[start]] and [[start]].',
    )
  })

  it('is not fooled by brackets around the links', () => {
    const page = lines(
      '[a `](` b](guides/setup.md) [nested [brackets] here](guides/setup.md) \\[not a link](guides/setup.md)',
      '[![badge](images/logo.png)](guides/setup.md) [[setup|a ] b]] \\[[setup]] [esc \\] x](guides/setup.md "t ](x.md)")',
    )
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'handbook/start.md', all)).toBe(
      lines(
        '[a `](` b](handbook/start.md) [nested [brackets] here](handbook/start.md) \\[not a link](guides/setup.md)',
        '[![badge](images/logo.png)](handbook/start.md) [[start|a ] b]] \\[[setup]] [esc \\] x](handbook/start.md "t ](x.md)")',
      ),
    )
  })

  it('changes nothing when a file moves onto itself', () => {
    const page = '[a](guides/setup.md) [[setup]]'
    expect(linksAfterMove(page, 'index.md', 'guides/setup.md', 'guides/setup.md', all)).toBe(page)
  })

  it('accepts the list of files from after the move', () => {
    const after = ['index.md', 'start.md', 'guides/install.md', 'archive/install.md']
    expect(
      linksAfterMove('[a](guides/setup.md) [[setup]]', 'index.md', 'guides/setup.md', 'start.md', after),
    ).toBe('[a](start.md) [[start]]')
  })
})

describe("the moved page's own links", () => {
  const page = lines(
    '---',
    'up: ../index.md',
    '---',
    '# Setup',
    '',
    'Back to [home](../index.md), on to [install](install.md#linux "Install"), the [API](../reference/api.md).',
    '![Logo](<../images/logo.png>) [top](#setup) [me](setup.md#setup) [root](/reference/api.md) [web](https://x.org)',
    '[[install]] [[setup|this page]] [[reference/api]] [gone](missing.md) [out](../../out.md)',
    '',
    '[ref]: ./install.md',
    '',
  )

  it('keeps links right when the page moves into a deeper folder', () => {
    expect(ownLinksAfterMove(page, 'guides/setup.md', 'guides/linux/setup.md', all)).toBe(
      lines(
        '---',
        'up: ../index.md',
        '---',
        '# Setup',
        '',
        'Back to [home](../../index.md), on to [install](../install.md#linux "Install"), the [API](../../reference/api.md).',
        '![Logo](<../../images/logo.png>) [top](#setup) [me](setup.md#setup) [root](/reference/api.md) [web](https://x.org)',
        '[[install]] [[setup|this page]] [[reference/api]] [gone](../missing.md) [out](../../out.md)',
        '',
        '[ref]: ../install.md',
        '',
      ),
    )
  })

  it('keeps links right when the page moves up to the root under a new name, self links included', () => {
    expect(ownLinksAfterMove(page, 'guides/setup.md', 'start.md', all)).toBe(
      lines(
        '---',
        'up: ../index.md',
        '---',
        '# Setup',
        '',
        'Back to [home](index.md), on to [install](guides/install.md#linux "Install"), the [API](reference/api.md).',
        '![Logo](<images/logo.png>) [top](#setup) [me](start.md#setup) [root](/reference/api.md) [web](https://x.org)',
        '[[install]] [[start|this page]] [[reference/api]] [gone](guides/missing.md) [out](../../out.md)',
        '',
        '[ref]: ./guides/install.md',
        '',
      ),
    )
  })

  it('points a root-absolute self link at the new place', () => {
    const self = '[me](/guides/setup.md#top) and [me too](</guides/setup.md>)'
    expect(ownLinksAfterMove(self, 'guides/setup.md', 'handbook/Set up.md', all)).toBe(
      '[me](/handbook/Set%20up.md#top) and [me too](</handbook/Set up.md>)',
    )
  })

  it('leaves targets that still lead to the same file byte-identical', () => {
    const same = '[a](./install.md) [b](install%2Emd) [c](<install.md>) [d](../index.md) [[install]]'
    expect(ownLinksAfterMove(same, 'guides/setup.md', 'guides/Setup guide.md', all)).toBe(same)
  })

  it('writes the path of a wiki link whose bare name would now find another page', () => {
    const paths = ['guides/setup.md', 'guides/install.md', 'ops/install.md']
    expect(ownLinksAfterMove('See [[install|Install]].', 'guides/setup.md', 'ops/setup.md', paths)).toBe(
      'See [[guides/install|Install]].',
    )
  })

  it('changes nothing when the page moves onto itself', () => {
    expect(ownLinksAfterMove(page, 'guides/setup.md', 'guides/setup.md', all)).toBe(page)
  })

  it('is what rewriteLinksTo does for the moved page itself', () => {
    expect(linksAfterMove(page, 'guides/setup.md', 'guides/setup.md', 'start.md', all)).toBe(
      ownLinksAfterMove(page, 'guides/setup.md', 'start.md', all),
    )
  })
})

describe('the pages one move changes', () => {
  it('gives the pages whose text changes, by their path after the move', () => {
    const pages = new Map([
      ['index.md', '[s](guides/setup.md) [[setup]]\n'],
      ['guides/setup.md', '[home](../index.md)\n'],
      ['reference/api.md', 'No link to it. [api](api.md)\n'],
    ])
    expect(afterMove(pages, 'guides/setup.md', 'setup.md', all)).toEqual(
      new Map([
        ['index.md', '[s](setup.md) [[setup]]\n'],
        ['setup.md', '[home](index.md)\n'],
      ]),
    )
    expect(afterMove(pages, 'guides/setup.md', 'guides/setup.md', all)).toEqual(new Map())
  })

  it('rewrites the links to a moved file that is not a page', () => {
    const pages = new Map([['index.md', '![logo](images/logo.png) [[logo.png]]\n']])
    expect(afterMove(pages, 'images/logo.png', 'assets/logo.png', all)).toEqual(
      new Map([['index.md', '![logo](assets/logo.png) [[logo.png]]\n']]),
    )
  })
})

describe('the pages moves of several files change', () => {
  const folder = new Map([
    ['guides/setup.md', 'handbook/guides/setup.md'],
    ['guides/install.md', 'handbook/guides/install.md'],
  ])

  it('moves a folder: links into it, out of it and between its pages stay right, in one pass', () => {
    const pages = new Map([
      ['index.md', '[s](guides/setup.md) [[guides/install]] [[setup]] [[install]]\n'],
      [
        'guides/setup.md',
        '[home](../index.md) [next](install.md) [api](/reference/api.md) [self](/guides/setup.md)\n',
      ],
      ['guides/install.md', 'Back to [[setup]].\n'],
      ['reference/api.md', 'See [install](../guides/install.md).\n'],
    ])
    expect(rewriteAfterMoves(pages, folder, all)).toEqual(
      new Map([
        // A bare name nearest the page before (guides/install.md) would find archive/install.md after.
        [
          'index.md',
          '[s](handbook/guides/setup.md) [[handbook/guides/install]] [[setup]] [[handbook/guides/install]]\n',
        ],
        [
          'handbook/guides/setup.md',
          '[home](../../index.md) [next](install.md) [api](/reference/api.md) [self](/handbook/guides/setup.md)\n',
        ],
        ['reference/api.md', 'See [install](../handbook/guides/install.md).\n'],
      ]),
    )
  })

  it('gives what one move at a time gives for a single file, and nothing for files that stay', () => {
    const pages = new Map([
      ['index.md', '[s](guides/setup.md) [[Setup]]\n'],
      ['guides/setup.md', '[home](../index.md)\n'],
    ])
    expect(rewriteAfterMoves(pages, new Map([['guides/setup.md', 'setup.md']]), all)).toEqual(
      afterMove(pages, 'guides/setup.md', 'setup.md', all),
    )
    expect(rewriteAfterMoves(pages, new Map([['guides/setup.md', 'guides/setup.md']]), all)).toEqual(
      new Map(),
    )
  })

  it('finds a wiki link written with the title that names a moved file', () => {
    const paths = ['team/index.md', 'team/coding-standards.md', 'old/coding-standards.md']
    const pages = new Map([['team/index.md', 'Read [[Coding Standards]].\n']])
    // Nearest the page before; after, the one in old/ would be nearer: the link spells the path.
    expect(
      rewriteAfterMoves(pages, new Map([['team/coding-standards.md', 'people/coding-standards.md']]), paths),
    ).toEqual(new Map([['team/index.md', 'Read [[people/coding-standards]].\n']]))
  })
})
