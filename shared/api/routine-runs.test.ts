import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startJobRunner } from '../services/jobs/job-runner.ts'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { queueDueRoutines } from '../services/routines/routine-runs.ts'
import { scriptedModel, useScriptedModel } from '../testing/builders/scripted-model.ts'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Routine = { id: string; name: string; next_run: string | null; last_run: string | null }
type Run = {
  id: string
  status: string
  trigger: string
  model: string
  summary: string
  report: string
  outputs: { page: string | null; inbox: string[]; emails: number; webhook: string | null }
  commit: string | null
  tokens: { input: number; output: number }
  cost: number
  quota: { monthly_budget: number | null; month_spent: number; left: number | null } | null
  error: string | null
}
type Item = { name: string; title: string; source: string; via: string; reason: string }

const llm = scriptedModel()

let t: TestApp
let world: World
let root: string
let admin: string
let writer: string
let reader: string
const S = '/organizations/acme/spaces/ops'
const R = `${S}/routines`
const WIKI: Record<string, string> = {
  'runbooks/backups.md':
    '# Backups\n\nNightly database backups go to the object store. See [deploy](deploy.md) and [restores](restore.md).\n',
  'runbooks/deploy.md':
    '# Deploy\n\nDeploys go through the pipeline. The on-call rotation has 6 engineers.\n',
  'team/handbook.md':
    '# Handbook\n\nWelcome aboard. The on-call rotation has 8 engineers. Read [backups](../runbooks/backups.md).\n',
  'services/redis.md':
    '# Redis\n\nRedis holds the cache and the job queues. Its eviction policy is allkeys-lru, and memory alerts fire at 80 percent of the limit.\n',
  'services/cache.md':
    '# Cache\n\nRedis holds the cache and the job queues. The eviction policy is allkeys-lru; memory alerts fire at 80 percent of the limit.\n',
  'services/postgres.md':
    '---\nowner: ada\nverified: 2025-01-01\nreview_every: 90d\n---\n# Postgres\n\nPrimary database cluster, pooled through pgbouncer.\n',
}

beforeEach(async () => {
  t = await testApp()
  world = await seedWorld(t.deps, {
    spaces: { ops: { members: { walt: 'contributor', rita: 'reader' }, pages: WIKI } },
  })
  root = world.token('root')
  admin = world.token('ada')
  writer = world.token('walt')
  reader = world.token('rita')
})
afterEach(() => t.close())

const create = async (body: Record<string, unknown>) => {
  const response = await t.call('POST', R, { token: admin, body })
  expect(response.status, await response.clone().text()).toBe(201)
  return json<Routine>(response)
}
async function write(path: string, content: string, token = writer) {
  const current = await t.call('GET', `${S}/files/${path}`, { token })
  const base = current.status === 200 ? { base_sha: (await json<{ sha: string }>(current)).sha } : {}
  const response = await t.call('PUT', `${S}/files/${path}`, { token, body: { content, ...base } })
  expect(response.status).toBeLessThan(300)
}
const page = async (path: string) =>
  (await json<{ text: string }>(await t.call('GET', `${S}/files/${path}`, { token: reader }))).text
const runs = async (id: string) => json<Run[]>(await t.call('GET', `${R}/${id}/runs`, { token: writer }))
const runNow = async (id: string) => {
  const response = await t.call('POST', `${R}/${id}/run`, { token: admin })
  expect(response.status).toBe(202)
  await drainJobs(t.deps)
  return (await runs(id))[0] as Run
}
const notes = async () => json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
const commitOf = async (sha: string) =>
  t.deps.repos.open(await t.idOf('space', 'ops'), 'main').commitInfo(sha)

