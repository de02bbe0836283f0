import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Embedder } from '../ports/embedder.ts'
import { drainJobs, JOB_LEASE_MS } from '../services/jobs/job-worker.ts'
import type { PutAiInput } from '../services/providers/ai-settings.ts'
import { queueDailyRuns } from '../services/tidy/tidy-schedule.ts'
import { MODEL_KEY, scriptedModel, useScriptedModel } from '../testing/builders/scripted-model.ts'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { COMPETING_NOTE, SMALL_OPS_PAGES } from '../testing/fixtures/small-ops-space.ts'
import { json, sharedSentenceEmbedder, type TestApp, testApp } from '../testing/test-app.ts'

type Run = {
  id: string
  status: string
  trigger: string
  model: string
  items_done: number
  items_left: number
  summary: string
  operations: { kind: string; note: string; path?: string; applied: boolean; refusal?: string }[]
  commit: string | null
  input_tokens: number
  output_tokens: number
  cost: number
  error: string | null
  reverted_at: string | null
}
type Item = {
  name: string
  type: string
  status: string
  reason: string
  title: string
  candidates: string[]
}

const llm = scriptedModel()

let t: TestApp
let world: World
let root: string
let admin: string
let writer: string
const S = '/organizations/acme/spaces/ops'
const PAGES = SMALL_OPS_PAGES
/** The first line of each text the built-in filer asked its sentence model about, in this test. */
let asked: string[]
const sentence: Embedder = {
  ...sharedSentenceEmbedder(),
  embed: (texts) => {
    asked.push(...texts.map((text) => text.split('\n')[0]!))
    return sharedSentenceEmbedder().embed(texts)
  },
}
beforeEach(async () => {
  asked = []
  t = await testApp({}, { sentenceEmbedder: sentence })
  world = await seedWorld(t.deps, { spaces: { ops: { members: { walt: 'contributor' }, pages: PAGES } } })
  root = world.token('root')
  admin = world.token('ada')
  writer = world.token('walt')
  // Those pages are the wiki as it stands: the tidy-up is about notes from here on. Their changes
  // are logged by the indexing that follows each write, in the background: all of them first.
  await t.deps.indexQueue.idle()
  for (const item of await json<Item[]>(await t.call('GET', `${S}/inbox?kind=change`, { token: admin }))) {
    await t.call('POST', `${S}/inbox/${item.name}/seen`, { token: admin })
  }
})
afterEach(() => t.close())

const drop = async (body: Record<string, unknown>) =>
  json<Item>(await t.call('POST', `${S}/inbox`, { token: writer, body }))
const page = async (path: string) =>
  (await json<{ text: string }>(await t.call('GET', `${S}/files/${path}`, { token: writer }))).text
const runs = async () => json<Run[]>(await t.call('GET', `${S}/tidy/runs`, { token: writer }))
const tidy = async (token = writer) => {
  const response = await t.call('POST', `${S}/tidy`, { token })
  expect(response.status).toBe(202)
  await drainJobs(t.deps)
  return (await runs())[0] as Run
}

