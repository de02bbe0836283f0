import { costOf } from '../../domain/ai-prices.ts'
import { messageFor } from '../../errors/catalog.ts'
import { isDomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { LlmError, type LlmUsage } from '../../ports/llm.ts'
import type { RoutineRun } from '../../ports/routines.ts'
import { type SyncSpaceDeps, syncSpace } from '../git/sync-space.ts'
import { type AiForDeps, aiFor } from '../providers/ai-settings.ts'
import { BudgetReachedError } from '../tidy/tidy-agent.ts'
import { reportWords, spaceLanguage } from './internal/report-words.ts'
import { type AgentReportDeps, agentReport } from './internal/routine-agent.ts'
import { type RoutineQuotaDeps, routineQuota } from './internal/routine-budget.ts'
import {
  BUILT_IN_ROUTINE,
  type BuiltInCoherenceDeps,
  type BuiltInDigestDeps,
  builtInCoherence,
  builtInDigest,
  periodStart,
  type RoutineReport,
} from './internal/routine-builtin.ts'
import { type DeliverRoutineOutputsDeps, deliverRoutineOutputs } from './internal/routine-delivery.ts'
import { type WriteRoutineOutputsDeps, writeRoutineOutputs } from './internal/write-routine-outputs.ts'
import { BUDGET_REACHED_RUN } from './routine-runs.ts'

/** Why a blank routine cannot run without a model. */
export const NEEDS_A_MODEL =
  'This routine has no template and the organization has no AI provider: a blank routine needs a model. Set one in the organization’s AI settings, or start from the coherence or digest template, which also run without one.'

const NO_USAGE: LlmUsage = { inputTokens: 0, outputTokens: 0 }

export type RunRoutineDeps = RoutineQuotaDeps &
  AiForDeps &
  SyncSpaceDeps &
  AgentReportDeps &
  BuiltInCoherenceDeps &
  BuiltInDigestDeps &
  WriteRoutineOutputsDeps &
  DeliverRoutineOutputsDeps &
  Pick<Deps, 'clock' | 'repos' | 'store'>

/**
 * Runs one routine run (a job of the persisted queue): reads the space (with the organization's
 * model, or the built-in engine for the provided templates), writes the page and inbox items as
 * one commit, delivers the report, and logs the run with its tokens, cost and the budget it saw.
 * A failure is logged on the run, with what it spent.
 */
export async function runRoutine(deps: RunRoutineDeps, runId: string, spaceId: number): Promise<void> {
  const found = await deps.store.spaceById(spaceId)
  if (!found) return
  const { space, organization } = found
  const orgStore = deps.store.forOrg(space.orgId)
  const routines = orgStore.space(space.id).routines
  const run = await routines.run(runId)
  if (run?.status !== 'running') return
  const startedAt = deps.clock.now()
  const finish = async (changes: Partial<RoutineRun>) => {
    await routines.updateRun(runId, { ...changes, finishedAt: deps.clock.now() })
    if (routine) await routines.update(routine.id, { lastRun: startedAt })
  }
  const routine = await routines.get(run.routineId)
  if (!routine) {
    await finish({ status: 'failed', error: 'The routine was deleted before this run started.' })
    return
  }
  await routines.updateRun(runId, { startedAt })
  const { reached, ...quota } = await routineQuota(deps, orgStore)
  if (reached) {
    await finish({ status: 'failed', quota, error: BUDGET_REACHED_RUN })
    return
  }
  const ai = await aiFor(deps, orgStore, '')
  const model = ai?.settings.model ?? BUILT_IN_ROUTINE
  const priced = (usage: LlmUsage) => (ai?.price ? costOf(usage, ai.price) : 0)
  let usage = NO_USAGE
  try {
    if (space.repoUrl && !(await orgStore.space(space.id).git.get()).synced)
      await syncSpace(deps, orgStore, space)
    const repo = deps.repos.open(space.id, space.branch)
    let produced: RoutineReport
    if (ai) {
      const checkBudget = (soFar: LlmUsage) => {
        if (ai.budget === null || !ai.price) return
        if (ai.spent + costOf(soFar, ai.price) >= ai.budget) throw new BudgetReachedError()
      }
      const written = await agentReport(deps, repo, {
        settings: ai.settings,
        routine,
        since: periodStart(routine, startedAt),
        checkBudget,
      })
      usage = written.usage
      produced = written
      if (!produced.report.trim())
        throw new LlmError('The model answered without a report.', undefined, usage)
    } else if (routine.template === 'coherence')
      produced = await builtInCoherence(
        deps,
        space,
        routine,
        reportWords(await spaceLanguage(deps, space, routine.outputPage)),
      )
    else if (routine.template === 'digest')
      produced = await builtInDigest(
        deps,
        repo,
        routine,
        reportWords(await spaceLanguage(deps, space, routine.outputPage)),
      )
    else {
      await finish({ status: 'failed', model, quota, error: NEEDS_A_MODEL })
      return
    }
    const written = await writeRoutineOutputs(
      deps,
      { space, organization, orgStore },
      routine,
      runId,
      produced,
    )
    const outcome: RoutineRun = {
      ...run,
      status: 'done',
      model,
      summary: produced.summary,
      report: produced.report,
      commit: written.commit,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cost: priced(usage),
      quota,
      outputs: { page: written.page, inbox: written.inbox, emails: 0, webhook: null },
    }
    const delivered = await deliverRoutineOutputs(deps, routine, outcome)
    const { id: _id, routineId: _routine, spaceId: _space, ...changes } = outcome
    await finish({ ...changes, outputs: { ...outcome.outputs, ...delivered } })
  } catch (error) {
    const spent = error instanceof LlmError ? error.usage : usage
    const known = error instanceof LlmError || error instanceof BudgetReachedError || isDomainError(error)
    await finish({
      status: 'failed',
      model,
      quota,
      inputTokens: spent.inputTokens,
      outputTokens: spent.outputTokens,
      cost: priced(spent),
      error: isDomainError(error)
        ? messageFor(error.reason, 'en', error.params)
        : known
          ? (error as Error).message
          : `The run failed: ${String((error as Error).message ?? error).slice(0, 300)}`,
    })
    if (!known) throw error
  }
}
