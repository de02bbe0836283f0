import './markdown.css'
import { useNavigate } from '@tanstack/react-router'
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { type ComponentProps, type MouseEvent, useMemo } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import rehypeHighlight from 'rehype-highlight'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { type PageContext, rehypeResolveLinks } from './resolve-links.ts'
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
      ['target', '_blank'],
      'rel',
    ],
    img: [...(defaultSchema.attributes?.img ?? []), ['loading', 'lazy']],
  },
}

/** Markdown text to a React tree: the one renderer of page views and the editor's preview. */
export function renderMarkdown(text: string, context: PageContext, components: Components = { a: AppLink }) {
  const processor = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkGfm)
    .use(remarkWikiLinks)
    // Raw HTML in a page is dropped, never rendered: pages are written by many hands.
    .use(remarkRehype)
    .use(rehypeResolveLinks, context)
    .use(rehypeSanitize, schema)
    // After sanitizing: the highlighter's own classes are trusted.
    .use(rehypeHighlight, { detect: false })
  const tree = processor.runSync(processor.parse(text))
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components })
}

/** A link inside the app opens without reloading the page; others behave as usual. */
function AppLink(props: ComponentProps<'a'>) {
  const navigate = useNavigate()
  const href = props.href ?? ''
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!href.startsWith('/s/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    void navigate({ href })
  }
  // biome-ignore lint/a11y: a real link (its href comes with the props); the click only spares a reload.
  return <a {...props} onClick={onClick} />
}

/** A rendered Markdown page. */
export function Markdown({ text, context }: { text: string; context: PageContext }) {
  const { org, space, path, paths } = context
  const content = useMemo(
    () => renderMarkdown(text, { org, space, path, paths }),
    [text, org, space, path, paths],
  )
  return <div className="markdown">{content}</div>
}
