import { costOf } from '../../domain/ai-prices.ts'
import { coauthorTrailer, oneLine } from '../../domain/commit-trailers.ts'
import { relativeToContent } from '../../domain/content-path.ts'
import { buildIndex, type PageIndex, planFiling } from '../../domain/filer/plan.ts'
import { BUILT_IN_FILER, type FilingInput, type NoteMeaning } from '../../domain/filer/types.ts'
import type { TidyOperation } from '../../domain/tidy-operations.ts'
import type { Deps } from '../../ports/deps.ts'
import { LlmError, type LlmUsage } from '../../ports/llm.ts'
import type { Repo } from '../../ports/repo.ts'
import type { Organization, OrgStore, Space, TidyRun } from '../../ports/store.ts'
import { asText } from '../content/check-secrets.ts'
import { authorOfAccount } from '../content/commit-identity.ts'
import { type PublishLockedDeps, publishLocked } from '../content/commit-in-space.ts'
import { type SyncSpaceDeps, syncSpace } from '../git/sync-space.ts'
import { changeBody, compactChanges, loadNotes, pageChanges, type StoredNote } from '../inbox/inbox-items.ts'
import { type AiForDeps, aiFor } from '../providers/ai-settings.ts'
import { purposeText } from '../spaces/purpose-files.ts'
import { type EventData, type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  contentPaths,
  type HasListenersDeps,
  hasListeners,
  shiftsOfChanges,
} from '../webhooks/page-events.ts'
import { type ApplyTidyDeps, applyTidy } from './internal/apply-tidy.ts'
import { type FilerMeaningDeps, filerMeaning } from './internal/filer-meaning.ts'
import { type AgentPlanDeps, agentPlan, BudgetReachedError } from './tidy-agent.ts'

type Plan = { operations: TidyOperation[]; summary: string; usage: LlmUsage; cost: number; model: string }

/** The author of tidy-up commits: the space itself (the notes' authors are credited in trailers). */
export function spaceAuthor(space: Space, org: Organization): { name: string; email: string } {
  return { name: `${space.name} tidy-up`, email: `${space.slug}@${org.slug}.tidy.invalid` }
}

/** The texts of every page, for the built-in filer. */
async function allPages(repo: Repo): Promise<{ path: string; text: string }[]> {
  const files = (await repo.list('content')).filter((f) => f.path.endsWith('.md'))
  const pages = await Promise.all(
    files.map(async (f) => ({
      path: relativeToContent(f.path),
      text: asText((await repo.read(f.path))?.bytes ?? new Uint8Array()) ?? '',
    })),
  )
  return pages
}

/**
 * What the built-in filer plans with: the index of the pages, and each note's closeness in meaning to
 * the pages its words point at (undefined when no model could say).
 */
export async function builtInFilerContext(
  deps: FilerMeaningDeps,
  space: Space,
  input: Omit<FilingInput, 'meaning'>,
): Promise<{ index: PageIndex; meaning: Map<string, NoteMeaning> | undefined }> {
  const index = buildIndex(input.pages)
  return { index, meaning: await filerMeaning(deps, space, input, index) }
}

type PlanRunDeps = AiForDeps & FilerMeaningDeps & AgentPlanDeps & Pick<Deps, 'clock'>

