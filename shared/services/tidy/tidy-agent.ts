import { z } from 'zod'
import { relativeToContent } from '../../domain/content-path.ts'
import type { TidyOperation } from '../../domain/tidy-operations.ts'
import type { Deps } from '../../ports/deps.ts'
import type { LlmSettings, LlmTool, LlmUsage } from '../../ports/llm.ts'
import type { Repo } from '../../ports/repo.ts'
import { asText } from '../content/check-secrets.ts'
import type { StoredNote } from '../inbox/inbox-items.ts'
import { wikiReadTools } from './wiki-read-tools.ts'

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

const SYSTEM = `You are the tidy-up of a team knowledge base kept as Markdown pages in Git.
People drop notes into an inbox; you file each note into the wiki where the team would look for it.
For every note: look at the wiki with list_pages, search_pages and read_page, then either
append_to_page (a section added to an existing page), create_page (a new page in the right folder),
edit_section (replace the body of one section when the note corrects it), or leave_note with a reason
a person will read when you are not sure, naming the pages it could go to as candidates. Keep the note's facts and wording; do not invent anything.
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

/** Most pages a note left by the model names for the person to pick from. */
const MAX_CANDIDATES = 3

/**
 * The candidate pages the model named that exist, each once, in its order, at most MAX_CANDIDATES: a
 * model may name a page it imagined, and a person must never be offered one.
 */
export function existingPages(pages: readonly string[], named: readonly string[]): string[] {
  const known = new Set(pages)
  const out: string[] = []
  for (const path of named.map((p) => p.trim().replace(/^\/?content\//, ''))) {
    if (known.has(path) && !out.includes(path)) out.push(path)
  }
  return out.slice(0, MAX_CANDIDATES)
}

export type AgentPlanDeps = Pick<Deps, 'llm'>

/** Plans a run with a model: its tools read the wiki, and the operations it proposes are collected. */
export async function agentPlan(
  deps: AgentPlanDeps,
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
    ...wikiReadTools({ pages, readPage }),
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
      description:
        'Leave a note in the inbox with a reason for a person, when unsure where it belongs. Name in ' +
        'candidates the pages it could go to (paths relative to content/, best first, at most 3), ' +
        'so that the person files it with one click.',
      parameters: z.object({
        note: z.string(),
        reason: z.string(),
        candidates: z.array(z.string()).optional(),
      }),
      execute: async (args) => {
        const { note, reason, candidates } = args as { note: string; reason: string; candidates?: string[] }
        const named = existingPages(await pages(), candidates ?? [])
        return propose({ kind: 'leave', note, reason, ...(named.length > 0 ? { candidates: named } : {}) })
      },
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
