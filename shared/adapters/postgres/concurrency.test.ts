import { afterEach, expect, it } from 'vitest'
import type { Job, Store } from '../../ports/store.ts'
import { seedAccount, seedOrganization, seedSpace } from '../../testing/contracts/store-fixture.ts'
import { describePostgres, freshPostgresUrl } from '../../testing/postgres.ts'
import { openPostgres } from './open-database.ts'
import { postgresStore } from './store.ts'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** Two instances on one fresh database: each with a pool of its own, as two servers would have. */
async function twoInstances(): Promise<[Store, Store]> {
  const fresh = await freshPostgresUrl()
  cleanup.push(fresh.drop)
  const open = async () => {
    const connection = await openPostgres(fresh.url, { max: 5 })
    cleanup.push(connection.close)
    return postgresStore(connection.db)
  }
  return [await open(), await open()]
}

const LEASE = 60_000

describePostgres('several instances on one PostgreSQL', () => {
  it('lets only one of two super admins be demoted when both are demoted at once', async () => {
    const [first, second] = await twoInstances()
    const ada = await seedAccount(first, 'ada', { isSuperadmin: true })
    const bob = await seedAccount(first, 'bob', { isSuperadmin: true })
    const outcomes = await Promise.allSettled([
      first.accounts.update(ada.id, { isSuperadmin: false }, 1),
      second.accounts.update(bob.id, { isActive: false }, 1),
    ])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason),
    ).toMatchObject([{ reason: 'last_superadmin' }])
    expect(await first.accounts.countActiveSuperadmins()).toBe(1)
  })

  it('hands out exactly the room of a window when both take slots at once', async () => {
    const instances = await twoInstances()
    const window = { key: 'sign-in:dana', limit: { max: 10, windowMs: 3_600_000 } }
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => instances[i % 2]!.rateLimits.take([window], 1000 + i)),
    )
    expect(verdicts.filter((v) => v.ok)).toHaveLength(10)
    expect(await instances[0].rateLimits.recent(window.key, 0)).toHaveLength(10)
  })

  it('never claims a job twice, nor runs two jobs of one space at a time, when both claim at once', async () => {
    const instances = await twoInstances()
    const [first] = instances
    const org = await seedOrganization(first, 'acme')
    const spaceIds = [
      (await seedSpace(first, org.id, 'wiki')).id,
      (await seedSpace(first, org.id, 'ops')).id,
      (await seedSpace(first, org.id, 'hr')).id,
    ]
    const queued: Job[] = []
    for (let i = 0; i < 6; i++) {
      queued.push(
        await first.jobs.enqueue({ kind: 'sync', spaceId: spaceIds[0]!, payload: { i }, runAt: i }, 0),
      )
    }
    for (const spaceId of [...spaceIds.slice(1), null, null]) {
      for (let i = 0; i < 3; i++) {
        queued.push(await first.jobs.enqueue({ kind: 'sync', spaceId, payload: { i }, runAt: i }, 0))
      }
    }

    const claimed: number[] = []
    const running = new Set<number>()
    const overlaps: string[] = []
    // Four workers per instance, claiming until every job is done; a worker finding nothing to do
    // (its spaces busy) tries again shortly.
    const worker = async (store: Store) => {
      while (claimed.length < queued.length) {
        const job = await store.jobs.claim(100, LEASE)
        if (!job) {
          await new Promise((resolve) => setTimeout(resolve, 5))
          continue
        }
        claimed.push(job.id)
        if (job.spaceId !== null) {
          if (running.has(job.spaceId)) overlaps.push(`job ${job.id} of space ${job.spaceId}`)
          running.add(job.spaceId)
        }
        await new Promise((resolve) => setTimeout(resolve, 2))
        // Forgotten before it is finished: a claim may see the space free only after this.
        if (job.spaceId !== null) running.delete(job.spaceId)
        await store.jobs.finish(job.id, { status: 'done' }, 200)
      }
    }
    await Promise.all(instances.flatMap((store) => Array.from({ length: 4 }, () => worker(store))))

    expect(overlaps).toEqual([])
    expect(claimed.length).toBe(queued.length)
    expect(new Set(claimed)).toEqual(new Set(queued.map((j) => j.id)))
    expect(await first.jobs.claim(10 * LEASE, LEASE)).toBeUndefined()
  })
})
