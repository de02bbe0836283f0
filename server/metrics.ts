import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Deps } from '#shared/ports/deps.ts'

/** Seconds a request took, by the upper bounds Prometheus counts them under: 5 ms to 30 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** Which way a push went: from the service to a space's remote, or from a Git client into a space. */
export type PushDirection = 'outgoing' | 'incoming'

/**
 * What came of a push: to a remote `pushed`, `up_to_date`, `rejected` (it moved) or `failed`; from a
 * client `accepted`, `refused` (a check said no: history rewritten, a secret, the pusher's rights, a
 * pack Git would not take) or `failed`.
 */
export type PushOutcome = 'pushed' | 'up_to_date' | 'rejected' | 'accepted' | 'refused' | 'failed'

/** A finished tidy-up or routine run, as its log records it. */
export type FinishedRun = {
  status: 'done' | 'failed'
  cost?: number
  inputTokens?: number
  outputTokens?: number
}

/** What the metrics read at each scrape: the database, and the spaces waiting for indexing in this process. */
export type MetricsSource = {
  deps: Pick<Deps, 'store' | 'clock'>
  indexBacklog(): number
}

/**
 * The service's metrics in Prometheus' terms: requests, Git pushes, webhook deliveries and AI runs
 * are counted as they happen; the job queue and the spaces' sync lag are read from the database at
 * each scrape. They live in a registry of their own, so several servers in one process (tests, the
 * desktop's engine beside one) keep theirs apart.
 */
export type Metrics = {
  readonly registry: Registry
  /** One answered request: its method, the route's pattern (never the raw path), status and duration. */
  request(method: string, route: string, status: number, seconds: number): void
  push(direction: PushDirection, outcome: PushOutcome): void
  /** One webhook delivery attempt, and whether it switched the webhook off. */
  webhookAttempt(delivered: boolean, switchedOff: boolean): void
  run(kind: 'tidy' | 'routine', run: FinishedRun): void
  /** One indexing task that failed: a space's words and links, or its vectors. */
  indexFailed(part: 'words' | 'meaning'): void
  /** Where the figures read at scrape time come from, once the dependencies exist. */
  readFrom(source: MetricsSource): void
}

/** Creates the metrics with the process's own figures (CPU, memory, event loop, handles). */
export function createMetrics(): Metrics {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })
  let source: MetricsSource | undefined

  const readFailures = new Counter({
    name: 'quire_metrics_read_failures_total',
    help: 'Scrapes that could not read a figure (the database did not answer), by figure',
    labelNames: ['figure'],
    registers,
  })
  /** Reads a figure at scrape time; a failure leaves it out of this scrape rather than failing the scrape. */
  const read = async <T>(figure: string, reader: (source: MetricsSource) => Promise<T>) => {
    if (!source) return undefined
    try {
      return await reader(source)
    } catch {
      readFailures.inc({ figure })
      return undefined
    }
  }

  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  })
  const durations = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until its headers), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  })
  const pushes = new Counter({
    name: 'quire_git_pushes_total',
    help: 'Git pushes: outgoing to spaces\u2019 remotes (pushed, up_to_date, rejected, failed), incoming from Git clients (accepted, refused, failed)',
    labelNames: ['direction', 'outcome'],
    registers,
  })
  const deliveries = new Counter({
    name: 'quire_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, failed)',
    labelNames: ['outcome'],
    registers,
  })
  const disablings = new Counter({
    name: 'quire_webhook_disablings_total',
    help: 'Webhooks switched off after repeated failed deliveries',
    registers,
  })
  const runs = new Counter({
    name: 'quire_runs_total',
    help: 'Finished tidy-up and routine runs, by kind and status (done, failed)',
    labelNames: ['kind', 'status'],
    registers,
  })
  const cost = new Counter({
    name: 'quire_run_cost_total',
    help: 'What finished tidy-up and routine runs cost, in the currency of the configured model prices',
    labelNames: ['kind'],
    registers,
  })
  const tokens = new Counter({
    name: 'quire_run_tokens_total',
    help: 'AI tokens used by finished tidy-up and routine runs, by kind and direction (input, output)',
    labelNames: ['kind', 'direction'],
    registers,
  })

  const indexFailures = new Counter({
    name: 'quire_index_failures_total',
    help: 'Indexing of a space that failed, by part (words: words, links and metadata; meaning: vectors); it is done again at the space\u2019s next change, and a meaning fill also by a retry job',
    labelNames: ['part'],
    registers,
  })

  new Gauge({
    name: 'quire_jobs',
    help: 'Background jobs not done, by kind and state (waiting: due; scheduled: for later; running; failed)',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      const counts = await read('jobs', ({ deps }) => deps.store.jobs.counts(deps.clock.now()))
      this.reset()
      for (const { kind, state, count } of counts ?? []) this.set({ kind, state }, count)
    },
  })
  new Gauge({
    name: 'quire_index_backlog_spaces',
    help: 'Spaces whose search indexing waits or runs in this process',
    registers,
    collect() {
      this.set(source?.indexBacklog() ?? 0)
    },
  })
  new Gauge({
    name: 'quire_space_sync_lag_seconds',
    help: 'Seconds since each space with a remote last synced with it (since its creation when it never did)',
    labelNames: ['space'],
    registers,
    async collect() {
      const spaces = await read('sync', syncStates)
      this.reset()
      for (const space of spaces ?? []) this.set({ space: space.name }, space.lagSeconds)
    },
  })
  new Gauge({
    name: 'quire_space_sync_failing',
    help: 'Whether the last sync of each space with a remote failed (1) and waits for its retry, or not (0)',
    labelNames: ['space'],
    registers,
    async collect() {
      const spaces = await read('sync', syncStates)
      this.reset()
      for (const space of spaces ?? []) this.set({ space: space.name }, space.isFailing ? 1 : 0)
    },
  })

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    push: (direction, outcome) => pushes.inc({ direction, outcome }),
    webhookAttempt(delivered, switchedOff) {
      deliveries.inc({ outcome: delivered ? 'delivered' : 'failed' })
      if (switchedOff) disablings.inc()
    },
    run(kind, run) {
      runs.inc({ kind, status: run.status })
      if (run.cost) cost.inc({ kind }, run.cost)
      if (run.inputTokens) tokens.inc({ kind, direction: 'input' }, run.inputTokens)
      if (run.outputTokens) tokens.inc({ kind, direction: 'output' }, run.outputTokens)
    },
    indexFailed: (part) => indexFailures.inc({ part }),
    readFrom(next) {
      source = next
    },
  }
}

/** Each space with a remote as `org/space`, with its sync lag and whether its last sync failed. */
async function syncStates({ deps }: MetricsSource) {
  const [spaces, organizations] = await Promise.all([
    deps.store.spacesWithRemote(),
    deps.store.organizations.list(),
  ])
  const slugs = new Map(organizations.map((org) => [org.id, org.slug]))
  const now = deps.clock.now()
  return spaces.map(({ space, sync }) => ({
    name: `${slugs.get(space.orgId) ?? space.orgId}/${space.slug}`,
    lagSeconds: Math.max(0, now - (sync.lastSyncAt ?? space.createdAt)) / 1000,
    isFailing: sync.retryAt !== null,
  }))
}
