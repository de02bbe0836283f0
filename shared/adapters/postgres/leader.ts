import type pg from 'pg'
import { LOCK_NAMESPACE } from './open-database.ts'

/** The second key of the lock whose holder runs the schedules (the first is LOCK_NAMESPACE). */
export const SCHEDULER_LOCK = 1

/**
 * Whether this instance runs the schedules (periodic syncs, daily tidy-ups, pruning): the one
 * holding a session advisory lock on a connection kept for it. Asked at each tick, on the same
 * connection: an instance that dies lets go of the lock with its connection, and the next asker
 * takes it over.
 */
export function postgresLeadership(pool: pg.Pool): { isLeader(): Promise<boolean>; close(): Promise<void> } {
  let client: pg.PoolClient | undefined
  let leader = false
  /** Forgets the connection (and the leadership with it); a broken one is closed, not reused. */
  const drop = (error?: Error) => {
    const held = client
    client = undefined
    leader = false
    held?.release(error ?? true)
  }
  const connect = async () => {
    const made = await pool.connect()
    // The connection breaking (the database restarting) ends the leadership, not the process.
    made.on('error', (error) => {
      if (client === made) drop(error)
    })
    return made
  }
  /** The question being asked: askers at the same moment share it, so one connection is made, not one each. */
  let asking: Promise<boolean> | undefined
  const ask = async () => {
    if (leader) return true
    try {
      client ??= await connect()
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS locked',
        [LOCK_NAMESPACE, SCHEDULER_LOCK],
      )
      leader = rows[0]?.locked === true
      return leader
    } catch (error) {
      // Not reachable now: the next tick asks again on a new connection.
      drop(error as Error)
      return false
    }
  }
  return {
    isLeader: () => {
      asking ??= ask().finally(() => {
        asking = undefined
      })
      return asking
    },
    close: async () => {
      // A question in flight would otherwise keep a connection the pool then waits on for ever.
      await asking?.catch(() => false)
      // Let go of the lock before the connection closes: a closed connection's locks are released
      // only once the server has noticed, and another instance asking meanwhile would be refused.
      const held = client
      if (held && leader) {
        await held
          .query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, SCHEDULER_LOCK])
          .catch(() => {})
      }
      drop()
    },
  }
}
