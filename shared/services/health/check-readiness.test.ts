import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { checkReadiness, READINESS_TIMEOUT_MS } from './check-readiness.ts'

const ok = () => Promise.resolve()

/** Just the ports the check uses. */
function ports(store: () => Promise<void>, repos: () => Promise<void>): Pick<Deps, 'store' | 'repos'> {
  return { store: { ping: store }, repos: { ping: repos } } as unknown as Pick<Deps, 'store' | 'repos'>
}

afterEach(() => {
  vi.useRealTimers()
})

describe('checkReadiness', () => {
  it('is ready when every port answers', async () => {
    expect(await checkReadiness(ports(ok, ok))).toEqual({ ready: true })
  })

  it('names the ports that fail, whether they reject or throw at once', async () => {
    const rejects = () => Promise.reject(new Error('disk gone'))
    const throws = () => {
      throw new Error('The database connection is not open')
    }
    expect(await checkReadiness(ports(throws, rejects))).toEqual({
      ready: false,
      failing: ['database', 'repositories'],
    })
    expect(await checkReadiness(ports(ok, rejects))).toEqual({ ready: false, failing: ['repositories'] })
  })

  it('counts a port that does not answer in time as failing', async () => {
    vi.useFakeTimers()
    const checking = checkReadiness(ports(() => new Promise(() => {}), ok))
    await vi.advanceTimersByTimeAsync(READINESS_TIMEOUT_MS)
    expect(await checking).toEqual({ ready: false, failing: ['database'] })
  })
})
