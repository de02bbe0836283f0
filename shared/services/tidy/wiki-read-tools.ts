import { z } from 'zod'
import { words } from '../../domain/text-words.ts'
import type { LlmTool } from '../../ports/llm.ts'

/** The most of a page a model reads at once. */
const PAGE_READ_MAX = 20_000
/** The most pages a listing names. */
const LIST_MAX = 500

/** How the tools see the wiki: its pages (paths relative to content/), and one page's text. */
export type WikiView = {
  pages(): Promise<string[]>
  /** The page's text; undefined or empty when there is none (or it is out of view). */
  readPage(path: string): Promise<string | undefined>
}

/** The read-only tools a model looks at the wiki with (the tidy-up's and the routines' agents). */
export function wikiReadTools({ pages, readPage }: WikiView): LlmTool[] {
  return [
    {
      name: 'list_pages',
      description: 'List the pages of the wiki (paths relative to content/), optionally under a folder.',
      parameters: z.object({ folder: z.string().optional() }),
      execute: async (args) => {
        const { folder } = args as { folder?: string }
        const list = (await pages()).filter((p) => !folder || p.startsWith(`${folder.replace(/\/+$/, '')}/`))
        return list.slice(0, LIST_MAX).join('\n') || '(no pages)'
      },
    },
    {
      name: 'read_page',
      description: 'Read a page of the wiki by its path relative to content/.',
      parameters: z.object({ path: z.string() }),
      execute: async (args) => {
        const text = await readPage((args as { path: string }).path)
        return text === undefined || text === '' ? 'No such page.' : text.slice(0, PAGE_READ_MAX)
      },
    },
    {
      name: 'search_pages',
      description: 'Find pages containing words of a query; best matches first.',
      parameters: z.object({ query: z.string() }),
      execute: async (args) => {
        const wanted = new Set(words((args as { query: string }).query))
        const scored: { path: string; score: number }[] = []
        for (const path of await pages()) {
          const have = new Set(words(`${path} ${(await readPage(path)) ?? ''}`))
          const score = [...wanted].filter((w) => have.has(w)).length
          if (score > 0) scored.push({ path, score })
        }
        return (
          scored
            .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
            .slice(0, 10)
            .map((s) => s.path)
            .join('\n') || 'No page matches.'
        )
      },
    },
  ]
}
