import { describe, expect, it } from 'vitest'
import type { Store } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedOrganization, seedSpace } from './store-fixture.ts'

const LEASE = 60_000

/** The contract of the JobStore port: a persisted queue with leases, one running job per space. */
export function describeJobStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: jobs`, () => {
    const store = freshStore(makeStore)

    /** Two spaces to queue work for. */
    const twoSpaces = async (s: Store) => {
      const org = await seedOrganization(s, 'acme')
      return [(await seedSpace(s, org.id, 'one')).id, (await seedSpace(s, org.id, 'two')).id] as const
    }
    const enqueue = async (spaceId: number | null, runAt: number, kind = 'sync', payload = {}) =>
      await store().jobs.enqueue({ kind, spaceId, payload, runAt }, 0)

    it('queues a job as given, not yet attempted', async () => {
      const [one] = await twoSpaces(store())
      const job = await enqueue(one, 100, 'tidy', { trigger: 'daily', items: [1, 2] })
      expect(job).toEqual({
        id: job.id,
        kind: 'tidy',
        spaceId: one,
        payload: { trigger: 'daily', items: [1, 2] },
        status: 'queued',
        runAt: 100,
        attempts: 0,
      })
    })

    it('hands out nothing while no job is due', async () => {
      expect(await store().jobs.claim(1000, LEASE)).toBeUndefined()
      await enqueue(null, 1000)
      expect(await store().jobs.claim(999, LEASE)).toBeUndefined()
    })

    it('leases a due job, running and counted as one attempt', async () => {
      const queued = await enqueue(null, 1000, 'mail', { to: 'dana' })
      const claimed = await store().jobs.claim(1000, LEASE)
      expect(claimed).toEqual({ ...queued, status: 'running', attempts: 1 })
    })

    it('hands out due jobs earliest first', async () => {
      const late = await enqueue(null, 300)
      const early = await enqueue(null, 100)
      const middle = await enqueue(null, 200)
      const order = []
      for (let i = 0; i < 3; i++) order.push((await store().jobs.claim(1000, LEASE))?.id)
      expect(order).toEqual([early.id, middle.id, late.id])
      expect(await store().jobs.claim(1000, LEASE)).toBeUndefined()
    })

    it('does not hand out a leased job again until its lease runs out', async () => {
      const job = await enqueue(null, 0)
      await store().jobs.claim(0, LEASE)
      expect(await store().jobs.claim(LEASE - 1, LEASE)).toBeUndefined()
      const again = await store().jobs.claim(LEASE + 1, LEASE)
      expect(again).toMatchObject({ id: job.id, status: 'running', attempts: 2 })
    })

    it('runs one job at a time per space, while other spaces and space-less jobs go on', async () => {
      const [one, two] = await twoSpaces(store())
      const first = await enqueue(one, 0)
      const second = await enqueue(one, 1)
      const other = await enqueue(two, 2)
      const loose = await enqueue(null, 3)
      expect((await store().jobs.claim(10, LEASE))?.id).toBe(first.id)
      expect((await store().jobs.claim(10, LEASE))?.id).toBe(other.id)
      expect((await store().jobs.claim(10, LEASE))?.id).toBe(loose.id)
      expect(await store().jobs.claim(10, LEASE)).toBeUndefined()
      await store().jobs.finish(first.id, { status: 'done' }, 20)
      expect((await store().jobs.claim(20, LEASE))?.id).toBe(second.id)
    })

    it('never hands out a finished job, done or failed', async () => {
      const done = await enqueue(null, 0)
      const failed = await enqueue(null, 0)
      await store().jobs.claim(0, LEASE)
      await store().jobs.claim(0, LEASE)
      await store().jobs.finish(done.id, { status: 'done' }, 10)
      await store().jobs.finish(failed.id, { status: 'failed', error: 'remote unreachable' }, 10)
      expect(await store().jobs.claim(10 * LEASE, LEASE)).toBeUndefined()
    })

    it('moves a queued job of a space and kind whose payload matches, and says whether it did', async () => {
      const [one, two] = await twoSpaces(store())
      const tidy = await enqueue(one, 100, 'tidy', { trigger: 'continuous', extra: 1 })
      const daily = await enqueue(one, 100, 'tidy', { trigger: 'daily' })
      const elsewhere = await enqueue(two, 100, 'tidy', { trigger: 'continuous' })
      expect(await store().jobs.postpone(one, 'tidy', { trigger: 'continuous' }, 5000)).toBe(true)
      expect(await store().jobs.postpone(one, 'sync', {}, 5000)).toBe(false)
      expect(await store().jobs.postpone(one, 'tidy', { trigger: 'weekly' }, 5000)).toBe(false)

      const claimed = []
      for (let job = await store().jobs.claim(200, LEASE); job; job = await store().jobs.claim(200, LEASE)) {
        claimed.push(job.id)
        await store().jobs.finish(job.id, { status: 'done' }, 200)
      }
      expect(claimed.sort()).toEqual([daily.id, elsewhere.id].sort())
      expect((await store().jobs.claim(5000, LEASE))?.id).toBe(tidy.id)
    })

    it('does not move a job that is already running', async () => {
      const [one] = await twoSpaces(store())
      await enqueue(one, 0, 'tidy', { trigger: 'continuous' })
      await store().jobs.claim(0, LEASE)
      expect(await store().jobs.postpone(one, 'tidy', { trigger: 'continuous' }, 5000)).toBe(false)
    })

    it('makes every running job claimable at once after a restart, and counts them', async () => {
      const [one] = await twoSpaces(store())
      const a = await enqueue(one, 0)
      const b = await enqueue(null, 0)
      await enqueue(null, 10_000)
      await store().jobs.claim(0, LEASE)
      await store().jobs.claim(0, LEASE)
      expect(await store().jobs.releaseRunning(5)).toBe(2)
      const again = [(await store().jobs.claim(5, LEASE))?.id, (await store().jobs.claim(5, LEASE))?.id]
      expect(again.sort()).toEqual([a.id, b.id].sort())
      expect(await store().jobs.releaseRunning(6)).toBe(2)
    })

    it('hands a worker only the kinds it takes, and the others to the rest', async () => {
      const mail = await enqueue(null, 0, 'mail')
      const hook = await enqueue(null, 0, 'webhook')
      expect((await store().jobs.claim(0, LEASE, { except: ['webhook'] }))?.id).toBe(mail.id)
      expect(await store().jobs.claim(0, LEASE, { except: ['webhook'] })).toBeUndefined()
      expect((await store().jobs.claim(0, LEASE, { only: ['webhook'] }))?.id).toBe(hook.id)
    })

    it('drops the queued jobs of a kind whose payload matches, and only those', async () => {
      await enqueue(null, 100, 'webhook', { webhookId: 'a', attempt: 2 })
      await enqueue(null, 200, 'webhook', { webhookId: 'a', attempt: 3 })
      const other = await enqueue(null, 100, 'webhook', { webhookId: 'b' })
      const mail = await enqueue(null, 100, 'mail', { webhookId: 'a' })
      expect(await store().jobs.cancel('webhook', { webhookId: 'a' }, 50)).toBe(2)
      const left = []
      for (let job = await store().jobs.claim(500, LEASE); job; job = await store().jobs.claim(500, LEASE))
        left.push(job.id)
      expect(left.sort()).toEqual([other.id, mail.id].sort())
    })

    it('counts the jobs not done by kind: waiting once due, scheduled before, running, failed', async () => {
      const [one, two] = await twoSpaces(store())
      await enqueue(one, 100, 'tidy')
      await enqueue(two, 100, 'tidy')
      await enqueue(one, 5_000, 'tidy')
      await enqueue(null, 100, 'mail')
      const failed = await enqueue(null, 100, 'webhook')
      const done = await enqueue(null, 100, 'webhook')
      expect((await store().jobs.claim(200, LEASE, { only: ['webhook'] }))?.id).toBe(failed.id)
      await store().jobs.finish(failed.id, { status: 'failed', error: 'no answer' }, 200)
      expect((await store().jobs.claim(200, LEASE, { only: ['webhook'] }))?.id).toBe(done.id)
      await store().jobs.finish(done.id, { status: 'done' }, 200)
      await store().jobs.claim(200, LEASE, { only: ['mail'] })
      const counts = await store().jobs.counts(200)
      expect(counts.sort((a, b) => `${a.kind}${a.state}`.localeCompare(`${b.kind}${b.state}`))).toEqual([
        { kind: 'mail', state: 'running', count: 1 },
        { kind: 'tidy', state: 'scheduled', count: 1 },
        { kind: 'tidy', state: 'waiting', count: 2 },
        { kind: 'webhook', state: 'failed', count: 1 },
      ])
    })
  })
}
