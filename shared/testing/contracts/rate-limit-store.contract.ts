import { describe, expect, it } from 'vitest'
import { freshStore, type MakeStore } from './store-fixture.ts'

const HOUR = 3_600_000
const twoPerHour = { max: 2, windowMs: HOUR }

/** The contract of the RateLimitStore port: sliding windows of events under keys. */
export function describeRateLimitStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: rate limits`, () => {
    const store = freshStore(makeStore)

    it('reads back the events recorded under a key since a time, and none of other keys', async () => {
      const limits = store().rateLimits
      expect(await limits.recent('k', 0)).toEqual([])
      await limits.record('k', 100)
      await limits.record('k', 200)
      await limits.record('k', 300)
      await limits.record('other', 250)
      expect((await limits.recent('k', 150)).sort((a, b) => a - b)).toEqual([200, 300])
      expect(await limits.recent('k', 1000)).toEqual([])
      expect(await limits.recent('other', 0)).toEqual([250])
    })

    it('records an event whatever its window holds', async () => {
      const limits = store().rateLimits
      for (let i = 0; i < 5; i++) await limits.record('k', 10)
      expect(await limits.recent('k', 0)).toHaveLength(5)
    })

    it('takes slots while the window has room, then says how long to wait', async () => {
      const limits = store().rateLimits
      expect(await limits.take([{ key: 'k', limit: twoPerHour }], 1000)).toEqual({ ok: true })
      expect(await limits.take([{ key: 'k', limit: twoPerHour }], 2000)).toEqual({ ok: true })
      expect(await limits.take([{ key: 'k', limit: twoPerHour }], 3000)).toEqual({
        ok: false,
        retryAfter: (HOUR + 1000 - 3000) / 1000,
      })
      expect((await limits.recent('k', 0)).sort((a, b) => a - b)).toEqual([1000, 2000])
      expect(await limits.take([{ key: 'k', limit: twoPerHour }], HOUR + 1001)).toEqual({ ok: true })
    })

    it('takes a slot in every window or in none', async () => {
      const limits = store().rateLimits
      await limits.record('full', 0)
      await limits.record('full', 0)
      const verdict = await limits.take(
        [
          { key: 'free', limit: twoPerHour },
          { key: 'full', limit: twoPerHour },
        ],
        600_000,
      )
      expect(verdict).toEqual({ ok: false, retryAfter: 3000 })
      expect(await limits.recent('free', -1)).toEqual([])
      expect(
        await limits.take(
          [
            { key: 'free', limit: twoPerHour },
            { key: 'also-free', limit: twoPerHour },
          ],
          600_000,
        ),
      ).toEqual({ ok: true })
      expect(await limits.recent('free', -1)).toEqual([600_000])
      expect(await limits.recent('also-free', -1)).toEqual([600_000])
    })

    it('gives back one slot taken at a time under each key, leaving the others counted', async () => {
      const limits = store().rateLimits
      for (let i = 0; i < 2; i++) await limits.take([{ key: 'k', limit: twoPerHour }], 5000)
      await limits.record('other', 5000)
      await limits.release(['k', 'other'], 5000)
      expect(await limits.recent('k', 0)).toEqual([5000])
      expect(await limits.recent('other', 0)).toEqual([])
      expect((await limits.take([{ key: 'k', limit: twoPerHour }], 5000)).ok).toBe(true)
      expect((await limits.take([{ key: 'k', limit: twoPerHour }], 5000)).ok).toBe(false)
    })

    it('gives back nothing when no event was recorded at that time', async () => {
      const limits = store().rateLimits
      await limits.record('k', 5000)
      await limits.release(['k'], 4000)
      expect(await limits.recent('k', 0)).toEqual([5000])
    })

    it('forgets events older than a time, across keys', async () => {
      const limits = store().rateLimits
      await limits.record('a', 100)
      await limits.record('a', 300)
      await limits.record('b', 100)
      await limits.record('b', 200)
      await limits.prune(200)
      expect(await limits.recent('a', 0)).toEqual([300])
      expect(await limits.recent('b', 0)).toEqual([200])
    })
  })
}
