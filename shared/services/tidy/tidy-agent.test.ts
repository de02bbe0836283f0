import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../../services/jobs/job-worker.ts'
import { scriptedModel, useScriptedModel } from '../../testing/builders/scripted-model.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { SMALL_OPS_PAGES } from '../../testing/fixtures/small-ops-space.ts'
import { json, type TestApp, testApp } from '../../testing/test-app.ts'
import { existingPages } from './tidy-agent.ts'

type Item = { name: string; status: string; reason: string; candidates: string[] }

const llm = scriptedModel()
const S = '/organizations/acme/spaces/ops'

let t: TestApp
let world: World
let writer: string

beforeEach(async () => {
  t = await testApp()
  world = await seedWorld(t.deps, {
    spaces: { ops: { members: { walt: 'contributor' }, pages: SMALL_OPS_PAGES } },
  })
  writer = world.token('walt')
  await t.deps.indexQueue.idle()
  const admin = world.token('ada')
  for (const item of await json<Item[]>(await t.call('GET', `${S}/inbox?kind=change`, { token: admin })))
    await t.call('POST', `${S}/inbox/${item.name}/seen`, { token: admin })
  await useScriptedModel(t.deps, await world.actor('root'), 'acme', llm)
})
afterEach(() => t.close())

describe('the AI-model tidy-up', () => {
  it('leaves a note it cannot place with the pages it could go to, for the person to pick one', async () => {
    const note = await json<Item>(
      await t.call('POST', `${S}/inbox`, {
        token: writer,
        body: { title: 'Pool size', content: 'The connection pool runs out at 200 clients.' },
      }),
    )
    llm.script([
      {
        toolCalls: [
          {
            name: 'leave_note',
            args: {
              note: note.name,
              reason: 'Either database page could hold this.',
              // A page the model imagined is never offered; the content/ prefix is read as the same page.
              candidates: ['services/postgres.md', 'services/pgbouncer.md', 'content/services/redis.md'],
            },
          },
        ],
      },
      { text: 'Left the pool note.' },
    ])
    expect((await t.call('POST', `${S}/tidy`, { token: writer })).status).toBe(202)
    await drainJobs(t.deps)
    const left = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=left`, { token: writer }))
    expect(left).toEqual([
      expect.objectContaining({
        name: note.name,
        status: 'left',
        reason: 'Either database page could hold this.',
        candidates: ['services/postgres.md', 'services/redis.md'],
      }),
    ])
  })
})

describe('existingPages', () => {
  it('keeps the pages that exist, once each, best first, three at most', () => {
    const pages = ['a.md', 'b.md', 'c.md', 'd.md']
    expect(existingPages(pages, ['b.md', 'x.md', 'b.md', '/content/a.md', 'c.md', 'd.md'])).toEqual([
      'b.md',
      'a.md',
      'c.md',
    ])
  })
})
