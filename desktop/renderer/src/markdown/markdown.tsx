import './markdown.css'
import { useNavigate } from '@tanstack/react-router'
import type { Root } from 'hast'
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime'
import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useMemo,
} from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import rehypeHighlight from 'rehype-highlight'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeSlug from 'rehype-slug'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import { remarkAlert } from 'remark-github-blockquote-alert'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { isChangedByPaths } from './internal-links.ts'
import { type PageContext, rehypeResolveLinks, wikiHref } from './resolve-links.ts'

export { HEADING_ID_PREFIX } from './resolve-links.ts'

import { SpacePaths } from './space-paths.ts'
import { remarkWikiLinks } from './wiki-links.ts'

/**
 * What rendered Markdown may hold: GitHub's safe subset (no script, no event handler, no
 * `javascript:` address, no raw HTML), plus what the app adds: new-tab outside links and the
 * `broken` mark on links to missing pages.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter(
        (rule) => !(Array.isArray(rule) && rule[0] === 'className'),
      ),
      ['className', 'data-footnote-backref', 'broken'],
      'dataWiki',
      ['target', '_blank'],
      'rel',
    ],
    img: [...(defaultSchema.attributes?.img ?? []), ['loading', 'lazy']],
    // GitHub's alerts (`> [!NOTE]`): a box with its kind's colour and title.
    div: [
      ...(defaultSchema.attributes?.div ?? []),
      [
        'className',
        'markdown-alert',
        'markdown-alert-note',
        'markdown-alert-tip',
        'markdown-alert-important',
        'markdown-alert-warning',
        'markdown-alert-caution',
      ],
    ],
    p: [...(defaultSchema.attributes?.p ?? []), ['className', 'markdown-alert-title']],
  },
}

/**
 * The renderer's steps, made once: configuring them (GitHub's flavour above all) cost more than
 * rendering a short page.
 */
const toHtml = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkGfm)
  .use(remarkAlert)
  .use(remarkWikiLinks)
  // Raw HTML in a page is dropped, never rendered: pages are written by many hands.
  .use(remarkRehype)
  .use(rehypeSlug)
  .freeze()
const sanitize = unified().use(rehypeSanitize, schema).freeze()

/**
 * The code highlighter, made for the first page with a code block: its languages take longer to set
 * up than most pages take to render.
 */
let highlighter: ReturnType<typeof makeHighlighter> | undefined
const makeHighlighter = () => unified().use(rehypeHighlight, { detect: false }).freeze()

/** Highlights the code blocks of a sanitized tree (the highlighter's own classes are trusted). */
function highlight(tree: Root): Root {
  if (!hasCodeBlock(tree)) return tree
  highlighter ??= makeHighlighter()
  return highlighter.runSync(tree) as Root
}

function hasCodeBlock(node: Root | Root['children'][number]): boolean {
  if (node.type === 'element' && node.tagName === 'pre') return true
  return 'children' in node && node.children.some(hasCodeBlock)
}

/**
 * A page's Markdown to a sanitized HTML tree: GitHub's flavour with front matter, wiki links, alerts,
 * and ids on headings (as GitHub makes them) for links to a section. Links are resolved between the
 * two steps, for the page being shown.
 */
function toTree(text: string, context: PageContext): Root {
  const tree = toHtml.runSync(toHtml.parse(text)) as Root
  rehypeResolveLinks(context)(tree)
  return sanitize.runSync(tree) as Root
}

/** A heading of a page, for its table of contents: level, text and the id of its element. */
export type Heading = { depth: number; text: string; id: string }

/** The headings of a page, in order, with the ids their rendered elements have. */
export function headingsOf(text: string): Heading[] {
  const headings: Heading[] = []
  const walk = (node: Root | Root['children'][number]) => {
    if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) {
      const id = node.properties.id
      if (typeof id === 'string') headings.push({ depth: Number(node.tagName[1]), text: textOf(node), id })
      return
    }
    if ('children' in node) for (const child of node.children) walk(child)
  }
  walk(toTree(text, { org: '', space: '', path: '' }))
  return headings
}

function textOf(node: Root | Root['children'][number]): string {
  if (node.type === 'text') return node.value
  return 'children' in node ? node.children.map(textOf).join('') : ''
}

/** Markdown text to a React tree: the one renderer of page views and the editor's preview. */
export function renderMarkdown(text: string, context: PageContext, components: Components = { a: AppLink }) {
  const tree = highlight(toTree(text, context))
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components })
}

/** The page whose rendered links are below. */
const LinkingPage = createContext<PageContext | undefined>(undefined)

/** Rendered Markdown of a page: its links know which page they are in. */
export function PageLinks({ context, children }: { context: PageContext; children: ReactNode }) {
  const { org, space, path } = context
  const page = useMemo(() => ({ org, space, path }), [org, space, path])
  return <LinkingPage value={page}>{children}</LinkingPage>
}

/**
 * A link inside the app opens without reloading the page; others behave as usual. A wiki link drawn
 * before the space's files were read leads to a guess (`[[Holidays]]` to `Holidays.md`, where the
 * page may be `team/holidays.md`): clicked then, it is resolved among the files first.
 */
function AppLink({ 'data-wiki': wiki, ...props }: ComponentProps<'a'> & { 'data-wiki'?: string }) {
  const navigate = useNavigate()
  const page = useContext(LinkingPage)
  const readPaths = useContext(SpacePaths)
  const href = props.href ?? ''
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!href.startsWith('/s/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    if (wiki === undefined || !page || !readPaths) {
      void navigate({ href })
      return
    }
    void readPaths(page.org, page.space)
      .then(
        (paths) => wikiHref({ ...page, paths }, wiki),
        () => href,
      )
      .then((resolved) => navigate({ href: resolved }))
  }
  // biome-ignore lint/a11y: a real link (its href comes with the props); the click only spares a reload.
  return <a {...props} onClick={onClick} />
}

/** A rendered Markdown page. */
export function Markdown({ text, context }: { text: string; context: PageContext }) {
  const { org, space, path } = context
  // Rendered again when the space's files are known only if they change what the page shows.
  const paths = isChangedByPaths(text, context) ? context.paths : undefined
  const content = useMemo(
    () => renderMarkdown(text, { org, space, path, paths }),
    [text, org, space, path, paths],
  )
  return (
    <PageLinks context={context}>
      <div className="markdown">{content}</div>
    </PageLinks>
  )
}