describe('the built-in engine (no AI provider)', () => {
  it('checks coherence: broken links, near-duplicates, contradictions, orphans and reviews due', async () => {
    const routine = await create({ template: 'coherence' })
    const run = await runNow(routine.id)
    expect(run).toMatchObject({
      status: 'done',
      trigger: 'manual',
      model: 'built-in',
      tokens: { input: 0, output: 0 },
      cost: 0,
      error: null,
      quota: { monthly_budget: null, month_spent: 0, left: null },
    })
    expect(run.summary).toBe(
      '8 problems found in 6 pages: 1 broken link, 1 near-duplicate pair, 1 contradiction, 4 orphan pages, 1 page due for review.',
    )
    expect(run.report).toContain('`runbooks/backups.md` links to `restore.md`, which does not exist.')
    expect(run.report).toMatch(/`services\/cache\.md` and `services\/redis\.md` say nearly the same thing/)
    expect(run.report).toContain(
      '`runbooks/deploy.md` says “The on-call rotation has 6 engineers.” but `team/handbook.md` says “The on-call rotation has 8 engineers.”',
    )
    expect(run.report).toContain('No page links to `team/handbook.md`')
    expect(run.report).toContain('`services/postgres.md` was due for review on 2025-04-01 (owner: ada).')
    // The report page is the report, written as one commit in the space's name.
    expect(await page('reports/coherence.md')).toBe(run.report)
    const commit = await commitOf(run.commit ?? '')
    expect(commit?.author.name).toBe('Ops')
    expect(commit?.message).toMatch(/\nSource: routine\nVia: Routine · Coherence check\n/)
    // One inbox item per problem, dropped through the routine.
    expect(run.outputs).toMatchObject({ page: 'reports/coherence.md', emails: 0, webhook: null })
    expect(run.outputs.inbox).toHaveLength(8)
    const items = await notes()
    expect(items.map((i) => i.title).sort()).toEqual([...run.outputs.inbox].sort())
    expect(items.every((i) => i.source === 'routine' && i.via === 'Routine · Coherence check')).toBe(true)
    expect(items[0]?.reason).toBe('Found by the routine “Coherence check”: for a person to act on.')
    // They wait for a person: the tidy-up does not file them into pages.
    expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
    await drainJobs(t.deps)
    expect((await notes()).length).toBe(8)
    // Its own page is not a problem of the wiki on the next run.
    const again = await runNow(routine.id)
    expect(again.summary).toBe(run.summary)
    expect(
      (await json<Routine>(await t.call('GET', `${R}/${routine.id}`, { token: writer }))).last_run,
    ).not.toBeNull()
  })

  it('writes a digest of the period’s changes by folder and by whom, and counts its mail recipients', async () => {
    const routine = await create({ template: 'digest' })
    // A week and a day later: the wiki as seeded is older than the digest's first week.
    t.clock.advance(8 * 86_400_000)
    await write('runbooks/restore.md', '# Restore\n\nRestore from the object store.\n')
    await write(
      'runbooks/deploy.md',
      `${WIKI['runbooks/deploy.md']}\nRollbacks use the previous tag.\n`,
      admin,
    )
    const moved = await t.call('POST', `${S}/move`, {
      token: writer,
      body: { from: 'services/cache.md', to: 'services/redis-cache.md' },
    })
    expect(moved.status).toBeLessThan(300)
    // Two more changes of one page, by two people: one line. An image is no news of the wiki.
    await write('team/handbook.md', `${WIKI['team/handbook.md']}\nLunch at noon.\n`)
    await write('team/handbook.md', `${WIKI['team/handbook.md']}\nLunch at one.\n`, admin)
    const image = await t.call('PUT', `${S}/files/team/photo.png`, {
      token: writer,
      body: { content_base64: Buffer.from([137, 80, 78, 71]).toString('base64') },
    })
    expect(image.status).toBe(201)
    const run = await runNow(routine.id)
    expect(run).toMatchObject({ status: 'done', model: 'built-in' })
    expect(run.summary).toMatch(
      /1 page created, 2 updated, 1 moved, 0 deleted, 0 notes filed, by Ada, Walt\.$/,
    )
    expect(run.report).toContain('## runbooks/\n\n- Created `runbooks/restore.md`, by Walt')
    expect(run.report).toContain('- Updated `runbooks/deploy.md`, by Ada')
    expect(run.report).toContain('- Updated `team/handbook.md` 2 times, by Walt, Ada')
    expect(run.report).not.toContain('photo.png')
    expect(run.report).toContain(
      '## services/\n\n- Moved `services/cache.md` to `services/redis-cache.md`, by Walt',
    )
    expect(await page('reports/digest.md')).toBe(run.report)
    // Members: the organization's admin (ada), the contributor and the reader of the space.
    expect(run.outputs).toEqual({ page: 'reports/digest.md', inbox: [], emails: 3, webhook: null })
    // The next digest starts where this one ended, and its own report is not news.
    t.clock.advance(60_000)
    const next = await runNow(routine.id)
    expect(next.summary).toMatch(/^No change from/)
  })

  it('reports a new space’s pages in its first digest, without the file that keeps its folder', async () => {
    const routine = await create({ template: 'digest' })
    const run = await runNow(routine.id)
    expect(run.status).toBe('done')
    expect(run.report).toContain('- Created `runbooks/deploy.md`')
    expect(run.report).not.toContain('.gitkeep')
  })

  it('refuses to run a blank routine by hand without an AI provider, and fails a scheduled one saying why', async () => {
    const routine = await create({
      name: 'Glossary',
      instructions: 'List undefined terms.',
      output_inbox: true,
    })
    const refused = await t.call('POST', `${R}/${routine.id}/run`, { token: admin })
    expect(refused.status).toBe(400)
    expect((await json<{ message: string }>(refused)).message).toMatch(/needs the organization’s AI provider/)
    const fr = await t.call('POST', `${R}/${routine.id}/run`, {
      token: admin,
      headers: { 'accept-language': 'fr' },
    })
    expect((await json<{ message: string }>(fr)).message).toMatch(
      /^Cette routine suit ses propres instructions/,
    )
    expect(await runs(routine.id)).toEqual([])
    // On its schedule it runs, and fails saying why.
    t.clock.advance(8 * 86_400_000)
    expect(await queueDueRoutines(t.deps)).toBe(1)
    await drainJobs(t.deps)
    const [run] = await runs(routine.id)
    expect(run).toMatchObject({ status: 'failed', trigger: 'schedule' })
    expect(run?.error).toMatch(/blank routine needs a model/)
    expect(run?.error).toMatch(/AI settings/)
    expect(await notes()).toEqual([])
  })
})

