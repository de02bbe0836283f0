import type pg from 'pg'
import { LOCK_NAMESPACE } from './open-database.ts'

/** The second key of the lock whose holder runs the schedules (the first is LOCK_NAMESPACE). */
export const SCHEDULER_LOCK = 1

/**
 * Whether this instance runs the schedules (periodic syncs, daily tidy-ups, pruning): the one
 * holding a session advisory lock on a connection kept for it. Asked at each tick: an instance
 * that dies lets go of the lock with its connection, and the next asker takes it over.
 */
export function postgresLeadership(pool: pg.Pool): { isLeader(): Promise<boolean>; close(): Promise<void> } {
  let held: pg.PoolClient | undefined
  const drop = (client: pg.PoolClient, error?: Error) => {
    if (held === client) held = undefined
    client.release(error ?? true)
  }
  return {
    isLeader: async () => {
      if (held) return true
      let client: pg.PoolClient
      try {
        client = await pool.connect()
      } catch {
        return false
      }
      // The held connection breaking (the database restarting) ends the leadership, not the process.
      client.on('error', (error) => drop(client, error))
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS locked',
          [LOCK_NAMESPACE, SCHEDULER_LOCK],
        )
        if (rows[0]?.locked) {
          held = client
          return true
        }
      } catch {
        // Not reachable now: another tick asks again.
      }
      client.release(true)
      return false
    },
    close: async () => {
      // Closing the connection releases the lock.
      if (held) drop(held)
    },
  }
}
