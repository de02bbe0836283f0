import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { postgresSpaceQueue } from '../../adapters/postgres/space-lock.ts'
import { createSpaceQueue } from '../../services/jobs/space-queue.ts'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '../postgres.ts'
import { describeSpaceQueueContract } from './space-queue.contract.ts'

// The two queues the hosts run with: one process's own, and one shared by instances through PostgreSQL.
describeSpaceQueueContract('In-process queue', async () => ({ queue: createSpaceQueue() }))

describePostgres('on PostgreSQL', () => {
  let fresh: FreshDatabase
  beforeAll(async () => {
    fresh = await freshPostgresUrl()
  })
  afterAll(async () => {
    await fresh.drop()
  })

  describeSpaceQueueContract('Queue with a lock per space in PostgreSQL', async () => {
    const locks = new pg.Pool({ connectionString: fresh.url, max: 4 })
    // An idle connection cut when the database goes away must not end the test process.
    locks.on('error', () => {})
    return { queue: postgresSpaceQueue(createSpaceQueue(), locks), close: () => locks.end() }
  })
})