describe('with an AI provider', () => {
  const useModel = async () => useScriptedModel(t.deps, await world.actor('root'), 'acme', llm)

  it('lets the model read the wiki with its tools and write the report and the findings', async () => {
    await useModel()
    const routine = await create({ template: 'coherence', scope: ['runbooks', 'team'] })
    llm.script([
      { toolCalls: [{ name: 'list_pages', args: {} }], usage: { input: 1000, output: 50 } },
      {
        toolCalls: [
          { name: 'read_page', args: { path: 'runbooks/deploy.md' } },
          { name: 'read_page', args: { path: 'services/redis.md' } },
          { name: 'recent_changes', args: {} },
        ],
        usage: { input: 2000, output: 80 },
      },
      {
        toolCalls: [
          {
            name: 'report_finding',
            args: {
              title: 'On-call size differs',
              detail: 'deploy.md says 6 engineers, handbook.md says 8.',
            },
          },
        ],
        usage: { input: 2500, output: 60 },
      },
      {
        text: '# Coherence check\n\nOne contradiction about the on-call rotation.\n\n- runbooks/deploy.md and team/handbook.md disagree.',
        usage: { input: 3000, output: 200 },
      },
    ])
    const run = await runNow(routine.id)
    expect(run).toMatchObject({
      status: 'done',
      model: 'house-model',
      summary: 'One contradiction about the on-call rotation.',
      tokens: { input: 8500, output: 390 },
      outputs: { page: 'reports/coherence.md', inbox: ['On-call size differs'], emails: 0, webhook: null },
      quota: { monthly_budget: null, month_spent: 0, left: null },
    })
    expect(run.cost).toBeCloseTo((8500 * 2 + 390 * 8) / 1e6, 6)
    expect(await page('reports/coherence.md')).toBe(
      '# Coherence check\n\nOne contradiction about the on-call rotation.\n\n- runbooks/deploy.md and team/handbook.md disagree.\n',
    )
    // Its tools answered from the wiki, within the routine's folders only.
    const answers = JSON.stringify(llm.requests.slice(-3).map((r) => r.body))
    expect(answers).toContain('runbooks/backups.md')
    expect(answers).toContain('The on-call rotation has 6 engineers.')
    expect(answers).not.toContain('Redis holds the cache')
    expect(answers).toContain('No such page.')
    const items = await notes()
    expect(items.map((i) => [i.title, i.source])).toEqual([['On-call size differs', 'routine']])
    expect(await json(await t.call('GET', '/organizations/acme/ai', { token: admin }))).toMatchObject({
      month_spent: run.cost,
    })
  })

  it('runs a blank routine with the model, following its instructions', async () => {
    await useModel()
    const routine = await create({
      name: 'Glossary',
      instructions: 'List the acronyms used without a definition.',
      output_page: 'reports/glossary.md',
    })
    llm.script([{ text: '# Glossary\n\nTwo acronyms lack a definition: LRU, RPO.' }])
    const run = await runNow(routine.id)
    expect(run).toMatchObject({
      status: 'done',
      model: 'house-model',
      outputs: { page: 'reports/glossary.md' },
    })
    expect(await page('reports/glossary.md')).toBe(
      '# Glossary\n\nTwo acronyms lack a definition: LRU, RPO.\n',
    )
    const sent = JSON.stringify(llm.requests.at(-1)?.body)
    expect(sent).toContain('List the acronyms used without a definition.')
    const commit = await commitOf(run.commit ?? '')
    expect(commit?.message).toMatch(/\nSource: routine\nVia: Routine · Glossary\n/)
  })

  it('logs a provider error on the run and writes nothing', async () => {
    await useModel()
    const routine = await create({ template: 'digest' })
    llm.failNext(503, 'overloaded')
    const run = await runNow(routine.id)
    expect(run.status).toBe('failed')
    expect(run.error).toMatch(/503/)
    expect((await t.call('GET', `${S}/files/reports/digest.md`, { token: reader })).status).toBe(404)
  })

  it('refuses runs once the month’s budget is reached, also scheduled ones, and keeps counting deleted routines', async () => {
    await t.call('PUT', '/organizations/acme/ai', {
      token: root,
      body: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        base_url: llm.url,
        api_key: 'sk-test-0123456789',
        monthly_budget: 0.001,
      },
    })
    const routine = await create({ template: 'coherence' })
    llm.script([{ text: '# Coherence check\n\nAll good.', usage: { input: 10_000_000, output: 0 } }])
    const first = await runNow(routine.id)
    expect(first).toMatchObject({
      status: 'done',
      quota: { monthly_budget: 0.001, month_spent: 0, left: 0.001 },
    })
    expect(first.cost).toBeGreaterThan(0.001)
    const refused = await t.call('POST', `${R}/${routine.id}/run`, { token: admin })
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ error: 'invalid' })
    // The scheduled run is logged as failed with the reason, and the model is not called.
    const requests = llm.requests.length
    t.clock.advance(3 * 86_400_000)
    expect(await queueDueRoutines(t.deps)).toBe(0)
    await drainJobs(t.deps)
    const [scheduled] = await runs(routine.id)
    expect(scheduled).toMatchObject({ status: 'failed', trigger: 'schedule' })
    expect(scheduled?.error).toMatch(/budget is reached/)
    expect(scheduled?.quota).toMatchObject({ monthly_budget: 0.001, left: 0 })
    expect(llm.requests.length).toBe(requests)
    // Deleting the routine keeps its spending in the month, and its report page in the wiki.
    expect((await t.call('DELETE', `${R}/${routine.id}`, { token: admin })).status).toBe(204)
    expect((await t.call('GET', `${R}/${routine.id}`, { token: admin })).status).toBe(404)
    expect((await t.call('GET', `${R}/${routine.id}/runs`, { token: admin })).status).toBe(404)
    expect(await json(await t.call('GET', '/organizations/acme/ai', { token: admin }))).toMatchObject({
      month_spent: first.cost,
    })
    expect(await page('reports/coherence.md')).toContain('All good.')
    const other = await create({ template: 'digest' })
    expect((await t.call('POST', `${R}/${other.id}/run`, { token: admin })).status).toBe(400)
  })
})