describe('the built-in filer', () => {
  it('files notes into the right pages in one commit, leaves what it cannot place, and logs the run', async () => {
    await drop({
      title: 'Backup restore drill',
      content: 'The November restore drill took 42 minutes; the object store restore was the slowest step.',
    })
    await drop({
      title: 'Redis memory',
      content:
        'Redis memory alerts fired twice this week; eviction policy allkeys-lru kept the cache healthy.',
    })
    await drop({ title: 'Call Bob', content: 'call bob' })
    const run = await tidy()
    expect(run).toMatchObject({
      status: 'done',
      trigger: 'manual',
      model: 'built-in filer',
      items_done: 2,
      items_left: 1,
      input_tokens: 0,
      cost: 0,
      error: null,
      summary: 'Filed 2 notes, left 1.',
    })
    expect(run.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(await page('runbooks/backups.md')).toContain('The November restore drill took 42 minutes')
    expect(await page('services/redis.md')).toContain('Redis memory alerts fired twice this week')
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.title)).toEqual(['Call Bob'])
    expect(left[0]?.reason).not.toBe('')
    expect((await json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: writer }))).length).toBe(
      0,
    )
  })

  it('leaves a note two pages compete for with both named, and files it where the person picks', async () => {
    await drop(COMPETING_NOTE)
    // The pages' vectors are in the index, as they are once a write has been indexed.
    await t.deps.indexQueue.idle()
    expect((await tidy()).items_left).toBe(1)
    // The index holds the static model's vectors, whose closeness follows the words that ranked the
    // pages: the transformer weighs the two pages, from the note and their chunks, and nothing else.
    expect(asked.sort()).toEqual(['Backups', 'Postgres', 'Restore and pooling'])
    const [left] = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left?.candidates).toEqual(['runbooks/backups.md', 'services/postgres.md'])
    expect(left?.reason).toBe(
      'This note could go to runbooks/backups.md or services/postgres.md; none of them is clearly the place for it. Pick one or add a hint.',
    )
    const [op] = (await runs())[0]!.operations
    expect(op).toMatchObject({ kind: 'leave', candidates: ['runbooks/backups.md', 'services/postgres.md'] })

    // One click in the inbox: the candidate becomes the note's hint, and the next run files it there.
    const picked = await t.call('PATCH', `${S}/inbox/${left!.name}`, {
      token: writer,
      body: { hint: 'services/postgres.md' },
    })
    expect(await json<Item>(picked)).toMatchObject({ status: 'pending', candidates: [], reason: '' })
    expect((await tidy()).items_done).toBe(1)
    expect(await page('services/postgres.md')).toContain('pgbouncer pooling were both reviewed')
  })

  it('is credited to the space, with the notes’ authors as co-authors', async () => {
    await drop({
      title: 'Deploy rollback',
      content: 'Rolling back a deploy with the previous release tag took 3 minutes in the pipeline.',
    })
    const run = await tidy()
    const [commit] = await json<{ commit: string; author: string; subject: string }[]>(
      await t.call('GET', `${S}/history/runbooks/deploy.md?limit=1`, { token: writer }),
    )
    expect(commit).toMatchObject({ commit: run.commit, author: 'Ops tidy-up' })
    const { execFile } = await import('node:child_process')
    const body = await new Promise<string>((resolve) =>
      execFile('git', ['--git-dir', `${t.dir}/repos/1.git`, 'log', '-1', '--format=%B'], (_e, out) =>
        resolve(out),
      ),
    )
    expect(body).toContain('Co-authored-by: Walt <walt@example.com>')
    expect(body).toContain(`Tidy-run: ${run.id}`)
  })

  it('does nothing (and says so) when the inbox is empty', async () => {
    expect(await tidy()).toMatchObject({ status: 'done', summary: 'Nothing to tidy.', commit: null })
  })
})

describe('revert', () => {
  it('puts the pages back and the notes back in the inbox (admin only), once', async () => {
    await drop({
      title: 'Backup restore drill',
      content: 'The November restore drill took 42 minutes; the object store restore was the slowest step.',
    })
    const before = await page('runbooks/backups.md')
    const run = await tidy()
    expect((await t.call('POST', `${S}/tidy/runs/${run.id}/revert`, { token: writer })).status).toBe(403)
    expect((await t.call('POST', `${S}/tidy/runs/${run.id}/revert`, { token: admin })).status).toBe(200)
    expect(await page('runbooks/backups.md')).toBe(before)
    const notes = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: writer }))
    expect(notes.map((n) => n.title)).toEqual(['Backup restore drill'])
    expect((await runs())[0]?.reverted_at).toBe('2026-11-21T09:00:00.000Z')
    expect((await t.call('POST', `${S}/tidy/runs/${run.id}/revert`, { token: admin })).status).toBe(400)
  })

  it('refuses (409) when a page the run changed was edited since, overwriting nothing', async () => {
    await drop({
      title: 'Backup restore drill',
      content: 'The November restore drill took 42 minutes; the object store restore was the slowest step.',
    })
    const run = await tidy()
    const current = await json<{ sha: string; text: string }>(
      await t.call('GET', `${S}/files/runbooks/backups.md`, { token: writer }),
    )
    await t.call('PUT', `${S}/files/runbooks/backups.md`, {
      token: writer,
      body: { content: `${current.text}\nLater edit.\n`, base_sha: current.sha },
    })
    const response = await t.call('POST', `${S}/tidy/runs/${run.id}/revert`, { token: admin })
    expect(response.status).toBe(409)
    expect(await page('runbooks/backups.md')).toContain('Later edit.')
  })
})