/** Plans a run: with the organization's model when one is set, else with the built-in filer. */
async function planRun(
  deps: PlanRunDeps,
  orgStore: OrgStore,
  space: Space,
  repo: Repo,
  notes: StoredNote[],
  changed: { path: string; diff: string }[],
): Promise<Plan> {
  const vocation = await purposeText(repo, 'vocation')
  const ai = await aiFor(deps, orgStore, (await orgStore.space(space.id).tidy.settings()).model)
  if (!ai) {
    const today = new Date(deps.clock.now()).toISOString().slice(0, 10)
    const input = {
      notes: notes.map((n) => ({ name: n.name, title: n.meta.title, text: n.content, hint: n.meta.hint })),
      pages: await allPages(repo),
      vocation,
      today,
    }
    const { index, meaning } = await builtInFilerContext(deps, space, input)
    const filing = planFiling(meaning ? { ...input, meaning } : input, index)
    return {
      operations: filing.operations,
      summary: filing.summary,
      usage: { inputTokens: 0, outputTokens: 0 },
      cost: 0,
      model: BUILT_IN_FILER,
    }
  }
  const rules = await purposeText(repo, 'tidy-rules')
  const checkBudget = (usage: LlmUsage) => {
    if (!ai.metered || ai.budget === null || !ai.price) return
    if (ai.spent + costOf(usage, ai.price) >= ai.budget) throw new BudgetReachedError()
  }
  const planned = await agentPlan(deps, repo, {
    settings: ai.settings,
    vocation,
    rules,
    notes,
    changes: changed,
    checkBudget,
  })
  return { ...planned, cost: ai.price ? costOf(planned.usage, ai.price) : 0, model: ai.settings.model }
}

type RunMessageDeps = Pick<Deps, 'store'>

/** The commit message of a run, crediting the authors of the notes it filed. */
async function runMessage(
  deps: RunMessageDeps,
  run: TidyRun,
  plan: Plan,
  filed: StoredNote[],
  left: number,
): Promise<string> {
  const authors = new Map<string, string>()
  for (const note of filed) {
    const account = await deps.store.accounts.byUsername(note.meta.depositedBy)
    if (account) authors.set(account.username, coauthorTrailer(authorOfAccount(account)))
  }
  const subject = `Tidy-up: filed ${filed.length} note${filed.length === 1 ? '' : 's'}${left ? `, left ${left}` : ''}`
  return `${subject}\n\n${plan.summary}\n\n${[...authors.values()].join('\n')}${authors.size ? '\n' : ''}Source: tidy\nVia: Tidy-up · ${oneLine(plan.model)}\nTidy-run: ${run.id}\n`
}

export type RunTidyDeps = SyncSpaceDeps &
  FireEventDeps &
  PlanRunDeps &
  ApplyTidyDeps &
  RunMessageDeps &
  HasListenersDeps &
  PublishLockedDeps &
  AnnouncePagesDeps &
  AiForDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos' | 'store'>

/**
 * Runs one tidy-up: files the space's pending notes (and takes note of pages changed since the
 * last run), commits the result in the space's name, pushes it, and logs the run. A failure is
 * logged on the run (provider errors included); nothing is half-applied.
 */
