import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { createOrganization } from '../organizations/create-organization.ts'
import { setOrgMember } from '../organizations/org-members.ts'
import { putAiSettings } from '../providers/ai-settings.ts'
import { createSpace } from '../spaces/create-space.ts'
import { setSpaceMember } from '../spaces/space-members.ts'
import { updateTidySettings } from '../tidy/tidy-control.ts'
import {
  createRoutine,
  getRoutine,
  listRoutineRuns,
  listRoutines,
  startRoutine,
  updateRoutine,
} from './routine-control.ts'
import { BUDGET_REACHED_RUN, queueDueRoutines } from './routine-runs.ts'
import { ROUTINE_JOB } from './routine-schedule.ts'

const ref = { org: 'acme', space: 'wiki' }
const HOUR = 3_600_000
const DAY = 24 * HOUR

let deps: Deps & { clock: TestClock }
let ada: Actor
let bob: Actor
let rita: Actor
let spaceId: number

beforeEach(async () => {
  // Friday 28 March 2025, noon in Paris (UTC+1); summer time starts on Sunday the 30th.
  deps = memoryDeps({ clock: testClock(Date.UTC(2025, 2, 28, 11)) })
  const person = async (name: string, superadmin = false) =>
    actorOf(deps, (await addPerson(deps, name, { superadmin })).token)
  const root = await person('root', true)
  ada = await person('ada')
  bob = await person('bob')
  rita = await person('rita')
  await createOrganization(deps, root, { slug: 'acme', name: 'Acme' })
  await setOrgMember(deps, root, 'acme', 'ada', 'admin')
  spaceId = (await createSpace(deps, ada, 'acme', { slug: 'wiki', name: 'Wiki' })).space.id
  await setSpaceMember(deps, ada, 'acme', 'wiki', 'bob', 'contributor')
  await setSpaceMember(deps, ada, 'acme', 'wiki', 'rita', 'reader')
})

/** The routine jobs queued so far. */
async function queuedRuns(): Promise<string[]> {
  const runs: string[] = []
  const now = deps.clock.now()
  for (let job = await deps.store.jobs.claim(now, 1_000); job; job = await deps.store.jobs.claim(now, 1_000))
    if (job.kind === ROUTINE_JOB) runs.push((job.payload as { runId: string }).runId)
  return runs
}

/** Spending recorded by a run of `routineId` at `at`, as a finished run leaves it. */
async function spend(routineId: string, cost: number, at = deps.clock.now()): Promise<void> {
  const org = (await deps.store.organizations.bySlug('acme'))!
  await deps.store
    .forOrg(org.id)
    .space(spaceId)
    .routines.createRun({
      id: `spent-${at}-${cost}`,
      routineId,
      status: 'done',
      trigger: 'manual',
      model: 'house-model',
      summary: '',
      report: '',
      outputs: { page: null, inbox: [], emails: 0, webhook: null },
      commit: null,
      inputTokens: 0,
      outputTokens: 0,
      cost,
      quota: null,
      error: null,
      requestedBy: null,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
    })
}

describe('a routine’s schedule', () => {
  it('runs a template at its time in the space’s zone, keeping local time across a clock change', async () => {
    await updateTidySettings(deps, ada, ref, { timezone: 'Europe/Paris' })
    const weekly = await createRoutine(deps, ada, ref, { template: 'coherence' })
    // Monday 08:00 in Paris is 06:00 UTC once summer time has begun.
    expect(weekly).toMatchObject({ name: 'Coherence check', frequency: 'weekly', at: '08:00' })
    expect(weekly.nextRun).toBe(Date.UTC(2025, 2, 31, 6))

    const daily = await createRoutine(deps, ada, ref, { template: 'digest', frequency: 'daily', at: '08:00' })
    expect(daily.nextRun).toBe(Date.UTC(2025, 2, 29, 7))
  })

  it('moves the next run when the space changes time zone, and has none while disabled', async () => {
    const { id, nextRun } = await createRoutine(deps, ada, ref, { template: 'coherence' })
    expect(nextRun).toBe(Date.UTC(2025, 2, 31, 8))
    await updateTidySettings(deps, ada, ref, { timezone: 'America/New_York' })
    expect((await getRoutine(deps, bob, ref, id)).nextRun).toBe(Date.UTC(2025, 2, 31, 12))
    expect((await updateRoutine(deps, ada, ref, id, { enabled: false })).nextRun).toBeNull()
  })

  it('queues a due routine once however many of its times were missed, and plans the next from now', async () => {
    const { id } = await createRoutine(deps, ada, ref, {
      template: 'digest',
      frequency: 'daily',
      at: '08:00',
    })
    deps.clock.advance(3 * DAY)
    expect(await queueDueRoutines(deps)).toBe(1)
    expect(await queueDueRoutines(deps)).toBe(0)
    expect(await queuedRuns()).toHaveLength(1)
    expect((await getRoutine(deps, bob, ref, id)).nextRun).toBe(Date.UTC(2025, 3, 1, 8))
  })
})

