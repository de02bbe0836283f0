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
})
