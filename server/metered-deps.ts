import { reportingFailures } from '#shared/host/index-failures.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { OrgStore, SpaceStore, Store } from '#shared/ports/store.ts'
import type { FinishedRun, Metrics } from './metrics.ts'

/** `target` with some members replaced; every other member answers as the target's own. */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T]
      const value = Reflect.get(object, key, object)
      return typeof value === 'function' ? value.bind(object) : value
    },
  })
}

/**
 * The services' dependencies with the events the metrics count noted where they happen: pushes to
 * remotes and from Git clients (the repositories), webhook attempts and switch-offs, and finished
 * tidy-up and routine runs (their logs in the database), and the spaces waiting for indexing and the
 * indexing that failed (its queue). The services stay as they are: they see the same ports.
 */
export function meterDeps(deps: Deps, metrics: Metrics): Deps {
  const indexing = new Map<number, number>()
  const failuresCounted = reportingFailures(deps.indexQueue, ({ part }) => metrics.indexFailed(part))
  const metered: Deps = {
    ...deps,
    repos: overriding(deps.repos, {
      open: (spaceId, branch) => {
        const repo = deps.repos.open(spaceId, branch)
        return overriding(repo, {
          push: async (remote) => {
            try {
              const outcome = await repo.push(remote)
              metrics.push('outgoing', outcome)
              return outcome
            } catch (error) {
              metrics.push('outgoing', 'failed')
              throw error
            }
          },
          // The branch moves to commits received only for a push from a Git client.
          advance: async (from, to, reason) => {
            try {
              await repo.advance(from, to, reason)
              metrics.push('incoming', 'accepted')
            } catch (error) {
              metrics.push('incoming', 'failed')
              throw error
            }
          },
        })
      },
    }),
    indexQueue: overriding(failuresCounted, {
      run: (spaceId, task) => {
        indexing.set(spaceId, (indexing.get(spaceId) ?? 0) + 1)
        const done = () => {
          const left = (indexing.get(spaceId) ?? 1) - 1
          if (left > 0) indexing.set(spaceId, left)
          else indexing.delete(spaceId)
        }
        const run = failuresCounted.run(spaceId, task)
        run.then(done, done)
        return run
      },
    }),
    store: meterStore(deps.store, metrics),
  }
  metrics.readFrom({ deps: metered, indexBacklog: () => indexing.size })
  return metered
}

/** The metered form of `target`, made once for each (the store keeps its scopes and reuses them). */
function once<T extends object>(made: WeakMap<T, T>, target: T, meter: (target: T) => T): T {
  const known = made.get(target)
  if (known) return known
  const metered = meter(target)
  made.set(target, metered)
  return metered
}

/** A value made on first use and kept: the store builds its parts lazily, and so do their metered forms. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}

/** The store, with webhook attempts and the ends of tidy-up and routine runs counted as they are logged. */
function meterStore(store: Store, metrics: Metrics): Store {
  const spaces = new WeakMap<SpaceStore, SpaceStore>()
  const orgs = new WeakMap<OrgStore, OrgStore>()
  const ended = (
    kind: 'tidy' | 'routine',
    changes: Omit<Partial<FinishedRun>, 'status'> & { status?: string },
  ) => {
    if (changes.status === 'done' || changes.status === 'failed')
      metrics.run(kind, { ...changes, status: changes.status })
  }
  const meterSpace = (space: SpaceStore) => {
    const tidy = lazily(() =>
      overriding(space.tidy, {
        updateRun: async (id, changes) => {
          await space.tidy.updateRun(id, changes)
          ended('tidy', changes)
        },
      }),
    )
    const routines = lazily(() =>
      overriding(space.routines, {
        updateRun: async (id, changes) => {
          await space.routines.updateRun(id, changes)
          ended('routine', changes)
        },
      }),
    )
    return overriding(space, {
      get tidy() {
        return tidy()
      },
      get routines() {
        return routines()
      },
    })
  }
  const meterOrg = (org: OrgStore) => {
    const webhooks = lazily(() =>
      overriding(org.webhooks, {
        recordAttempt: async (id, attempt, disableAfter) => {
          const recorded = await org.webhooks.recordAttempt(id, attempt, disableAfter)
          if (recorded) metrics.webhookAttempt(attempt.ok, recorded.switchedOff)
          return recorded
        },
      }),
    )
    return overriding(org, {
      get webhooks() {
        return webhooks()
      },
      space: (spaceId) => once(spaces, org.space(spaceId), meterSpace),
    })
  }
  return overriding(store, { forOrg: (orgId) => once(orgs, store.forOrg(orgId), meterOrg) })
}