describe('limits and schedules', () => {
  it('allows 5 manual runs per person and space per 24 h, 20 for an organization admin', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
    const limited = await t.call('POST', `${S}/tidy`, { token: writer })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
    for (let i = 0; i < 20; i++)
      expect((await t.call('POST', `${S}/tidy`, { token: admin })).status).toBe(202)
    expect((await t.call('POST', `${S}/tidy`, { token: admin })).status).toBe(429)
    t.clock.advance(24 * 3600_000)
    expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
  })

  it('validates the settings (admin) and runs daily at the space’s time in its time zone', async () => {
    expect(
      (await t.call('PATCH', `${S}/tidy-settings`, { token: writer, body: { enabled: true } })).status,
    ).toBe(403)
    expect(
      (await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { time: '25:00' } })).status,
    ).toBe(400)
    expect(
      (await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { timezone: 'Mars/Olympus' } }))
        .status,
    ).toBe(400)
    expect((await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { delay: -1 } })).status).toBe(
      422,
    )
    expect(
      (
        await t.call('PATCH', `${S}/tidy-settings`, {
          token: admin,
          body: { enabled: true, time: '11:30', timezone: 'Europe/Paris' },
        })
      ).status,
    ).toBe(204)
    // 09:00 UTC is 10:00 in Paris: nothing yet; 10:30 UTC is 11:30 in Paris.
    expect(await queueDailyRuns(t.deps)).toBe(0)
    t.clock.advance(90 * 60_000)
    expect(await queueDailyRuns(t.deps)).toBe(1)
    expect(await queueDailyRuns(t.deps)).toBe(0)
    await drainJobs(t.deps)
    expect((await runs())[0]).toMatchObject({ trigger: 'daily', status: 'done' })
  })

  it('reads the settings back (admin only)', async () => {
    const read = async () => json(await t.call('GET', `${S}/tidy-settings`, { token: admin }))
    expect(await read()).toMatchObject({ enabled: false, next_daily_at: null })
    await t.call('PATCH', `${S}/tidy-settings`, {
      token: admin,
      body: { enabled: true, time: '11:30', timezone: 'Europe/Paris', model: 'small', delay: 15 },
    })
    expect(await read()).toEqual({
      enabled: true,
      time: '11:30',
      timezone: 'Europe/Paris',
      model: 'small',
      delay: 15,
      next_daily_at: expect.any(String),
    })
    expect((await t.call('GET', `${S}/tidy-settings`, { token: writer })).status).toBe(403)
  })

  it('runs continuously `delay` minutes after the last drop', async () => {
    await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { enabled: true, delay: 10 } })
    await drop({
      title: 'Redis memory',
      content:
        'Redis memory alerts fired twice this week; eviction policy allkeys-lru kept the cache healthy.',
    })
    t.clock.advance(6 * 60_000)
    await drop({
      title: 'Postgres vacuum',
      content:
        'Postgres vacuum settings tuned again; pgbouncer connection pooling limits raised on the primary database cluster.',
    })
    t.clock.advance(6 * 60_000)
    expect(await drainJobs(t.deps)).toBe(0)
    t.clock.advance(5 * 60_000)
    expect(await drainJobs(t.deps)).toBe(1)
    const [run] = await runs()
    expect(run).toMatchObject({ trigger: 'continuous', status: 'done', items_done: 2 })
  })
})

