/** Finding the link destinations of a Markdown page, with their exact source offsets. */
import type { Nodes } from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { type Data, unified } from 'unified'
import { isExternalTarget } from './paths.ts'

/** One link destination in a page: `start`/`end` are UTF-16 offsets of the destination text only. */
export interface LinkRef {
  kind: 'inline' | 'image' | 'definition' | 'wiki'
  start: number
  end: number
  target: string
}

type FromMarkdownExtension = Exclude<NonNullable<Data['fromMarkdownExtensions']>[number], readonly unknown[]>
type Handle = NonNullable<FromMarkdownExtension['exit']>[string]

interface Range {
  start: number
  end: number
}

/** Where the parse under way records destinations: parsing is synchronous, so one at a time. */
let recording: { destinations: Map<Nodes, Range>; shift: number } | undefined

const record: Handle = function (token) {
  // Same work as the default handler, which this one replaces.
  const url = this.resume()
  const node = this.stack[this.stack.length - 1]
  if (recording && node && (node.type === 'link' || node.type === 'image' || node.type === 'definition')) {
    node.url = url
    recording.destinations.set(node, {
      start: token.start.offset + recording.shift,
      end: token.end.offset + recording.shift,
    })
  }
}

/** Made once: configuring GitHub's flavour costs more than parsing a short page. */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(function () {
    const data = this.data()
    data.fromMarkdownExtensions ??= []
    data.fromMarkdownExtensions.push({
      exit: { resourceDestinationString: record, definitionDestinationString: record },
    })
  })
  .freeze()

/**
 * Parses the page and remembers where each destination string sits. The mdast node only keeps the
 * decoded URL and the whole construct's position; finding the destination again by scanning would have to
 * re-implement label parsing (nested brackets, code spans, escapes), so the tokenizer's own offsets are used.
 */
function parse(markdown: string): { tree: Nodes; destinations: Map<Nodes, Range>; shift: number } {
  // micromark skips a leading byte order mark and counts offsets from after it.
  const shift = markdown.charCodeAt(0) === 0xfeff ? 1 : 0
  const destinations = new Map<Nodes, Range>()
  recording = { destinations, shift }
  try {
    return { tree: processor.parse(markdown), destinations, shift }
  } finally {
    recording = undefined
  }
}

const KINDS = { link: 'inline', image: 'image', definition: 'definition' } as const

/** Wiki links `[[target|label]]`, `[[target#heading]]`, `![[embed]]` in the source range of one text node. */
function scanWikiLinks(markdown: string, from: number, to: number, out: LinkRef[]): void {
  let index = from
  for (;;) {
    const open = markdown.indexOf('[[', index)
    if (open === -1 || open + 2 >= to) return
    index = open + 1
    let slashes = 0
    while (open - slashes - 1 >= from && markdown[open - slashes - 1] === '\\') slashes++
    if (slashes % 2 === 1) continue
    const close = markdown.indexOf(']]', open + 2)
    if (close === -1 || close + 2 > to) return
    const inner = markdown.slice(open + 2, close)
    // A wiki link stays on one line; a second '[[' means this one was never closed.
    if (/[\r\n]/.test(inner) || inner.includes('[[')) continue
    let end = inner.search(/[|#]/)
    if (end === -1) end = inner.length
    // In a table, the label separator is written '\|' so the cell does not end there.
    else if (inner[end] === '|' && inner[end - 1] === '\\') end--
    const target = inner.slice(0, end)
    if (target.trim() !== '' && !isExternalTarget(target)) {
      out.push({ kind: 'wiki', start: open + 2, end: open + 2 + end, target })
    }
    index = close + 2
  }
}

/**
 * What every link, image, reference definition and wiki link is written with (`](`, `]:`, `[[`): a
 * page with none has no link, and the parse (a third of a second for 200,000 characters, on the
 * thread that answers requests) is skipped.
 */
const LINK_MARKS = ['](', ']:', '[[']

/** Every internal link destination of a page (inline, image, reference definition, wiki), in source order. */
export function findLinks(markdown: string): LinkRef[] {
  if (!LINK_MARKS.some((mark) => markdown.includes(mark))) return []
  const { tree, destinations, shift } = parse(markdown)
  const links: LinkRef[] = []
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const range = destinations.get(node)
      const target = range && markdown.slice(range.start, range.end)
      if (range && target && !isExternalTarget(target))
        links.push({ kind: KINDS[node.type], ...range, target })
    } else if (node.type === 'text') {
      // Text made up by the GFM autolink transform has no position and holds a URL anyway.
      const start = node.position?.start.offset
      const end = node.position?.end.offset
      if (start !== undefined && end !== undefined) scanWikiLinks(markdown, start + shift, end + shift, links)
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return links.sort((a, b) => a.start - b.start)
}
