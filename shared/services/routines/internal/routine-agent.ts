import { z } from 'zod'
import { relativeToContent } from '../../../domain/content-path.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { LlmSettings, LlmTool, LlmUsage } from '../../../ports/llm.ts'
import type { Repo } from '../../../ports/repo.ts'
import type { Routine } from '../../../ports/routines.ts'
import { asText } from '../../content/check-secrets.ts'
import { wikiReadTools } from '../../tidy/wiki-read-tools.ts'
import type { Finding, RoutineReport } from './routine-builtin.ts'
import { changesSince, inScope } from './routine-changes.ts'

const LIST_MAX = 500
const FINDINGS_MAX = 100

const SYSTEM = `You are a routine of a team knowledge base kept as Markdown pages in Git.
You reread the wiki and write a report; you change nothing. Look at the wiki with list_pages,
read_page, search_pages and recent_changes, follow the instructions below, then answer with the
report in Markdown, starting with "# Title" and a one-sentence summary. Paths are relative to content/.`

/** The instructions, and how findings are reported when the routine drops them into the inbox. */
function prompt(routine: Routine, today: string): string {
  return [
    `# Routine: ${routine.name}`,
    `Today is ${today}.${routine.scope.length ? ` Read only these folders: ${routine.scope.join(', ')}.` : ''}`,
    `# Instructions\n\n${routine.instructions}`,
    routine.outputInbox
      ? 'Report each problem or item a person should act on with report_finding (one call per finding), then write the report.'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** The summary of a report: its first sentence or paragraph that is not a heading. */
export function summaryOf(report: string): string {
  const paragraph = report
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p !== '' && !p.startsWith('#'))
  return (paragraph ?? '').replace(/\s+/g, ' ').slice(0, 300)
}

export type AgentReportDeps = Pick<Deps, 'clock' | 'llm'>

/**
 * Writes a routine's report with a model. Its tools only read the wiki (within the routine's
 * scope); `report_finding` collects the findings the routine drops into the inbox.
 */
export async function agentReport(
  deps: AgentReportDeps,
  repo: Repo,
  input: { settings: LlmSettings; routine: Routine; since: number; checkBudget(usage: LlmUsage): void },
): Promise<RoutineReport & { usage: LlmUsage }> {
  const { routine } = input
  const findings: Finding[] = []
  const pages = async () =>
    (await repo.list('content'))
      .filter((f) => f.path.endsWith('.md'))
      .map((f) => relativeToContent(f.path))
      .filter((p) => inScope(p, routine.scope) && p !== routine.outputPage)
  const readPage = async (path: string) => {
    const page = path.replace(/^content\//, '')
    if (!inScope(page, routine.scope)) return undefined
    return asText((await repo.read(`content/${page}`))?.bytes ?? new Uint8Array())
  }
  const tools: LlmTool[] = [
    ...wikiReadTools({ pages, readPage }),
    {
      name: 'recent_changes',
      description:
        'The changes of the wiki since the routine last ran (pages created, updated, moved, deleted, notes filed), oldest first, with who made them.',
      parameters: z.object({}),
      execute: async () => {
        const changes = await changesSince(repo, input.since, routine.scope)
        return (
          changes
            .slice(-LIST_MAX)
            .map((c) => {
              const when = new Date(c.at).toISOString().slice(0, 16)
              if (c.kind === 'filed') return `${when} filed note ${c.note} (${c.by})`
              if (c.kind === 'moved') return `${when} moved ${c.from} -> ${c.path} (${c.by})`
              return `${when} ${c.kind} ${c.path} (${c.by})`
            })
            .join('\n') || 'No change in the period.'
        )
      },
    },
  ]
  if (routine.outputInbox)
    tools.push({
      name: 'report_finding',
      description: 'Report one finding a person should act on; it becomes an item of the inbox.',
      parameters: z.object({ title: z.string(), detail: z.string() }),
      execute: async (args) => {
        const { title, detail } = args as Finding
        if (findings.length >= FINDINGS_MAX) return 'Enough findings: write the report now.'
        findings.push({ title: title.trim().slice(0, 200) || 'Finding', detail: detail.slice(0, 4000) })
        return 'Recorded.'
      },
    })
  const result = await deps.llm.run(input.settings, {
    system: SYSTEM,
    prompt: prompt(routine, new Date(deps.clock.now()).toISOString().slice(0, 10)),
    tools,
    maxSteps: 40,
    beforeCall: input.checkBudget,
  })
  const report = result.text.trim()
  return { report: report ? `${report}\n` : '', summary: summaryOf(report), findings, usage: result.usage }
}