describe('a restart in the middle of a run', () => {
  it('loses nothing: the job is taken again once its lease ends, and the notes are filed once', async () => {
    await drop({
      title: 'Backup restore drill',
      content: 'The November restore drill took 42 minutes; the object store restore was the slowest step.',
    })
    await t.call('POST', `${S}/tidy`, { token: writer })
    // A worker takes the job, then the process dies before finishing it.
    expect(await t.deps.store.jobs.claim(t.clock.now(), JOB_LEASE_MS)).toBeDefined()
    await t.abandon()
    expect(await drainJobs(t.deps)).toBe(0)
    t.clock.advance(JOB_LEASE_MS + 1)
    expect(await drainJobs(t.deps)).toBe(1)
    const [run] = await runs()
    expect(run).toMatchObject({ status: 'done', items_done: 1 })
    expect((await page('runbooks/backups.md')).match(/restore drill took 42 minutes/g)).toHaveLength(1)
  })
})

describe('with an AI provider', () => {
  const useModel = async (overrides: Partial<PutAiInput> = {}) =>
    useScriptedModel(t.deps, await world.actor('root'), 'acme', llm, overrides)

  it('keeps the key write-only, reserves base_url for the super admin, and tests the model', async () => {
    expect(await json(await t.call('GET', '/organizations/acme/ai', { token: admin }))).toBeNull()
    const response = await t.call('PUT', '/organizations/acme/ai', {
      token: root,
      body: {
        provider: 'openai-compatible',
        model: 'house-model',
        base_url: llm.url,
        api_key: MODEL_KEY,
        price_input: 2,
        price_output: 8,
      },
    })
    expect(response.status).toBe(200)
    const settings = await json<Record<string, unknown>>(response)
    expect(settings).toMatchObject({
      provider: 'openai-compatible',
      model: 'house-model',
      has_key: true,
      price_input: 2,
      price_output: 8,
      metered: false,
      month_spent: 0,
    })
    expect(JSON.stringify(settings)).not.toContain(MODEL_KEY)
    expect(
      (
        await t.call('PUT', '/organizations/acme/ai', {
          token: admin,
          body: { provider: 'openai-compatible', model: 'x', base_url: 'http://elsewhere.example/v1' },
        })
      ).status,
    ).toBe(403)
    const kept = await json(
      await t.call('PUT', '/organizations/acme/ai', {
        token: admin,
        body: { provider: 'openai-compatible', model: 'house-model-2' },
      }),
    )
    expect(kept).toMatchObject({ has_key: true, model: 'house-model-2' })
    llm.script([{ text: 'Hello from the model', usage: { input: 1000, output: 500 } }])
    const test = await json(
      await t.call('POST', '/organizations/acme/ai/test', { token: admin, body: { message: 'Say hello' } }),
    )
    expect(test).toEqual({
      ok: true,
      reply: 'Hello from the model',
      model: 'house-model-2',
      input_tokens: 1000,
      output_tokens: 500,
      cost: 0.006,
      error: null,
    })
    llm.failNext(500, 'the model is down')
    const failed = await json(
      await t.call('POST', '/organizations/acme/ai/test', { token: admin, body: { message: 'Say hello' } }),
    )
    expect(failed).toMatchObject({ ok: false, reply: '' })
    expect(String(failed.error)).toMatch(/500/)
    const anthropic = await json(
      await t.call('PUT', '/organizations/acme/ai', {
        token: root,
        body: { provider: 'anthropic', model: 'claude-sonnet-4' },
      }),
    )
    expect(anthropic).toMatchObject({ has_key: false, metered: true })
  })

  it('files notes as the model proposes through its tools, recording tokens and cost', async () => {
    await useModel()
    const a = await drop({ title: 'Restore drill', content: 'The restore drill took 42 minutes.' })
    const b = await drop({ title: 'Lunch', content: 'Team lunch on Friday.' })
    llm.script([
      {
        toolCalls: [{ name: 'search_pages', args: { query: 'restore drill backups' } }],
        usage: { input: 2000, output: 100 },
      },
      {
        toolCalls: [
          {
            name: 'append_to_page',
            args: {
              note: a.name,
              path: 'runbooks/backups.md',
              text: '## Restore drill (2026-11-21)\n\nThe restore drill took 42 minutes.',
            },
          },
          { name: 'leave_note', args: { note: b.name, reason: 'Not about operations.' } },
        ],
        usage: { input: 3000, output: 300 },
      },
      { text: 'Filed the drill; left the lunch note.', usage: { input: 1000, output: 50 } },
    ])
    const run = await tidy()
    expect(run).toMatchObject({
      status: 'done',
      model: 'house-model',
      items_done: 1,
      items_left: 1,
      input_tokens: 6000,
      output_tokens: 450,
    })
    expect(run.cost).toBeCloseTo((6000 * 2 + 450 * 8) / 1e6, 6)
    expect(run.operations.map((o) => [o.kind, o.applied])).toEqual([
      ['append', true],
      ['leave', true],
    ])
    expect(await page('runbooks/backups.md')).toContain('## Restore drill (2026-11-21)')
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.reason)).toEqual(['Not about operations.'])
    const searched = JSON.stringify(llm.requests.at(-2)?.body)
    expect(searched).toContain('runbooks/backups.md')
    expect(await json(await t.call('GET', '/organizations/acme/ai', { token: admin }))).toMatchObject({
      month_spent: run.cost,
    })
  })

  it('refuses operations outside content/ or carrying secrets, leaving the note with the reason', async () => {
    await useModel()
    const a = await drop({ title: 'Sneaky', content: 'Something.' })
    llm.script([
      {
        toolCalls: [
          { name: 'create_page', args: { note: a.name, path: '../.service/vocation.md', text: 'pwned' } },
        ],
      },
      { text: 'done' },
    ])
    const run = await tidy()
    expect(run.operations[0]).toMatchObject({ applied: false })
    expect(run.operations[0]?.refusal).toMatch(/not a page path/)
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.title)).toEqual(['Sneaky'])
  })

  it('refuses a page name that could disguise itself, quoting it plainly in the reason', async () => {
    await useModel()
    const a = await drop({ title: 'Invoice', content: 'Invoice details.' })
    llm.script([
      {
        toolCalls: [
          { name: 'create_page', args: { note: a.name, path: 'bills/inv\u202edm.exe.md', text: 'x' } },
        ],
      },
      { text: 'done' },
    ])
    const run = await tidy()
    expect(run.operations[0]).toMatchObject({ applied: false })
    expect(run.operations[0]?.refusal).toBe('"bills/inv<U+202E>dm.exe.md" is not a page path under content/')
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))
    expect(tree.filter((f) => f.path.startsWith('bills/'))).toEqual([])
  })

  it('refuses a new page a clone on Windows or macOS could not hold beside the others, saying why', async () => {
    await useModel()
    await t.call('PUT', `${S}/files/Onboarding.md`, { token: writer, body: { content: '# Onboarding\n' } })
    const a = await drop({ title: 'Badge', content: 'Badges are at the front desk.' })
    const b = await drop({ title: 'Parking', content: 'Parking is behind the building.' })
    llm.script([
      {
        toolCalls: [
          { name: 'create_page', args: { note: a.name, path: 'onboarding.md', text: 'Badges.' } },
          { name: 'create_page', args: { note: b.name, path: 'aux.md', text: 'Parking.' } },
        ],
      },
      { text: 'done' },
    ])
    const run = await tidy()
    expect(run.operations.map((op) => op.applied)).toEqual([false, false])
    expect(run.operations[0]?.refusal).toContain('"Onboarding.md" is already in the space')
    expect(run.operations[1]?.refusal).toContain('The name "aux.md" cannot be used')
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))
    expect(tree.map((f) => f.path).filter((p) => /onboarding|aux/i.test(p))).toEqual(['Onboarding.md'])
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left.map((i) => i.title).sort()).toEqual(['Badge', 'Parking'])
  })

  it('refuses a second page of one run named as the first but for case', async () => {
    await useModel()
    const a = await drop({ title: 'Laptops', content: 'Laptops are ordered on day one.' })
    const b = await drop({ title: 'Badges', content: 'Badges are at the front desk.' })
    llm.script([
      {
        toolCalls: [
          { name: 'create_page', args: { note: a.name, path: 'Onboarding/laptops.md', text: 'Laptops.' } },
          { name: 'create_page', args: { note: b.name, path: 'onboarding/badges.md', text: 'Badges.' } },
        ],
      },
      { text: 'done' },
    ])
    const run = await tidy()
    expect(run.operations.map((op) => op.applied)).toEqual([true, false])
    expect(run.operations[1]?.refusal).toContain('"Onboarding" is already in the space')
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))
    expect(tree.map((f) => f.path).filter((p) => /onboarding/i.test(p))).toEqual(['Onboarding/laptops.md'])
  })

  it('leaves a note whose attachment no clone on Windows could hold (dropped before names were made fit)', async () => {
    await useModel()
    const a = await drop({
      title: 'Scan',
      content: 'The signed form.',
      attachments: [{ name: 'form.png', content_base64: 'iVBORw==' }],
    })
    // As an older version kept it: the attachment under a device name.
    const repo = t.deps.repos.open(await t.idOf('space', 'ops'), 'main')
    const folder = `.service/inbox/${a.name}`
    await repo.commit({
      parent: await repo.head(),
      changes: [
        { path: `${folder}/form.png`, content: null },
        { path: `${folder}/CON.png`, content: new Uint8Array([137, 80, 78, 71]) },
      ],
      author: { name: 'Walt', email: 'walt@example.com' },
      message: 'An older drop',
    })
    await repo.settle()
    llm.script([
      { toolCalls: [{ name: 'create_page', args: { note: a.name, path: 'forms.md', text: 'The form.' } }] },
      { text: 'done' },
    ])
    const run = await tidy()
    expect(run.operations[0]).toMatchObject({ applied: false })
    expect(run.operations[0]?.refusal).toContain('The name "CON.png" cannot be used')
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))
    expect(tree.filter((f) => f.path.startsWith('attachments/') || f.path === 'forms.md')).toEqual([])
  })

  it('reports a provider error on the run, never as a 500', async () => {
    await useModel()
    await drop({ title: 'Restore drill', content: 'The restore drill took 42 minutes.' })
    llm.failNext(503, 'overloaded')
    const run = await tidy()
    expect(run.status).toBe('failed')
    expect(run.error).toMatch(/503/)
    expect((await json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: writer }))).length).toBe(
      1,
    )
  })

  it('needs a priced model for a budget, and stops before calling the model once the budget is spent', async () => {
    const unpriced = await t.call('PUT', '/organizations/acme/ai', {
      token: root,
      body: {
        provider: 'openai-compatible',
        model: 'mystery',
        base_url: 'https://llm.example.com/v1',
        monthly_budget: 5,
      },
    })
    expect(unpriced.status).toBe(400)
    await useModel({ baseUrl: 'https://llm.example.com/v1', monthlyBudget: 0.01 })
    await t.call('PUT', '/organizations/acme/ai', {
      token: root,
      body: { provider: 'openai-compatible', model: 'house-model', base_url: llm.url, monthly_budget: 0.01 },
    })
    expect((await json(await t.call('GET', '/organizations/acme/ai', { token: admin }))).metered).toBe(false)
    // A local model is not billed per use, so use a metered address for the budget test.
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
    await drop({ title: 'Restore drill', content: 'The restore drill took 42 minutes.' })
    llm.script([{ text: 'ok', usage: { input: 10_000_000, output: 0 } }])
    const first = await tidy()
    expect(first.cost).toBeGreaterThan(0.001)
    const requests = llm.requests.length
    await drop({ title: 'Another', content: 'Another note.' })
    const second = await tidy(admin)
    expect(second).toMatchObject({ status: 'failed' })
    expect(second.error).toMatch(/budget/)
    expect(llm.requests.length).toBe(requests)
  })
})
