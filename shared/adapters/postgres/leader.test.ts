import pg from 'pg'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '../../testing/postgres.ts'
import { postgresLeadership } from './leader.ts'

describePostgres('one instance runs the schedules', () => {
  let fresh: FreshDatabase
  let pools: pg.Pool[] = []
  let leaderships: ReturnType<typeof postgresLeadership>[] = []
  beforeEach(async () => {
    fresh = await freshPostgresUrl()
  })
  afterEach(async () => {
    await Promise.all(leaderships.map((l) => l.close()))
    leaderships = []
    await Promise.all(pools.map((p) => p.end()))
    pools = []
    await fresh.drop()
  })
  const instance = () => {
    const made = new pg.Pool({ connectionString: fresh.url, max: 2 })
    pools.push(made)
    const leadership = postgresLeadership(made)
    leaderships.push(leadership)
    return leadership
  }

  it('has one leader at a time, and another takes over when the leader stops', async () => {
    const [one, two] = [instance(), instance()]
    expect(await one.isLeader()).toBe(true)
    expect(await two.isLeader()).toBe(false)
    expect(await one.isLeader()).toBe(true)
    await one.close()
    expect(await two.isLeader()).toBe(true)
    expect(await one.isLeader()).toBe(false)
  })

  it('makes one connection for askers at the same moment, and gives it back when it stops', async () => {
    const pool = new pg.Pool({ connectionString: fresh.url, max: 4 })
    pools.push(pool)
    const leadership = postgresLeadership(pool)
    leaderships.push(leadership)
    // The schedules ask together when an instance starts.
    expect(await Promise.all([leadership.isLeader(), leadership.isLeader(), leadership.isLeader()])).toEqual([
      true,
      true,
      true,
    ])
    expect(pool.totalCount).toBe(1)
    // Stopping while a question is in flight leaves no connection behind for the pool to wait on.
    const late = leadership.isLeader()
    await leadership.close()
    await late
    expect(pool.totalCount).toBe(0)
  })
})
