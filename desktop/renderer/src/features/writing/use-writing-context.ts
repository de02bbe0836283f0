import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { treeQuery } from '../space/queries.ts'
import type { PageChoice, WritingContext } from './context.ts'

/** A Markdown page, as the space's tree lists it. */
const PAGE = /\.(md|markdown)$/i

/** A title from a file name alone (`team/on-call_rota.md` → `On call rota`), for a page the index has not read. */
export function titleFromPath(path: string): string {
  const words = (path.slice(path.lastIndexOf('/') + 1).replace(PAGE, '') || path)
    .replace(/[-_]+/g, ' ')
    .trim()
  return words.charAt(0).toLocaleUpperCase() + words.slice(1)
}

/** The pages among a space's files, by their titles (the tree's, else one made from the file name). */
export function pageChoicesOf(files: readonly { path: string; title?: string | null }[]): PageChoice[] {
  return files
    .filter((file) => PAGE.test(file.path))
    .map((file) => ({ path: file.path, title: file.title || titleFromPath(file.path) }))
}

/**
 * What the writing aids of a page's editor need: `<MarkdownEditor writing={useWritingContext(org,
 * space, path, uploads.upload)} />`. The space's pages come from its tree (read once, shared with the
 * page tree); `upload` puts files beside the page and links them at the cursor (`useUploads`).
 */
export function useWritingContext(
  org: string,
  space: string,
  path: string,
  upload: (files: File[]) => void,
): WritingContext {
  const files = useQuery(treeQuery(org, space)).data
  const pages = useMemo(() => pageChoicesOf(files ?? []), [files])
  return useMemo(() => ({ org, space, path, pages: () => pages, upload }), [org, space, path, pages, upload])
}
