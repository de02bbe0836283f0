import { afterEach, beforeEach, expect, it } from 'vitest'
import type { CollabRelay, RelayMessage } from '../../ports/collab-relay.ts'
import { describePostgres, freshPostgresDatabase } from '../../testing/postgres.ts'
import { postgresCollabRelay, RELAY_CHANNEL } from './collab-relay.ts'

type Database = Awaited<ReturnType<typeof freshPostgresDatabase>>

/** A relay and what it received, in order. */
type Heard = { relay: CollabRelay; got: RelayMessage[] }

describePostgres('the live relay between instances on PostgreSQL', () => {
  let database: Database
  let relays: CollabRelay[]
  beforeEach(async () => {
    database = await freshPostgresDatabase()
    relays = []
  })
  afterEach(async () => {
    await Promise.all(relays.map((relay) => relay.close()))
    await database.close()
  })

  /** An instance's relay on the test's database, listening, with what it receives kept. */
  const instance = async (options: { ownPool?: boolean } = {}): Promise<Heard> => {
    const relay = await postgresCollabRelay(database.url, options.ownPool ? {} : { pool: database.pool })
    relays.push(relay)
    const got: RelayMessage[] = []
    relay.subscribe((message) => got.push(message))
    return { relay, got }
  }

  /** The connections listening on the relay's channel now. */
  const listeners = async () =>
    (
      await database.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()`,
        [`LISTEN "${RELAY_CHANNEL}"`],
      )
    ).rows

  it('passes every kind of message to the other instance, in order, and never back to its sender', async () => {
    const one = await instance()
    const two = await instance({ ownPool: true })
    const sent: RelayMessage[] = [
      { kind: 'update', docId: 3 },
      { kind: 'awareness', docId: 3, update: 'AQLmq4EBAA==' },
      { kind: 'moved', spaceId: 8 },
      { kind: 'update', docId: 4 },
      { kind: 'gone', docId: 4, note: null },
    ]
    for (const message of sent) one.relay.publish(message)
    await expect.poll(() => two.got.length).toBe(sent.length)
    expect(two.got).toEqual(sent)
    // The reply comes after everything the first one sent: had it heard itself, it would show first.
    two.relay.publish({ kind: 'update', docId: 5 })
    await expect.poll(() => one.got.length).toBe(1)
    expect(one.got).toEqual([{ kind: 'update', docId: 5 }])
  })

  it('reaches every other instance', async () => {
    const one = await instance()
    const two = await instance()
    const three = await instance({ ownPool: true })
    one.relay.publish({ kind: 'moved', spaceId: 1 })
    await expect
      .poll(() => [two.got, three.got])
      .toEqual([[{ kind: 'moved', spaceId: 1 }], [{ kind: 'moved', spaceId: 1 }]])
  })

  it('drops presence too large for a notification, and passes on what follows', async () => {
    const one = await instance()
    const two = await instance()
    one.relay.publish({ kind: 'awareness', docId: 1, update: 'A'.repeat(8_000) })
    one.relay.publish({ kind: 'update', docId: 1 })
    await expect.poll(() => two.got.length).toBe(1)
    expect(two.got).toEqual([{ kind: 'update', docId: 1 }])
  })

  it('ignores what others say on its channel that is not one of its messages', async () => {
    const one = await instance()
    const two = await instance()
    for (const payload of ['not json', '"update"', '{"kind":"update","docId":1}', '{"docId":1,"from":"x"}'])
      await database.pool.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, payload])
    one.relay.publish({ kind: 'gone', docId: 2, note: null })
    await expect.poll(() => two.got.length).toBe(1)
    expect(two.got).toEqual([{ kind: 'gone', docId: 2, note: null }])
  })

  it('listens again when its connection breaks, and tells its listener to catch up with what it knew', async () => {
    const one = await instance()
    const two = await instance()
    one.relay.publish({ kind: 'update', docId: 7 })
    one.relay.publish({ kind: 'moved', spaceId: 2 })
    await expect.poll(() => two.got.length).toBe(2)
    // The database ends every listening connection, as a restart would.
    await database.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      (await listeners()).map((row) => row.pid),
    ])
    // Back, each catches up with the documents and spaces it heard of or told about.
    await expect
      .poll(() => two.got.slice(2))
      .toEqual([
        { kind: 'moved', spaceId: 2 },
        { kind: 'update', docId: 7 },
      ])
    await expect
      .poll(() => one.got)
      .toEqual([
        { kind: 'moved', spaceId: 2 },
        { kind: 'update', docId: 7 },
      ])
    // And hears the other again.
    one.relay.publish({ kind: 'gone', docId: 7, note: null })
    await expect.poll(() => two.got.at(-1)).toEqual({ kind: 'gone', docId: 7, note: null })
    await expect.poll(async () => (await listeners()).length).toBe(2)
  })

  it('stops listening once closed, and publishes nothing more', async () => {
    const one = await instance({ ownPool: true })
    const two = await instance()
    expect(await listeners()).toHaveLength(2)
    await one.relay.close()
    one.relay.publish({ kind: 'update', docId: 1 })
    two.relay.publish({ kind: 'update', docId: 2 })
    await expect.poll(async () => (await listeners()).length).toBe(1)
    const three = await instance()
    three.relay.publish({ kind: 'update', docId: 3 })
    await expect.poll(() => two.got).toEqual([{ kind: 'update', docId: 3 }])
    expect(one.got).toEqual([])
  })
})
