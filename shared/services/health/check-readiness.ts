import type { Deps } from '../../ports/deps.ts'

/** How long one check may take: a hung disk or database counts as not ready, not as a hung probe. */
export const READINESS_TIMEOUT_MS = 2_000

/** What a readiness check found: ready, or the names of the checks that failed. */
export type Readiness = { ready: true } | { ready: false; failing: ('database' | 'repositories')[] }

/** Whether this process can serve: its database answers and its folder of repositories is reachable. */
export async function checkReadiness(deps: Pick<Deps, 'store' | 'repos'>): Promise<Readiness> {
  const checks = [
    ['database', async () => await deps.store.ping()],
    ['repositories', () => deps.repos.ping()],
  ] as const
  const results = await Promise.all(checks.map(([, ping]) => answers(ping)))
  const failing = checks.filter((_, i) => !results[i]).map(([name]) => name)
  return failing.length === 0 ? { ready: true } : { ready: false, failing }
}

/** Whether `ping` resolves within the time limit. */
async function answers(ping: () => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS)
  })
  try {
    return await Promise.race([
      // A ping that throws at once (a closed database) fails like one that rejects.
      Promise.resolve()
        .then(ping)
        .then(() => true),
      late,
    ])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