export async function runTidy(deps: RunTidyDeps, runId: string, spaceId: number): Promise<void> {
  const found = await deps.store.spaceById(spaceId)
  if (!found) return
  const { space, organization } = found
  const orgStore = deps.store.forOrg(space.orgId)
  const run = await orgStore.space(space.id).tidy.run(runId)
  if (!run || run.status === 'done' || run.status === 'failed') return
  await orgStore.space(space.id).tidy.updateRun(runId, { status: 'running', startedAt: deps.clock.now() })
  const repo = deps.repos.open(space.id, space.branch)
  // What every tidy.finished event says, whatever the run's outcome.
  const finished: EventData = {
    organization: organization.slug,
    space: space.slug,
    paths: [],
    commit: null,
    actor: null,
    channel: 'tidy',
    run: runId,
  }
  let plan: Plan | undefined
  try {
    if (space.repoUrl && !(await orgStore.space(space.id).git.get()).synced)
      await syncSpace(deps, orgStore, space)
    const notes = (await loadNotes(repo)).filter((n) => n.meta.status === 'pending')
    const changes = await pageChanges(repo, orgStore, space)
    if (notes.length === 0 && changes.length === 0) {
      await orgStore.space(space.id).tidy.updateRun(runId, {
        status: 'done',
        summary: 'Nothing to tidy.',
        finishedAt: deps.clock.now(),
      })
      await fireEvent(deps, space.orgId, 'tidy.finished', {
        ...finished,
        status: 'done',
        filed: 0,
        left: 0,
      })
      return
    }
    const changed = await Promise.all(
      changes.map(async (c) => ({
        path: relativeToContent(c.path),
        diff: await changeBody(repo, orgStore, space, c),
      })),
    )
    plan = await planRun(deps, orgStore, space, repo, notes, changed)
    const done = plan
    const outcome = await deps.queue.run(space.id, async () => {
      // Apply against the tip as it is now; notes removed meanwhile are skipped.
      const present = new Set(
        (await loadNotes(repo)).filter((n) => n.meta.status === 'pending').map((n) => n.name),
      )
      const applied = await applyTidy(
        deps,
        repo,
        notes.filter((n) => present.has(n.name)),
        done.operations,
      )
      let commit: string | null = null
      if (applied.changes.length > 0) {
        const message = await runMessage(deps, run, done, applied.filed, applied.left.length)
        const shifts = (await hasListeners(deps, space.orgId))
          ? await shiftsOfChanges(repo, applied.changes)
          : []
        commit =
          (await repo.commit({
            parent: await repo.head(),
            changes: applied.changes,
            author: spaceAuthor(space, organization),
            message,
            at: deps.clock.now(),
          })) ?? null
        await publishLocked(deps, orgStore, space, repo, commit)
        if (commit) await announcePages(deps, space, shifts, { commit, actor: null, channel: 'tidy' })
      }
      await orgStore.space(space.id).marks.mark(
        changes.map((c) => ({ path: c.path, sha: c.sha })),
        deps.clock.now(),
      )
      await compactChanges(repo, orgStore, space)
      return { applied, commit }
    })
    const handled = outcome.applied.filed.length
    await orgStore.space(space.id).tidy.updateRun(runId, {
      status: 'done',
      model: plan.model,
      itemsDone: handled + changes.length,
      itemsLeft: notes.length - handled,
      // The built-in filer's own summary is counts of what it planned: the counts applied replace it.
      summary: summarize(
        plan.model === BUILT_IN_FILER ? '' : plan.summary,
        handled,
        outcome.applied.left.length,
      ),
      operations: outcome.applied.operations,
      commit: outcome.commit,
      inputTokens: plan.usage.inputTokens,
      outputTokens: plan.usage.outputTokens,
      cost: plan.cost,
      finishedAt: deps.clock.now(),
    })
    await fireEvent(deps, space.orgId, 'tidy.finished', {
      organization: organization.slug,
      space: space.slug,
      paths: contentPaths(outcome.applied.changes.map((c) => c.path)),
      commit: outcome.commit,
      actor: null,
      channel: 'tidy',
      run: runId,
      status: 'done',
      filed: handled,
      left: outcome.applied.left.length,
    })
  } catch (error) {
    const usage =
      error instanceof LlmError ? error.usage : (plan?.usage ?? { inputTokens: 0, outputTokens: 0 })
    const ai = await aiFor(deps, orgStore, (await orgStore.space(space.id).tidy.settings()).model)
    await orgStore.space(space.id).tidy.updateRun(runId, {
      status: 'failed',
      model: ai?.settings.model ?? BUILT_IN_FILER,
      error:
        error instanceof LlmError || error instanceof BudgetReachedError
          ? error.message
          : `The run failed: ${String((error as Error).message ?? error).slice(0, 300)}`,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cost: ai?.price ? costOf(usage, ai.price) : 0,
      finishedAt: deps.clock.now(),
    })
    await fireEvent(deps, space.orgId, 'tidy.finished', { ...finished, status: 'failed', filed: 0, left: 0 })
    if (!(error instanceof LlmError || error instanceof BudgetReachedError)) throw error
  }
}

function summarize(planned: string, filed: number, left: number): string {
  const counts = `Filed ${filed} note${filed === 1 ? '' : 's'}${left ? `, left ${left}` : ''}.`
  return planned ? `${counts} ${planned}`.slice(0, 2000) : counts
}