describe('schedules', () => {
  it('keeps 08:00 local across a daylight-saving change, and runs a missed schedule once', async () => {
    await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { timezone: 'Europe/Paris' } })
    const routine = await create({ template: 'coherence' })
    // Monday 23 November 2026, 08:00 in Paris (UTC+1).
    expect(routine.next_run).toBe('2026-11-23T07:00:00.000Z')
    expect(await queueDueRoutines(t.deps)).toBe(0)
    // Monday 22 March 2027, 08:30 in Paris: seventeen Mondays were missed, one run makes up for them.
    t.clock.advance(Date.parse('2027-03-22T07:30:00Z') - t.clock.now())
    expect(await queueDueRoutines(t.deps)).toBe(1)
    expect(await queueDueRoutines(t.deps)).toBe(0)
    await drainJobs(t.deps)
    const done = await runs(routine.id)
    expect(done.map((r) => [r.trigger, r.status])).toEqual([['schedule', 'done']])
    const after = await json<Routine>(await t.call('GET', `${R}/${routine.id}`, { token: writer }))
    // Summer time began on 28 March: Monday 29 March, 08:00 in Paris is 06:00 UTC.
    expect(after.next_run).toBe('2027-03-29T06:00:00.000Z')
    expect(after.last_run).toBe('2027-03-22T07:30:00.000Z')
  })

  it('keeps queued runs across a restart, and runs a schedule missed while the server was down once at start', async () => {
    const routine = await create({ template: 'coherence', frequency: 'daily', at: '08:00' })
    expect((await t.call('POST', `${R}/${routine.id}/run`, { token: admin })).status).toBe(202)
    expect((await runs(routine.id)).map((r) => r.status)).toEqual(['running'])
    // Down for three days: three 08:00s go by.
    await t.restart()
    t.clock.advance(3 * 86_400_000)
    const runner = startJobRunner(t.deps, { info() {}, warn() {}, error() {} })
    try {
      for (let i = 0; i < 200; i++) {
        const listed = await runs(routine.id)
        if (listed.length === 2 && listed.every((r) => r.status === 'done')) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await runner.stop()
    }
    const listed = await runs(routine.id)
    expect(listed.map((r) => [r.trigger, r.status])).toEqual([
      ['schedule', 'done'],
      ['manual', 'done'],
    ])
    const after = await json<Routine>(await t.call('GET', `${R}/${routine.id}`, { token: writer }))
    expect(after.next_run).toBe('2026-11-25T08:00:00.000Z')
  })
})
