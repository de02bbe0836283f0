import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { headingsOf, renderMarkdown } from './markdown.tsx'

const context = {
  org: 'acme',
  space: 'handbook',
  path: 'guides/setup.md',
  paths: ['index.md', 'guides/setup.md', 'guides/tools.md', 'holidays.md', 'guides/img/shot.png'],
}

/** The HTML a page shows, rendered without the router (plain anchors). */
const html = (text: string) => renderToStaticMarkup(renderMarkdown(text, context, {}))

describe('the Markdown renderer', () => {
  it('renders GitHub tables, task lists and highlighted code', () => {
    const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n```js\nconst x = 1\n```\n')
    expect(out).toContain('<table>')
    expect(out).toContain('<td>1</td>')
    expect(out).toMatch(/<input type="checkbox" disabled="" checked=""\/> done/)
    expect(out).toContain('<span class="hljs-keyword">const</span>')
  })

  it('removes scripts, event handlers, javascript: links and raw HTML', () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="#" onclick="alert(4)">x</a>\n',
    )
    expect(out).not.toContain('<script')
    expect(out).not.toContain('onerror')
    expect(out).not.toContain('onclick')
    expect(out).not.toContain('javascript:')
    expect(out).toContain('click')
  })

  it('opens relative links and wiki links inside the space, and marks missing targets', () => {
    const out = html('[Tools](tools.md#install) [[holidays]] [[Index|home]] [[Nowhere]]')
    expect(out).toContain('href="/s/acme/handbook/page/guides/tools.md#user-content-install"')
    expect(out).toContain('<a href="/s/acme/handbook/page/holidays.md">holidays</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/index.md">home</a>')
    // A missing page's link leads to the page the app would make of its name, beside this one.
    expect(out).toContain(
      '<a href="/s/acme/handbook/page/guides/nowhere.md?title=Nowhere" class="broken">Nowhere</a>',
    )
  })

  it('marks a Markdown link to a file the space does not have, spelled exactly, as broken', () => {
    const out = html(
      '[a](tools.md#install) [b](tool.md) [c](../Holidays.md) [d](img/) [e](img/shot.png) [f](img/x.png) [g](../nope/x.md#y) [h](#here) [i](https://example.com/x.md) [j](/index.md?x=1)',
    )
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/tools.md#user-content-install">a</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/tool.md" class="broken">b</a>')
    // Git tells `Holidays.md` from `holidays.md`: the link leads to no page.
    expect(out).toContain('<a href="/s/acme/handbook/page/Holidays.md" class="broken">c</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/img">d</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/img/shot.png">e</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/img/x.png" class="broken">f</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/nope/x.md#user-content-y" class="broken">g</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/setup.md#user-content-here">h</a>')
    expect(out).toContain('href="https://example.com/x.md" target="_blank"')
    expect(out).toContain('<a href="/s/acme/handbook/page/index.md?x=1">j</a>')
    // Before the space's files are known, nothing is marked missing.
    const unknown = renderToStaticMarkup(renderMarkdown('[b](tool.md)', { ...context, paths: undefined }, {}))
    expect(unknown).toContain('<a href="/s/acme/handbook/page/guides/tool.md">b</a>')
  })

  it('shows a link whose address cannot be decoded as broken, instead of failing the page', () => {
    const out = html('Read [the plan](wiki:%E0) and [[Holidays]].')
    expect(out).toContain('<a href="/s/acme/handbook/page/guides/setup.md" class="broken">the plan</a>')
    expect(out).toContain('<a href="/s/acme/handbook/page/holidays.md">Holidays</a>')
  })

  it('keeps anchors on the page (the app sets <base href="/">)', () => {
    expect(html('[Below](#install)')).toContain(
      'href="/s/acme/handbook/page/guides/setup.md#user-content-install"',
    )
  })

  it('loads relative images from the space, opens outside links in a new tab, and hides front matter', () => {
    const out = html('---\nowner: carl\n---\n![shot](img/shot.png) [site](https://example.com)')
    expect(out).toContain('src="/api/v1/organizations/acme/spaces/handbook/raw/guides/img/shot.png"')
    expect(out).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"')
    expect(out).not.toContain('owner')
  })

  it('gives headings the ids their section links lead to, as GitHub does', () => {
    const text = '# Setup\n\n## Install the tools\n\n### Install the tools\n\n[Up](#install-the-tools)'
    const out = html(text)
    expect(out).toContain('<h2 id="user-content-install-the-tools">Install the tools</h2>')
    expect(out).toContain('<h3 id="user-content-install-the-tools-1">')
    expect(out).toContain('href="/s/acme/handbook/page/guides/setup.md#user-content-install-the-tools"')
    expect(headingsOf(text)).toEqual([
      { depth: 1, text: 'Setup', id: 'user-content-setup' },
      { depth: 2, text: 'Install the tools', id: 'user-content-install-the-tools' },
      { depth: 3, text: 'Install the tools', id: 'user-content-install-the-tools-1' },
    ])
  })

  it('renders GitHub alerts as titled boxes', () => {
    const out = html('> [!WARNING]\n> Back up first.')
    expect(out).toContain('<div class="markdown-alert markdown-alert-warning"')
    expect(out).toContain('Back up first.')
    expect(out).not.toContain('[!WARNING]')
  })
})
