import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/job-worker.ts'
import { queueDueRoutines } from '../services/routine-runs.ts'
import { type FakeLlm, startFakeLlm } from '../testing/fake-llm-server.ts'
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
type Item = { name: string; title: string; source: string; via: string; deposited_by: string }

let llm: FakeLlm
beforeAll(async () => {
  llm = await startFakeLlm()
})
afterAll(() => llm.stop())

let t: TestApp
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
  root = await t.user('root', { superadmin: true })
  admin = await t.user('ada')
  writer = await t.user('walt')
  reader = await t.user('rita')
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme' } })
  await t.call('PUT', '/organizations/acme/members/ada', { token: root, body: { role: 'admin' } })
  await t.call('POST', '/organizations/acme/spaces', { token: admin, body: { slug: 'ops', name: 'Ops' } })
  await t.call('PUT', `${S}/members/walt`, { token: admin, body: { role: 'contributor' } })
  await t.call('PUT', `${S}/members/rita`, { token: admin, body: { role: 'reader' } })
  for (const [path, content] of Object.entries(WIKI)) await write(path, content, admin)
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
const notes = async () => json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: writer }))
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
    const run = await runNow(routine.id)
    expect(run).toMatchObject({ status: 'done', model: 'built-in' })
    expect(run.summary).toMatch(
      /1 page created, 1 updated, 1 moved, 0 deleted, 0 notes filed, by Ada, Walt\.$/,
    )
    expect(run.report).toContain('## runbooks/\n\n- Created `runbooks/restore.md`, by Walt')
    expect(run.report).toContain('- Updated `runbooks/deploy.md`, by Ada')
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

  it('fails a blank routine with a clear error when the organization has no AI provider', async () => {
    const routine = await create({
      name: 'Glossary',
      instructions: 'List undefined terms.',
      output_inbox: true,
    })
    const run = await runNow(routine.id)
    expect(run.status).toBe('failed')
    expect(run.error).toMatch(/blank routine needs a model/)
    expect(run.error).toMatch(/AI settings/)
    expect(await notes()).toEqual([])
  })
})
