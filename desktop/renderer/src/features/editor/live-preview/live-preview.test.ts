import { ensureSyntaxTree } from '@codemirror/language'
import { EditorSelection, EditorState } from '@codemirror/state'
import type { Decoration, DecorationSet } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import type { PageContext } from '../../../markdown/resolve-links.ts'
import { markdownSupport } from '../codemirror-setup.ts'
import { blockPreview } from './block-field.ts'
import { linkAt } from './follow.ts'
import { frontMatterSpan, propertiesOf } from './front-matter.ts'
import { buildInline } from './inline.ts'
import { livePreviewOptions } from './options.ts'
import { focusEffect, focusTracking, pressEffect } from './reveal.ts'

const page: PageContext = {
  org: 'acme',
  space: 'handbook',
  path: 'guides/setup.md',
  paths: ['guides/setup.md', 'holidays.md'],
}

/** An editor state of `doc` with the live preview's state, focused with the cursor at `cursor` if given. */
function stateOf(doc: string, cursor?: number): EditorState {
  let state = EditorState.create({
    doc,
    extensions: [
      markdownSupport,
      livePreviewOptions.of({
        page: () => page,
        openInApp: () => undefined,
        labels: { openLink: '', properties: 'Properties', imageNotLoaded: '' },
      }),
      focusTracking,
      blockPreview,
    ],
  })
  ensureSyntaxTree(state, doc.length, 5000)
  // The state read the tree when it was made: a transaction hands it the whole parse.
  state = state.update({}).state
  if (cursor !== undefined)
    state = state.update({ selection: EditorSelection.cursor(cursor), effects: focusEffect(true) }).state
  return state
}

type Seen = { from: number; to: number; text: string; kind: string }

/** What the decorations do, readably: hidden text, classes of lines and marks, widgets. */
function describeSet(state: EditorState, set: DecorationSet): Seen[] {
  const seen: Seen[] = []
  set.between(0, state.doc.length, (from, to, value: Decoration) => {
    const spec = value.spec as { class?: string; widget?: object; block?: boolean }
    const kind = spec.widget ? `widget:${spec.widget.constructor.name}` : (spec.class ?? '')
    seen.push({ from, to, text: state.sliceDoc(from, to), kind })
  })
  // A set keeps overlapping ranges in layers of their own: in the page's order here.
  return seen.sort((a, b) => a.from - b.from || a.to - b.to)
}

function inline(state: EditorState): Seen[] {
  return describeSet(state, buildInline(state, [{ from: 0, to: state.doc.length }]))
}

const hidden = (seen: Seen[]) => seen.filter((s) => s.kind === 'cm-lp-hidden').map((s) => s.text)

