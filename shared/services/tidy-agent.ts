import { z } from 'zod'
import { relativeToContent } from '../domain/content-path.ts'
import { words } from '../domain/text-words.ts'
import type { TidyOperation } from '../domain/tidy-operations.ts'
import type { LlmSettings, LlmTool, LlmUsage } from '../ports/llm.ts'
import type { Repo } from '../ports/repo.ts'
import { asText } from './check-secrets.ts'
import type { Deps } from './deps.ts'
import type { StoredNote } from './inbox-items.ts'

/** The run stopped because the organization's monthly AI budget is reached. */
export class BudgetReachedError extends Error {
  constructor() {
    super('The monthly AI budget is reached: the run stopped before calling the model again.')
    this.name = 'BudgetReachedError'
  }
}

export type AgentInput = {
  settings: LlmSettings
  vocation: string
  rules: string
  notes: StoredNote[]
  changes: { path: string; diff: string }[]
  /** Called before each model call with the usage so far; throws BudgetReachedError to stop. */
  checkBudget(usage: LlmUsage): void
}

const PAGE_READ_MAX = 20_000
const LIST_MAX = 500

const SYSTEM = `You are the tidy-up of a team knowledge base kept as Markdown pages in Git.
People drop notes into an inbox; you file each note into the wiki where the team would look for it.
For every note: look at the wiki with list_pages, search_pages and read_page, then either
append_to_page (a section added to an existing page), create_page (a new page in the right folder),
edit_section (replace the body of one section when the note corrects it), or leave_note with a reason
a person will read when you are not sure. Keep the note's facts and wording; do not invent anything.
Write Markdown; a new page starts with "# Title". Paths are relative to content/ and end in .md.
Follow the space's vocation and tidy rules below. When every note is handled, answer with a short summary.`

/** The prompt: the notes to file and the pages changed since the last run. */
function prompt(input: AgentInput): string {
  const notes = input.notes.map((n) =>
    [
      `## Note ${n.name}`,
      `Title: ${n.meta.title}`,
      n.meta.hint ? `Hint: ${n.meta.hint}` : '',
      n.meta.origin ? `Source: ${n.meta.origin}` : '',
      '',
      n.content,
    ]
      .filter((line, i) => line !== '' || i === 4)
      .join('\n'),
  )
  const changes = input.changes.map((c) => `## Changed page ${c.path}\n\n${c.diff.slice(0, 4000)}`)
  return [
    `# Vocation\n\n${input.vocation || '(none)'}`,
    `# Tidy rules\n\n${input.rules || '(none)'}`,
    `# Notes to file\n\n${notes.join('\n\n') || '(none)'}`,
    changes.length ? `# Pages changed since the last tidy-up (for context)\n\n${changes.join('\n\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** Plans a run with a model: its tools read the wiki, and the operations it proposes are collected. */
export async function agentPlan(
  deps: Deps,
  repo: Repo,
  input: AgentInput,
): Promise<{ operations: TidyOperation[]; usage: LlmUsage; summary: string }> {
  const operations: TidyOperation[] = []
  const pages = async () =>
    (await repo.list('content')).filter((f) => f.path.endsWith('.md')).map((f) => relativeToContent(f.path))
  const readPage = async (path: string) =>
    asText((await repo.read(`content/${path.replace(/^content\//, '')}`))?.bytes ?? new Uint8Array())
  const propose = (op: TidyOperation) => {
    operations.push(op)
    return 'Recorded. It will be applied after checks when you are done.'
  }
  const tools: LlmTool[] = [
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
    {
      name: 'append_to_page',
      description: 'Append a section to an existing page to file a note.',
      parameters: z.object({ note: z.string(), path: z.string(), text: z.string() }),
      execute: async (args) =>
        propose({ kind: 'append', ...(args as { note: string; path: string; text: string }) }),
    },
    {
      name: 'create_page',
      description: 'Create a new page to file a note.',
      parameters: z.object({ note: z.string(), path: z.string(), text: z.string() }),
      execute: async (args) =>
        propose({ kind: 'create', ...(args as { note: string; path: string; text: string }) }),
    },
    {
      name: 'edit_section',
      description: 'Replace the body of the section under a heading of a page, when a note corrects it.',
      parameters: z.object({ note: z.string(), path: z.string(), heading: z.string(), text: z.string() }),
      execute: async (args) =>
        propose({
          kind: 'edit_section',
          ...(args as { note: string; path: string; heading: string; text: string }),
        }),
    },
    {
      name: 'leave_note',
      description: 'Leave a note in the inbox with a reason for a person, when unsure where it belongs.',
      parameters: z.object({ note: z.string(), reason: z.string() }),
      execute: async (args) => propose({ kind: 'leave', ...(args as { note: string; reason: string }) }),
    },
  ]
  const result = await deps.llm.run(input.settings, {
    system: SYSTEM,
    prompt: prompt(input),
    tools,
    maxSteps: Math.min(60, 8 + input.notes.length * 4),
    beforeCall: input.checkBudget,
  })
  return { operations, usage: result.usage, summary: result.text.trim().slice(0, 2000) }
}
