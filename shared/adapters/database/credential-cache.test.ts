import { describe, expect, it } from 'vitest'
import { credentialCache, readOncePerTurn } from './credential-cache.ts'

describe('a value read once a turn for everyone who asked during it', () => {
  it('reads once for the callers of one turn, after the last of them asked', async () => {
    const events: string[] = []
    let value = 1
    const read = readOncePerTurn(() => {
      events.push(`read ${value}`)
      return value
    })
    const first = read()
    events.push('asked')
    const second = read()
    events.push('asked')
    // A change made after both asked, in the same turn: both must see it.
    value = 2
    expect(await Promise.all([first, second])).toEqual([2, 2])
    expect(events).toEqual(['asked', 'asked', 'read 2'])
  })

  it('gives a caller who asks once the read has started a read of its own', async () => {
    let reads = 0
    const read = readOncePerTurn(() => ++reads)
    const first = await read()
    const second = await read()
    expect([first, second]).toEqual([1, 2])
  })

  it('hands a failed read to everyone who waited for it, and reads again when asked again', async () => {
    let fail = true
    const read = readOncePerTurn(() => {
      if (fail) throw new Error('database gone')
      return 7
    })
    const waiting = [read(), read()]
    for (const result of await Promise.allSettled(waiting)) expect(result.status).toBe('rejected')
    fail = false
    expect(await read()).toBe(7)
  })

  it('waits for an asynchronous read (a round trip) without sharing it with later callers', async () => {
    let reads = 0
    const read = readOncePerTurn(async () => {
      const number = ++reads
      await new Promise((resolve) => setTimeout(resolve, 20))
      return number
    })
    const early = read()
    await new Promise((resolve) => setImmediate(resolve))
    // The first read is under way: this caller asked after it started.
    const late = read()
    expect(await early).toBe(1)
    expect(await late).toBe(2)
  })
})

describe('the credential cache', () => {
  it('answers an entry only under the generation it was kept under', () => {
    const cache = credentialCache<string>()
    expect(cache.get('a', 1)).toBeUndefined()
    cache.set('a', 'alice', 1)
    expect(cache.get('a', 1)).toBe('alice')
    expect(cache.get('a', 2)).toBeUndefined()
    // Kept under an older number than the one seen last: dropped.
    cache.set('a', 'alice', 1)
    expect(cache.get('a', 2)).toBeUndefined()
  })
})
