import { describe, expect, it } from 'vitest'
import type { RateLimitStore } from '../../ports/store.ts'
import { storesOnOneFile } from '../../testing/sqlite-file.ts'

/** A connection to the shared database file, as one server or command process holds. */
const connectStore = storesOnOneFile()
const connect = (): RateLimitStore => connectStore().rateLimits

const HOUR = 3_600_000
const twoPerHour = { max: 2, windowMs: HOUR }

describe('taking slots in sliding windows', () => {
  it('hands out exactly the room of the window, across connections to the same file', async () => {
    const [one, two] = [connect(), connect()]
    const verdicts = []
    for (const [i, store] of [one, two, one, two].entries()) {
      verdicts.push(await store.take([{ key: 'k', limit: twoPerHour }], 1000 + i))
    }
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, false, false])
    expect(verdicts[2]).toEqual({ ok: false, retryAfter: HOUR / 1000 })
    expect(await one.recent('k', 0)).toEqual([1000, 1001])
  })

  it('takes a slot in every window or in none, and waits for the one that is full', async () => {
    const store = connect()
    await store.record('full', 0)
    await store.record('full', 0)
    const verdict = await store.take(
      [
        { key: 'free', limit: twoPerHour },
        { key: 'full', limit: twoPerHour },
      ],
      600_000,
    )
    expect(verdict).toEqual({ ok: false, retryAfter: 3000 })
    expect(await store.recent('free', -1)).toEqual([])
  })

  it('gives back one slot taken at a time, leaving the others counted', async () => {
    const store = connect()
    for (let i = 0; i < 2; i++)
      expect((await store.take([{ key: 'k', limit: twoPerHour }], 5000)).ok).toBe(true)
    await store.release(['k'], 5000)
    expect(await store.recent('k', 0)).toEqual([5000])
    expect((await store.take([{ key: 'k', limit: twoPerHour }], 5000)).ok).toBe(true)
    expect((await store.take([{ key: 'k', limit: twoPerHour }], 5000)).ok).toBe(false)
  })
})
