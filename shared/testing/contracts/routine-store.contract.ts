import { describe, expect, it } from 'vitest'
import type { Routine, RoutineRun } from '../../ports/store.ts'
import { expectRefused, freshStore, type MakeStore, seedTwoTenants } from './store-fixture.ts'

const routine = (id: string, extra: Partial<Routine> = {}): Omit<Routine, 'spaceId'> => ({
  id,
  name: `Routine ${id}`,
  template: '',
  instructions: 'Read the wiki.',
  frequency: 'weekly',
  weekday: 0,
  monthday: 1,
  at: '08:00',
  scope: [],
  outputPage: 'reports/r.md',
  outputInbox: false,
  outputWebhook: '',
  webhookSecret: null,
  outputEmail: '',
  enabled: true,
  nextRun: null,
  lastRun: null,
  createdAt: 0,
  ...extra,
})

const run = (id: string, routineId: string, createdAt: number, cost = 0): Omit<RoutineRun, 'spaceId'> => ({
  id,
  routineId,
  status: 'running',
  trigger: 'manual',
  model: '',
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
  createdAt,
  startedAt: null,
  finishedAt: null,
})

/** The contract of a space's routines and their runs, and of the routines due across the service. */
export function describeRoutineStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: routines`, () => {
    const store = freshStore(makeStore)

    it('keeps a space’s routines with every field, changes and deletes them', async () => {
      const { acme, wiki } = await seedTwoTenants(store())
      const routines = store().forOrg(acme.id).space(wiki.id).routines
      await routines.create(routine('a', { scope: ['ops', 'team'], outputEmail: 'members', createdAt: 1 }))
      await routines.create(routine('b', { createdAt: 2, webhookSecret: 'sealed' }))
      expect((await routines.list()).map((r) => r.id)).toEqual(['a', 'b'])
      expect(await routines.get('a')).toEqual({
        ...routine('a', { scope: ['ops', 'team'], outputEmail: 'members', createdAt: 1 }),
        spaceId: wiki.id,
      })
      const changed = await routines.update('a', { name: 'Renamed', scope: [], enabled: false, nextRun: 5 })
      expect(changed).toMatchObject({ name: 'Renamed', scope: [], enabled: false, nextRun: 5 })
      expect(await routines.update('missing', { name: 'x' })).toBeUndefined()
      expect(await routines.delete('a')).toBe(true)
      expect(await routines.delete('a')).toBe(false)
      expect((await routines.list()).map((r) => r.id)).toEqual(['b'])
    })

    it('lists a routine’s runs newest first, and keeps them and their cost after the routine is deleted', async () => {
      const { acme, wiki } = await seedTwoTenants(store())
      const org = store().forOrg(acme.id)
      const routines = org.space(wiki.id).routines
      await routines.create(routine('a'))
      await routines.createRun(run('r1', 'a', 100, 0.5))
      await routines.createRun(run('r2', 'a', 100, 0.25))
      await routines.createRun(run('r3', 'other', 200, 1))
      await routines.updateRun('r1', {
        status: 'done',
        outputs: { page: 'reports/r.md', inbox: ['One'], emails: 2, webhook: null },
        quota: { monthlyBudget: 5, monthSpent: 1, left: 4 },
      })
      expect((await routines.runs('a', 10)).map((r) => r.id)).toEqual(['r2', 'r1'])
      expect(await routines.run('r1')).toMatchObject({
        spaceId: wiki.id,
        status: 'done',
        outputs: { page: 'reports/r.md', inbox: ['One'], emails: 2, webhook: null },
        quota: { monthlyBudget: 5, monthSpent: 1, left: 4 },
      })
      await routines.delete('a')
      expect((await routines.runs('a', 10)).length).toBe(2)
      expect(await org.tidy.spentSince(0)).toBeCloseTo(1.75, 6)
      expect(await org.tidy.spentSince(150)).toBeCloseTo(1, 6)
    })

    it('answers the routines due, enabled ones only', async () => {
      const { acme, globex, wiki, secret } = await seedTwoTenants(store())
      await store()
        .forOrg(acme.id)
        .space(wiki.id)
        .routines.create(routine('due', { nextRun: 100 }))
      await store()
        .forOrg(acme.id)
        .space(wiki.id)
        .routines.create(routine('later', { nextRun: 500 }))
      await store()
        .forOrg(acme.id)
        .space(wiki.id)
        .routines.create(routine('off', { nextRun: 100, enabled: false }))
      await store()
        .forOrg(globex.id)
        .space(secret.id)
        .routines.create(routine('other', { nextRun: 50 }))
      const due = await store().dueRoutines(200)
      expect(due.map((d) => [d.routine.id, d.space.slug])).toEqual([
        ['other', 'secret'],
        ['due', 'wiki'],
      ])
    })

    it('refuses another organization’s space', async () => {
      const { acme, secret, globex } = await seedTwoTenants(store())
      await store().forOrg(globex.id).space(secret.id).routines.create(routine('theirs'))
      await store()
        .forOrg(globex.id)
        .space(secret.id)
        .routines.createRun(run('x', 'theirs', 1, 3))
      const wrong = store().forOrg(acme.id).space(secret.id).routines
      await expectRefused(() => wrong.list())
      await expectRefused(() => wrong.get('theirs'))
      await expectRefused(() => wrong.run('x'))
      await expectRefused(() => wrong.runs('theirs', 10))
      await expectRefused(() => wrong.delete('theirs'))
      expect(await store().forOrg(acme.id).tidy.spentSince(0)).toBe(0)
      expect(await store().forOrg(globex.id).space(secret.id).routines.get('theirs')).toBeDefined()
    })
  })
}