describe('a routine’s budget', () => {
  beforeEach(async () => {
    await putAiSettings(deps, ada, 'acme', {
      provider: 'openai',
      model: 'house-model',
      priceInput: 2,
      priceOutput: 8,
      monthlyBudget: 1,
    })
  })

  it('logs a due routine as failed once the month’s budget is spent, and queues nothing', async () => {
    const { id } = await createRoutine(deps, ada, ref, {
      template: 'digest',
      frequency: 'daily',
      at: '08:00',
    })
    await spend(id, 0.6)
    await spend(id, 0.4)
    deps.clock.advance(DAY)
    expect(await queueDueRoutines(deps)).toBe(0)
    expect(await queuedRuns()).toEqual([])
    const [run] = await listRoutineRuns(deps, bob, ref, id)
    expect(run).toMatchObject({
      status: 'failed',
      trigger: 'schedule',
      error: BUDGET_REACHED_RUN,
      quota: { monthlyBudget: 1, monthSpent: 1, left: 0 },
    })
    await expect(startRoutine(deps, ada, ref, id)).rejects.toMatchObject({ reason: 'routine_budget_reached' })
  })

  it('counts only this month’s spending, deleted routines’ runs included', async () => {
    const { id } = await createRoutine(deps, ada, ref, { template: 'coherence' })
    await spend(id, 5, Date.UTC(2025, 1, 27))
    await spend('a-deleted-routine', 0.5)
    const run = await startRoutine(deps, ada, ref, id)
    expect(run).toMatchObject({ status: 'running', trigger: 'manual' })
    expect(await queuedRuns()).toEqual([run.id])
  })
})

describe('a routine’s settings', () => {
  it('need an output, and a Markdown page and folders under content/', async () => {
    const blank = { template: '' as const, name: 'Check', instructions: 'Look around.' }
    await expect(createRoutine(deps, ada, ref, blank)).rejects.toMatchObject({ reason: 'routine_no_output' })
    await expect(createRoutine(deps, ada, ref, { ...blank, outputPage: 'report.txt' })).rejects.toMatchObject(
      {
        reason: 'routine_page_invalid',
      },
    )
    await expect(
      createRoutine(deps, ada, ref, { ...blank, outputInbox: true, scope: ['../outside'] }),
    ).rejects.toMatchObject({ reason: 'routine_scope_invalid' })
    const made = await createRoutine(deps, ada, ref, {
      ...blank,
      outputPage: 'content/reports/check.md',
      scope: ['ops/', 'ops', 'content/it'],
    })
    expect(made).toMatchObject({ outputPage: 'reports/check.md', scope: ['ops', 'it'] })
  })

  it('refuse a template that does not exist', async () => {
    await expect(createRoutine(deps, ada, ref, { template: 'weekly' as never })).rejects.toMatchObject({
      reason: 'routine_template_unknown',
    })
  })

  it('give a webhook output its secret once, and refuse an address the outbound rules refuse', async () => {
    await expect(
      createRoutine(deps, ada, ref, { template: 'digest', outputWebhook: 'http://10.0.0.5/in' }),
    ).rejects.toMatchObject({ reason: 'routine_webhook_refused' })
    const made = await createRoutine(deps, ada, ref, {
      template: 'digest',
      outputWebhook: 'https://hooks.example/in',
    })
    expect(made.webhookSecret).toMatch(/^whsec_/)
    expect(await getRoutine(deps, bob, ref, made.id)).not.toHaveProperty('webhookSecret')
    const same = await updateRoutine(deps, ada, ref, made.id, { name: 'Digest' })
    expect(same).not.toHaveProperty('webhookSecret')
    const moved = await updateRoutine(deps, ada, ref, made.id, { outputWebhook: 'https://other.example/in' })
    expect(moved.webhookSecret).toMatch(/^whsec_/)
    expect(moved.webhookSecret).not.toBe(made.webhookSecret)
  })

  it('are the admins’ to change; contributors read them, readers do not', async () => {
    await expect(createRoutine(deps, bob, ref, { template: 'digest' })).rejects.toMatchObject({
      code: 'forbidden',
    })
    await createRoutine(deps, ada, ref, { template: 'digest' })
    expect((await listRoutines(deps, bob, ref)).map((r) => r.name)).toEqual(['Weekly digest'])
    await expect(listRoutines(deps, rita, ref)).rejects.toMatchObject({ code: 'forbidden' })
  })
})
