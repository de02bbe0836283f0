import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createSpaceQueue } from '../../services/jobs/space-queue.ts'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '../../testing/postgres.ts'
import { postgresSpaceQueue, SPACE_WRITER_LOCKS } from './space-lock.ts'

let fresh: FreshDatabase
let pools: pg.Pool[]

/** One instance's queue: its own in-process queue and its own pool of lock connections. */
function instance() {
  const pool = new pg.Pool({ connectionString: fresh.url, max: 4 })
  pool.on('error', () => {})
  pools.push(pool)
  return postgresSpaceQueue(createSpaceQueue(), pool)
}

describePostgres('one writer per space across instances', () => {
  beforeEach(async () => {
    fresh = await freshPostgresUrl()
    pools = []
  })
  afterEach(async () => {
    await Promise.all(pools.map((p) => p.end()))
    await fresh.drop()
  })

  it('runs the tasks of one space one at a time across two instances, and other spaces meanwhile', async () => {
    const [a, b] = [instance(), instance()]
    const inside = new Map<number, number>()
    let overlapSameSpace = 0
    let overlapOtherSpace = 0
    const task = (spaceId: number) => async () => {
      const now = (inside.get(spaceId) ?? 0) + 1
      inside.set(spaceId, now)
      if (now > 1) overlapSameSpace++
      if ([...inside.entries()].some(([id, n]) => id !== spaceId && n > 0)) overlapOtherSpace++
      await sleep(15)
      inside.set(spaceId, (inside.get(spaceId) ?? 1) - 1)
      return spaceId
    }
    const runs = []
    for (let i = 0; i < 8; i++) {
      runs.push(a.run(1, task(1)), b.run(1, task(1)), (i % 2 ? a : b).run(2, task(2)))
    }
    const results = await Promise.all(runs)
    expect(results.filter((id) => id === 1)).toHaveLength(16)
    expect(overlapSameSpace).toBe(0)
    expect(overlapOtherSpace).toBeGreaterThan(0)
  })

  it('gives the space to another instance when the holder loses its connection', async () => {
    const [a, b] = [instance(), instance()]
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = a.run(7, () => held)
    // Wait until the lock is held on the server, then cut the holder's connection as a dying instance would.
    const admin = new pg.Client({ connectionString: fresh.url })
    await admin.connect()
    try {
      await expect
        .poll(async () => {
          const found = await admin.query(
            `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = 7 AND granted`,
            [SPACE_WRITER_LOCKS],
          )
          return found.rowCount
        })
        .toBe(1)
      let tookOver = false
      const second = b.run(7, async () => {
        tookOver = true
      })
      await sleep(50)
      expect(tookOver).toBe(false)
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND classid = $1 AND objid = 7 AND granted`,
        [SPACE_WRITER_LOCKS],
      )
      await second
      expect(tookOver).toBe(true)
    } finally {
      release()
      await first.catch(() => undefined)
      await admin.end()
    }
  })
})
