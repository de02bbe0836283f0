import { eq, sql } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { DomainError } from '../../errors/domain-error.ts'
import type { TidyRun } from '../../ports/store.ts'
import { seedOrganization, seedSpace, tidyRunFixture } from '../../testing/contracts/store-fixture.ts'
import { describePostgres, freshPostgresDatabase } from '../../testing/postgres.ts'
import { tidyRuns } from './schema.ts'
import { postgresStore } from './store.ts'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function fresh() {
  const connection = await freshPostgresDatabase()
  cleanup.push(connection.close)
  return { ...connection, store: postgresStore(connection.db) }
}

const run = (id: string, createdAt: number): Omit<TidyRun, 'spaceId'> =>
  tidyRunFixture(0, id, createdAt, { trigger: 'continuous' })

describePostgres('the Store on PostgreSQL', () => {
  it('lists tidy runs created in the same millisecond latest first, as they were created', async () => {
    const { store, db } = await fresh()
    const org = await seedOrganization(store, 'acme')
    const wiki = store.forOrg(org.id).space((await seedSpace(store, org.id, 'wiki')).id)
    // Ids in the opposite order to creation, so the id does not decide; and run-b takes the place a
    // deleted run left before run-c, so the rows' places in the table do not either.
    await wiki.tidy.createRun(run('gone', 1))
    await wiki.tidy.createRun(run('run-c', 500))
    await db.delete(tidyRuns).where(eq(tidyRuns.id, 'gone'))
    await db.execute(sql`VACUUM tidy_runs`)
    await wiki.tidy.createRun(run('run-b', 500))
    await wiki.tidy.createRun(run('run-a', 500))
    expect((await wiki.tidy.runs(10)).map((r) => r.id)).toEqual(['run-a', 'run-b', 'run-c'])
  })

  it('answers with the fields of the port, as numbers and booleans', async () => {
    const { store } = await fresh()
    const org = await seedOrganization(store, 'acme')
    const space = await seedSpace(store, org.id, 'wiki', { createdAt: 1_767_225_600_123 })
    expect(await store.spaceById(space.id)).toEqual({
      space: {
        id: space.id,
        orgId: org.id,
        slug: 'wiki',
        name: 'wiki',
        description: '',
        repoUrl: '',
        branch: 'main',
        reviewEvery: '',
        createdAt: 1_767_225_600_123,
      },
      organization: { id: org.id, slug: 'acme', name: 'acme', description: '', createdAt: 0 },
    })
    const job = await store.jobs.enqueue({ kind: 'sync', spaceId: space.id, payload: {}, runAt: 5 }, 0)
    expect(typeof job.id).toBe('number')
    expect(await store.forOrg(org.id).tidy.spentSince(0)).toBe(0)
  })

  it('reports a database it cannot reach as unavailable, to try again in a second', async () => {
    const connection = await freshPostgresDatabase()
    const store = postgresStore(connection.db)
    await connection.close()
    const error = await store.accounts.count().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ reason: 'unavailable', retryAfter: 1 })
    const scoped = await store
      .forOrg(1)
      .space(1)
      .git.get()
      .catch((e: unknown) => e)
    expect(scoped).toMatchObject({ reason: 'unavailable' })
  })
})
