import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import parsePrometheusTextFormat, { type MetricFamily, type Sample } from 'parse-prometheus-text-format'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeEmbeddings, startFakeEmbeddings } from '#shared/testing/embed/fake-embeddings-server.ts'
import { cloneWork, isolatedGitEnv } from '#shared/testing/git-cli.ts'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import { startWebhookReceiver, type WebhookReceiver } from '#shared/testing/webhook-receiver.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'
import { launchServer, type ServerProcess } from './testing/server-process.ts'

const TOKEN = 'metrics-admin-token-0123456789abcdef'
const METRICS_TOKEN = 'scraper-token-0123456789abcdef'
/** The file route's pattern, up to its parameter (whose pattern says which paths it takes). */
const FILES_ROUTE = /^\/api\/v1\/organizations\/:org\/spaces\/:space\/files\/:path\{.+\}$/

let dir: string
let remote: GitRemote | undefined
let receiver: WebhookReceiver | undefined
let running: InProcessServer | undefined
let launched: ServerProcess | undefined
let provider: FakeEmbeddings | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-metrics-'))
})
afterEach(async () => {
  await running?.server.close()
  launched?.child.kill('SIGKILL')
  await remote?.stop()
  await receiver?.close()
  await provider?.stop()
  running = launched = remote = receiver = provider = undefined
  await rm(dir, { recursive: true, force: true })
})

/** The metrics at `url`, parsed by a Prometheus text-format parser, by name. */
async function scrape(url: string, token?: string): Promise<Map<string, MetricFamily>> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return new Map(parsePrometheusTextFormat(await response.text()).map((family) => [family.name, family]))
}

/** The value of the series of `name` with these labels (all of them, exactly), or undefined. */
function seriesValue(metrics: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}) {
  const sample = metrics
    .get(name)
    ?.metrics.find(
      (m: Sample) => JSON.stringify(sortedLabels(m.labels)) === JSON.stringify(sortedLabels(labels)),
    )
  return sample?.value === undefined ? undefined : Number(sample.value)
}

const sortedLabels = (labels: Record<string, string> = {}) => Object.entries(labels).sort()

/** Scrapes until `isDone` holds (at most 15 s): counters move once the background work is over. */
async function scrapeUntil(url: string, isDone: (metrics: Map<string, MetricFamily>) => boolean) {
  const deadline = Date.now() + 15_000
  let metrics = await scrape(url)
  while (!isDone(metrics) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    metrics = await scrape(url)
  }
  return metrics
}