describe('the live preview', () => {
  it('hides heading and emphasis marks, and shows them again on the line being edited', () => {
    const doc = '# Title\n\nSome **strong**, _soft_ and `code` and ~~gone~~.\n'
    const away = inline(stateOf(doc))
    expect(hidden(away)).toEqual(['# ', '**', '**', '_', '_', '`', '`', '~~', '~~'])
    expect(away).toContainEqual({ from: 0, to: 0, text: '', kind: 'cm-lp-heading cm-lp-h1' })

    const onHeading = inline(stateOf(doc, 3))
    expect(hidden(onHeading)).toEqual(['**', '**', '_', '_', '`', '`', '~~', '~~'])
    // The heading keeps its size while its marks show.
    expect(onHeading.map((s) => s.kind)).toContain('cm-lp-heading cm-lp-h1')
    expect(hidden(inline(stateOf(doc, 12)))).toEqual(['# '])
  })

  it('shows every mark of the lines a selection spans, and none while the editor is not focused', () => {
    const doc = '# One\n## Two\n### Three\n'
    let state = stateOf(doc, 0)
    state = state.update({ selection: EditorSelection.range(2, 9) }).state
    expect(hidden(inline(state))).toEqual(['### '])
    state = state.update({ effects: focusEffect(false) }).state
    expect(hidden(inline(state))).toEqual(['# ', '## ', '### '])
  })

  it('keeps the lines shown as source still while a mouse button is held, then follows the selection', () => {
    const doc = '# One\n## Two\n### Three\n'
    let state = stateOf(doc, 0).update({ effects: pressEffect(true) }).state
    state = state.update({ selection: EditorSelection.cursor(doc.indexOf('Three')) }).state
    expect(hidden(inline(state))).toEqual(['## ', '### '])
    state = state.update({ effects: pressEffect(false) }).state
    expect(hidden(inline(state))).toEqual(['# ', '## '])
  })

  it('shows links by their text with an arrow to follow them, and finds where they lead', () => {
    const doc =
      'See [the guide](../holidays.md "Days") and [[Holidays|days off]] and <https://example.com>.\n'
    const state = stateOf(doc)
    const seen = inline(state)
    expect(hidden(seen)).toEqual(['[', '](../holidays.md "Days")', '[[Holidays|', ']]', '<', '>'])
    expect(seen.filter((s) => s.kind === 'cm-lp-link').map((s) => s.text)).toEqual([
      'the guide',
      'days off',
      'https://example.com',
    ])
    expect(seen.filter((s) => s.kind === 'widget:FollowWidget')).toHaveLength(2)
    expect(linkAt(state, doc.indexOf('guide'))).toEqual({ kind: 'url', url: '../holidays.md' })
    expect(linkAt(state, doc.indexOf('days off'))).toEqual({ kind: 'wiki', name: 'Holidays' })
    expect(linkAt(state, doc.indexOf('example'))).toEqual({ kind: 'url', url: 'https://example.com' })
    expect(linkAt(state, 1)).toBeUndefined()
  })

  it('draws a link to a file the space lacks as missing, as the rendered page does, once the files are known', () => {
    const doc =
      'See [gone](missing.md), [[Nowhere]], [[Holidays]], [home](../holidays.md), [web](https://example.com) and [ref][r].\n\n[r]: ./none.md\n'
    const missing = (state: EditorState) =>
      inline(state)
        .filter((s) => s.kind === 'cm-lp-link cm-lp-missing')
        .map((s) => s.text)
    expect(missing(stateOf(doc))).toEqual(['gone', 'Nowhere', 'ref'])
    expect(
      inline(stateOf(doc))
        .filter((s) => s.kind === 'cm-lp-link')
        .map((s) => s.text),
    ).toEqual(['Holidays', 'home', 'web'])
    // Before the space's files are read, nothing is said to be missing.
    page.paths = undefined
    try {
      expect(missing(stateOf(doc))).toEqual([])
    } finally {
      page.paths = ['guides/setup.md', 'holidays.md']
    }
  })

  it('leaves wiki links in code as typed', () => {
    const seen = inline(stateOf('Type `[[Page]]` to link.\n\n```\n[[Page]]\n```\n'))
    expect(seen.filter((s) => s.kind === 'cm-lp-link')).toEqual([])
  })

  it('draws task checkboxes, bullets, quotes, rules and code blocks with their marks hidden', () => {
    const doc = '- [ ] Buy milk\n- [x] Pay rent\n- plain\n\n> quoted\n\n---\n\n```js\nlet a = 1\n```\n'
    const seen = inline(stateOf(doc))
    expect(seen.filter((s) => s.kind === 'widget:CheckboxWidget').map((s) => s.from)).toEqual([6, 21])
    expect(hidden(seen)).toEqual(['- [ ] ', '- [x] ', '> ', '---', '```', '```'])
    expect(seen.find((s) => s.kind === 'cm-lp-bullet')?.text).toBe('-')
    expect(seen.find((s) => s.kind === 'cm-lp-task-done')?.text).toBe('Pay rent')
    expect(seen.find((s) => s.kind === 'cm-lp-codeinfo')?.text).toBe('js')
    const lineClasses = seen.filter((s) => s.from === s.to).map((s) => s.kind)
    expect(lineClasses).toEqual(
      expect.arrayContaining(['cm-lp-quote', 'cm-lp-hr', 'cm-lp-codeblock', 'cm-lp-fence']),
    )
  })

  it('draws images after their hidden source, resolved against the page like the rendered page', () => {
    const state = stateOf(
      '![A diagram](img/flow.png)\n\n[![badge](https://example.com/b.svg)](https://example.com)\n',
    )
    const seen = inline(state)
    expect(hidden(seen)).toEqual([
      '![A diagram](img/flow.png)',
      '[',
      '![badge](https://example.com/b.svg)',
      '](https://example.com)',
    ])
    expect(seen.filter((s) => s.kind === 'widget:ImageWidget')).toHaveLength(2)
    // A link around a badge gets no arrow: Ctrl/Cmd+click follows it.
    expect(seen.filter((s) => s.kind === 'widget:FollowWidget')).toEqual([])
  })

  it('folds front matter into a properties view unless the cursor is in it, and leaves its lines to it', () => {
    const doc = '---\ntitle: "Plan"\ntags: [a, b]\nowners:\n  - ada\n  - grace\n---\n# Plan\n'
    expect(frontMatterSpan(stateOf(doc).doc)).toEqual({ from: 0, to: doc.indexOf('\n# Plan') })
    expect(propertiesOf(['title: "Plan"', 'tags: [a, b]', 'owners:', '  - ada', '  - grace'])).toEqual([
      { key: 'title', values: ['Plan'] },
      { key: 'tags', values: ['a', 'b'] },
      { key: 'owners', values: ['ada', 'grace'] },
    ])
    const away = stateOf(doc)
    expect(describeSet(away, away.field(blockPreview)).map((s) => s.kind)).toEqual([
      'widget:PropertiesWidget',
    ])
    // The rule and heading the parser reads in front matter are not drawn.
    expect(hidden(inline(away))).toEqual(['# '])
    const inside = stateOf(doc, 6)
    expect(describeSet(inside, inside.field(blockPreview))).toEqual([])
    expect(inline(inside).filter((s) => s.kind === 'cm-lp-frontmatter-source')).toHaveLength(7)
  })

  it('draws tables as widgets until the selection enters them', () => {
    const doc = 'Intro\n\n| Name | Days |\n|:-----|-----:|\n| Ada  | 25   |\n\nAfter\n'
    const away = stateOf(doc)
    const blocks = describeSet(away, away.field(blockPreview))
    expect(blocks).toEqual([
      {
        from: 7,
        to: doc.indexOf('\n\nAfter'),
        text: doc.slice(7, doc.indexOf('\n\nAfter')),
        kind: 'widget:TableWidget',
      },
    ])
    const inside = stateOf(doc, doc.indexOf('Ada'))
    expect(describeSet(inside, inside.field(blockPreview))).toEqual([])
    expect(inline(inside).filter((s) => s.kind === 'cm-lp-table-source')).toHaveLength(3)
  })
})
