import type { Clock } from '../../ports/clock.ts'

/** A clock a test moves by hand, the same shape as the test app's. */
export type TestClock = Clock & { advance(ms: number): void }

/** The time service tests start at unless they say otherwise: Monday 3 March 2025, 09:00 UTC. */
export const TEST_START = Date.UTC(2025, 2, 3, 9)

/** A clock standing still at `start` until the test advances it, so no test depends on the wall clock. */
export function testClock(start = TEST_START): TestClock {
  let now = start
  return {
    now: () => now,
    advance: (ms) => {
      now += ms
    },
  }
}