describe('the metrics of a running server', () => {
  it('count requests by route, pushes both ways, webhook deliveries, tidy runs, and show the sync lag and the process', async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/wiki.git', { files: { 'content/index.md': '# Home\n' } })
    receiver = await startWebhookReceiver()
    const lines: string[] = []
    running = await startInProcess(dir, TOKEN, {
      env: { SERVICE_METRICS: 'true', SERVICE_WEBHOOK_DISABLE_AFTER: '1' },
      lines,
    })
    const { api, server } = running
    expect(server.metricsUrl).toBe(`${server.url}/metrics`)
    // Open to anyone who reaches the server, space names included: the operator is told so.
    expect(lines.join('')).toContain('metrics are served on the main port without a token')
    await api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await api('POST', '/organizations/acme/spaces', {
      slug: 'wiki',
      name: 'Wiki',
      repo_url: remote.url('acme/wiki.git'),
    })
    await api('PUT', '/organizations/acme/spaces/wiki/git/credentials', {
      kind: 'https',
      token: `${remote.username}:${remote.password}`,
    })
    const hook = (await (
      await api('POST', '/organizations/acme/webhooks', { url: receiver.url })
    ).json()) as {
      secret: string
    }
    receiver.trustSecret(hook.secret)

    // A page written through the API is pushed to the remote, and its event delivered.
    const written = await api('PUT', '/organizations/acme/spaces/wiki/files/hello.md', {
      content: '# Hello\n',
    })
    expect(((await written.json()) as { pushed: boolean }).pushed).toBe(true)
    await receiver.waitFor(1)
    // The next delivery fails, which switches the webhook off (SERVICE_WEBHOOK_DISABLE_AFTER=1).
    receiver.answer(() => ({ status: 500 }))
    await api('PUT', '/organizations/acme/spaces/wiki/files/again.md', { content: '# Again\n' })
    await receiver.waitFor(2)
    expect((await api('POST', '/organizations/acme/spaces/wiki/tidy', {})).status).toBeLessThan(300)

    // A push from a Git client into the space.
    const work = join(dir, 'work')
    const clone = await cloneWork(
      `${server.url.replace('//', `//admin:${TOKEN}@`)}/git/acme/wiki.git`,
      join(dir, 'clone'),
      isolatedGitEnv(work),
    )
    await clone.write('content/pushed.md', '# Pushed\n')
    await clone.commitAll('Add a page by Git')
    await clone.push()
    // And one refused: it would rewrite what the space already holds.
    await clone.git('commit', '--quiet', '--amend', '-m', 'Rewritten')
    await expect(clone.git('push', '--quiet', '--force', 'origin', 'HEAD')).rejects.toThrow(/rejected/)
    await api('GET', '/organizations/acme/spaces/nope')

    const metrics = await scrapeUntil(
      server.metricsUrl ?? '',
      (m) =>
        seriesValue(m, 'quire_webhook_disablings_total') === 1 &&
        seriesValue(m, 'quire_runs_total', { kind: 'tidy', status: 'done' }) === 1,
    )
    // Requests by the route's pattern, never by the path itself.
    const writes = metrics
      .get('quire_http_requests_total')
      ?.metrics.filter((m) => m.labels?.method === 'PUT' && m.labels.status === '201')
    expect(writes?.map((m) => [m.labels?.route, m.value])).toEqual([
      [expect.stringMatching(FILES_ROUTE), '2'],
    ])
    expect(
      seriesValue(metrics, 'quire_http_requests_total', {
        method: 'GET',
        route: '/api/v1/organizations/:org/spaces/:space',
        status: '404',
      }),
    ).toBe(1)
    // Git's requests by the Git host's routes, the refusal that asks Git for credentials included
    // (a refused push is answered 200 too: Git reads the refusal in the report).
    const pack = '/git/:org/:repo/git-receive-pack'
    expect(
      seriesValue(metrics, 'quire_http_requests_total', { method: 'POST', route: pack, status: '200' }),
    ).toBe(2)
    const refs = { method: 'GET', route: '/git/:org/:repo/info/refs' }
    expect(
      seriesValue(metrics, 'quire_http_requests_total', { ...refs, status: '401' }),
    ).toBeGreaterThanOrEqual(1)
    const routes = metrics.get('quire_http_requests_total')?.metrics.map((m) => m.labels?.route) ?? []
    expect(routes.filter((route) => /hello|again|acme|wiki/.test(route ?? ''))).toEqual([])
    // The parser merges a histogram's labelled series: its buckets are checked, their counts by the counter above.
    const latency = metrics.get('quire_http_request_duration_seconds')
    expect(latency?.type).toBe('HISTOGRAM')
    expect(Object.keys(latency?.metrics[0]?.buckets ?? {}).sort()).toEqual(
      ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30', '+Inf'].sort(),
    )

    // Pushes: both API writes went out to the remote (a sync may have pushed nothing more), one came in.
    expect(
      seriesValue(metrics, 'quire_git_pushes_total', { direction: 'outgoing', outcome: 'pushed' }),
    ).toBeGreaterThanOrEqual(2)
    expect(
      seriesValue(metrics, 'quire_git_pushes_total', { direction: 'incoming', outcome: 'accepted' }),
    ).toBe(1)
    expect(
      seriesValue(metrics, 'quire_git_pushes_total', { direction: 'incoming', outcome: 'refused' }),
    ).toBe(1)
    expect(seriesValue(metrics, 'quire_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1)
    expect(seriesValue(metrics, 'quire_webhook_deliveries_total', { outcome: 'failed' })).toBe(1)
    expect(seriesValue(metrics, 'quire_webhook_disablings_total')).toBe(1)
    // The built-in filer costs nothing.
    expect(seriesValue(metrics, 'quire_run_cost_total', { kind: 'tidy' }) ?? 0).toBe(0)

    // Read at the scrape: the space synced moments ago and is not failing; nothing waits for indexing long.
    const lag = seriesValue(metrics, 'quire_space_sync_lag_seconds', { space: 'acme/wiki' })
    expect(lag).toBeGreaterThanOrEqual(0)
    expect(lag).toBeLessThan(60)
    expect(seriesValue(metrics, 'quire_space_sync_failing', { space: 'acme/wiki' })).toBe(0)
    expect(metrics.get('quire_index_backlog_spaces')?.type).toBe('GAUGE')
    expect(metrics.get('quire_jobs')?.type).toBe('GAUGE')
    for (const series of metrics.get('quire_jobs')?.metrics ?? [])
      expect(['waiting', 'scheduled', 'running', 'failed']).toContain(series.labels?.state)

    // The process's own figures.
    expect(seriesValue(metrics, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(seriesValue(metrics, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(metrics.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE')
  }, 60_000)

  it('count the jobs waiting in the queue by kind', async () => {
    running = await startInProcess(dir, TOKEN, { env: { SERVICE_METRICS: 'true' } })
    const { api, server } = running
    await api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await api('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
    // Jobs due in an hour: queued, not yet waiting.
    const now = server.deps.clock.now()
    for (const kind of ['mail', 'mail', 'routine'])
      await server.deps.store.jobs.enqueue({ kind, spaceId: null, payload: {}, runAt: now + 3_600_000 }, now)
    const metrics = await scrape(server.metricsUrl ?? '')
    expect(seriesValue(metrics, 'quire_jobs', { kind: 'mail', state: 'scheduled' })).toBe(2)
    expect(seriesValue(metrics, 'quire_jobs', { kind: 'routine', state: 'scheduled' })).toBe(1)
  })

  it('count and log the indexing that failed, by meaning while the embeddings provider is down', async () => {
    provider = await startFakeEmbeddings()
    const lines: string[] = []
    running = await startInProcess(dir, TOKEN, { env: { SERVICE_METRICS: 'true' }, lines })
    const { api, server } = running
    const wiki = '/organizations/acme/spaces/wiki'
    await api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await api('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
    const set = await api('PUT', '/organizations/acme/embeddings', {
      provider: 'openai-compatible',
      model: 'words',
      base_url: provider.url,
    })
    expect(set.status).toBe(200)
    expect((await api('PUT', `${wiki}/semantic`, { enabled: true })).status).toBe(200)
    const failures = (m: Map<string, MetricFamily>, part: string) =>
      seriesValue(m, 'quire_index_failures_total', { part }) ?? 0
    expect(failures(await scrape(server.metricsUrl ?? ''), 'meaning')).toBe(0)

    provider.setDown(true)
    await api('PUT', `${wiki}/files/backups.md`, {
      content: '# Backups\n\nNightly dumps go to the bucket.\n',
    })
    const metrics = await scrapeUntil(server.metricsUrl ?? '', (m) => failures(m, 'meaning') > 0)
    expect(failures(metrics, 'meaning')).toBe(1)
    // The page's words were indexed all the same.
    expect(failures(metrics, 'words')).toBe(0)
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/^indexing by meaning failed/), part: 'meaning' }),
    )
    const waiting = async () =>
      ((await (await api('GET', `${wiki}/semantic`)).json()) as { waiting: number }).waiting
    expect(await waiting()).toBeGreaterThan(0)

    // Back up, the next change brings the vectors of the page left waiting.
    provider.setDown(false)
    await api('PUT', `${wiki}/files/restore.md`, { content: '# Restore\n\nRestore from the latest dump.\n' })
    await server.deps.indexQueue.idle()
    expect(await waiting()).toBe(0)
    expect(failures(await scrape(server.metricsUrl ?? ''), 'meaning')).toBe(1)
  })
})

describe('where the metrics are served', () => {
  it('are off by default: /metrics is a JSON 404', async () => {
    running = await startInProcess(dir, TOKEN)
    expect(running.server.metricsUrl).toBeUndefined()
    const response = await fetch(`${running.server.url}/metrics`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found' })
  })

  it('on a port of their own and behind a token, stay off the main port and refuse scrapers without it', async () => {
    launched = launchServer(dir, {
      SERVICE_METRICS: 'true',
      SERVICE_METRICS_PORT: '0',
      SERVICE_METRICS_TOKEN: METRICS_TOKEN,
    })
    const url = await launched.listening
    const metricsUrl = /"metrics":"([^"]+)"/.exec(launched.output())?.[1] ?? ''
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
    expect(new URL(metricsUrl).port).not.toBe(new URL(url).port)

    const onMain = await fetch(`${url}/metrics`)
    expect(onMain.status).toBe(404)
    expect(await onMain.json()).toMatchObject({ error: 'not_found' })
    // No token, a wrong one, and the right one without its scheme.
    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: METRICS_TOKEN },
    ]
    for (const headers of refusedHeaders) {
      const refused = await fetch(metricsUrl, { headers })
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await refused.json()).toMatchObject({ error: 'unauthenticated' })
    }
    const other = await fetch(metricsUrl.replace('/metrics', '/api/v1/me'))
    expect(other.status).toBe(404)
    expect(await other.json()).toMatchObject({ error: 'not_found' })

    await fetch(`${url}/api/v1/me`)
    const metrics = await scrape(metricsUrl, METRICS_TOKEN)
    expect(
      seriesValue(metrics, 'quire_http_requests_total', {
        method: 'GET',
        route: '/api/v1/me',
        status: '401',
      }),
    ).toBe(1)
    // The token is never written to the log.
    expect(launched.output()).not.toContain(METRICS_TOKEN)
  }, 60_000)
})
