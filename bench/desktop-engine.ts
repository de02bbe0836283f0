import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { chromium } from 'playwright'
import { bundledResources } from '../desktop/engine/bundled-resources.ts'
import { type Engine, startEngine } from '../desktop/engine/engine.ts'
import { readOrCreateKeyFile } from '../desktop/main/secret-key.ts'
import { ensureWebApp, runBuild } from '../server/web-build.ts'
import type { Deps } from '../shared/ports/deps.ts'
import { catchUpIndexes } from '../shared/services/search/rebuild-indexes.ts'
import { pagePath, pages } from './git-writes.ts'
import { report, summarize } from './stats.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The targets the desktop is held to. */
const OPEN_TARGET_MS = 2_000
const SAVE_TARGET_MS = 30
/** Cold starts timed, and saves timed on each path (after a few untimed ones). */
const STARTS = 5
const SAVES = 50
const SAVE_WARMUP = 5
const SPACE = 'notes'

const quiet = {
  info: () => {},
  warn: () => {},
  error: (obj: object, msg?: string) => console.error(msg, obj),
}

const ROOT = join(import.meta.dirname, '..')

/** A figure beside its target. */
function verdict(ms: number, target: number): string {
  return `${ms <= target ? 'within' : 'OVER'} the ${target >= 1000 ? `${target / 1000} s` : `${target} ms`} target`
}

/** A request from the window: no credential, the engine stands for the person. */
export function windowRequest(
  engine: Engine,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return engine.fetch(
    new Request(`quire://app${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

/**
 * A data folder holding the local space `local/notes` of `count` pages: the engine creates the
 * space, the pages go into its repository in one commit (as the other benchmarks write theirs),
 * and the engine's own start-up catch-up indexes them (words, links and meaning, the stand-in
 * model's vectors) before it closes.
 */
async function buildDataFolder(dataDir: string, count: number): Promise<void> {
  let started = performance.now()
  await mkdir(dataDir, { recursive: true })
  const engine = await startEngine({
    dataDir,
    secretKey: await readOrCreateKeyFile(dataDir),
    identity: { name: 'Bench', email: 'bench@example.com' },
  })
  try {
    const created = await windowRequest(engine, 'POST', '/api/v1/desktop/spaces', {
      kind: 'local',
      name: 'Notes',
    })
    if (created.status !== 201)
      throw new Error(`space not created: ${created.status} ${await created.text()}`)
    const { deps } = engine
    await deps.indexQueue.idle()
    const org = await deps.store.organizations.bySlug('local')
    const space = (await deps.store.forOrg(org!.id).spaces.list()).find((s) => s.slug === SPACE)!
    const repo = deps.repos.open(space.id, space.branch)
    const encoder = new TextEncoder()
    await repo.commit({
      parent: await repo.head(),
      changes: Object.entries(pages(count)).map(([path, text]) => ({ path, content: encoder.encode(text) })),
      author: { name: 'Bench', email: 'bench@example.com' },
      message: 'Pages',
    })
    await repo.settle()
    const committed = performance.now() - started
    started = performance.now()
    await catchUpIndexes(deps)
    await deps.indexQueue.idle()
    console.log(
      `  data folder: ${count} pages committed in one commit in ${(committed / 1000).toFixed(1)} s, ` +
        `indexed by the engine's catch-up (words, links, meaning with the built-in static model) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    await engine.close()
  }
}

/** Where the engine runs from: the source files (`npm run desktop:engine`), or the app's build (Electron). */
type EngineFrom = { kind: 'source' } | { kind: 'build'; outDir: string }

/**
 * What the harness that starts the engine from the app's build is given (see engine-from-build.mjs):
 * the key and the bundle's run-time files, as the app's main process gives them to the utility one.
 */
async function buildHarnessEnv(dataDir: string, outDir: string): Promise<Record<string, string>> {
  const resources = bundledResources(join(outDir, 'main'))
  return {
    BENCH_ENGINE_KEY: await readOrCreateKeyFile(dataDir),
    BENCH_RESOURCES: JSON.stringify(resources, (_key, value) =>
      value instanceof URL ? { url: value.href } : value,
    ),
  }
}

/** The engine in a process of its own, and the line it prints once ready; `given` adds to its environment. */
function spawnEngine(
  dataDir: string,
  from: EngineFrom,
  given: Record<string, string>,
): {
  child: ChildProcess
  ready: Promise<{ url: string; token: string }>
} {
  const args =
    from.kind === 'source'
      ? ['desktop/engine/cli.ts', '--data', dataDir]
      : ['bench/engine-from-build.mjs', join(from.outDir, 'main'), dataDir, join(from.outDir, 'renderer')]
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...given },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the engine exited with ${code} before it was ready`)))
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
  })
  return { child, ready }
}

/** Stops a spawned engine as a window closing would (SIGTERM: it closes cleanly) and waits for it. */
async function stopEngine(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/**
 * Opening the app on a `count`-page space from cold: a new engine process on the data folder, until
 * it prints that it is ready, and until Chromium shows the last page's text, opened at its address
 * with the engine's token (the redirect that opens the session keeps the page's address).
 */
async function benchColdOpen(dataDir: string, count: number, from: EngineFrom): Promise<void> {
  const last = pagePath(count - 1)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  const toReady: number[] = []
  const toVisible: number[] = []
  // Made once: the same for every start.
  const given = from.kind === 'build' ? await buildHarnessEnv(dataDir, from.outDir) : {}
  try {
    for (let run = 0; run <= STARTS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const started = performance.now()
      const { child, ready } = spawnEngine(dataDir, from, given)
      try {
        const { url, token } = await ready
        const readyAt = performance.now() - started
        await page.goto(`${url}/s/local/${SPACE}/page/${last}?token=${token}`)
        await page
          .getByRole('heading', { name: `Page ${count - 1}`, exact: true })
          .waitFor({ timeout: 60_000 })
        await page.getByText('dashboard and note the result').first().waitFor({ timeout: 60_000 })
        const visibleAt = performance.now() - started
        // The first start may still find the web app to check or build: not counted.
        if (run > 0) {
          toReady.push(readyAt)
          toVisible.push(visibleAt)
        }
      } finally {
        await context.close()
        await stopEngine(child)
      }
    }
  } finally {
    await browser.close()
  }
  const label = `[${count} pages, ${from.kind === 'source' ? 'from source' : "from the app's build"}]`
  report(`cold start: process start to engine ready     ${label}`, toReady)
  report(`cold start: process start to last page shown  ${label}`, toVisible)
  console.log(`  last page shown, median: ${verdict(summarize(toVisible).median, OPEN_TARGET_MS)}`)
}

/**
 * A probe on the engine's own dependencies: resolves when the next word-index update is written,
 * the moment a save's words become searchable (meaning follows in the same queued indexing).
 */
function watchWordIndex(deps: Deps): () => Promise<void> {
  const words = deps.textIndex
  const waiting: (() => void)[] = []
  deps.textIndex = {
    ...words,
    forSpace: (spaceId) => {
      const scoped = words.forSpace(spaceId)
      return {
        ...scoped,
        upsert: async (files) => {
          await scoped.upsert(files)
          for (const done of waiting.splice(0)) done()
        },
      }
    },
  }
  return () => new Promise((resolve) => waiting.push(resolve))
}

/** Related pages asked for after the first, once the space's graph is made: one for each page view. */
const RELATED_VIEWS = 40

/**
 * The first page view's related pages after a start, which make the space's related-pages graph: how
 * long they take, and the longest the engine's event loop was held meanwhile (every other request of
 * the window waits that long); then those of the next page views, from the graph kept.
 */
async function benchRelated(engine: Engine, count: number): Promise<void> {
  const related = async (page: number) => {
    const path = `/api/v1/organizations/local/spaces/${SPACE}/files/${pagePath(page)}/related`
    const response = await windowRequest(engine, 'GET', path)
    if (response.status !== 200) throw new Error(`related pages failed: ${response.status}`)
    await response.json()
  }
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  await related(count - 1)
  const took = performance.now() - started
  delay.disable()
  console.log(
    `  first related pages after a start [${count} pages]: ${took.toFixed(0)} ms, ` +
      `the event loop held at most ${(delay.max / 1e6).toFixed(0)} ms meanwhile`,
  )
  const views: number[] = []
  for (let view = 0; view < RELATED_VIEWS; view++) {
    const at = performance.now()
    await related((view * 997) % count)
    views.push(performance.now() - at)
  }
  report(`related pages of a page view, graph kept   [${count} pages]`, views)
}

/**
 * Saving an existing page of the `count`-page space with its `base_sha`, as the window does
 * (the engine's `fetch`, no HTTP) and over the loopback listener with the token: the answer (the
 * commit made durable), the answer and the word index updated, and the answer and all the indexing
 * that follows it (words, links, and meaning with the built-in model: the index queue idle).
 */
async function benchSaves(dataDir: string, count: number): Promise<void> {
  const engine = await startEngine({ dataDir, secretKey: await readOrCreateKeyFile(dataDir) })
  try {
    const { deps } = engine
    await catchUpIndexes(deps)
    await deps.indexQueue.idle()
    await benchRelated(engine, count)
    const nextWords = watchWordIndex(deps)
    const path = `/api/v1/organizations/local/spaces/${SPACE}/files/${pagePath(count - 1)}`
    let sha = ((await (await windowRequest(engine, 'GET', path)).json()) as { sha: string }).sha
    let n = 0
    const viaWindow = (body: unknown) => windowRequest(engine, 'PUT', path, body)
    const viaLoopback = (body: unknown) =>
      fetch(`${engine.url}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    for (const [name, put] of [
      ['window fetch ', viaWindow],
      ['loopback HTTP', viaLoopback],
    ] as const) {
      const answered: number[] = []
      const words: number[] = []
      const indexed: number[] = []
      for (let i = 0; i < SAVE_WARMUP + SAVES; i++) {
        const content = `# Page ${count - 1}\n\nEdited ${n++} times: check the dashboard and note the result.\n`
        const wordsDone = nextWords()
        const started = performance.now()
        const response = await put({ content, base_sha: sha })
        const answer = performance.now() - started
        if (response.status !== 200 && response.status !== 201)
          throw new Error(`save failed: ${response.status} ${await response.text()}`)
        sha = ((await response.json()) as { sha: string }).sha
        await wordsDone
        const wordsAt = performance.now() - started
        await deps.indexQueue.idle()
        if (i >= SAVE_WARMUP) {
          answered.push(answer)
          words.push(wordsAt)
          indexed.push(performance.now() - started)
        }
      }
      const label = `[${count} pages]`
      report(`save, ${name}: answer               ${label}`, answered)
      report(`save, ${name}: + word index         ${label}`, words)
      report(`save, ${name}: + all indexing       ${label}`, indexed)
      console.log(
        `  medians: answer ${verdict(summarize(answered).median, SAVE_TARGET_MS)}, ` +
          `with the word index ${verdict(summarize(words).median, SAVE_TARGET_MS)}, ` +
          `with meaning too ${verdict(summarize(indexed).median, SAVE_TARGET_MS)}`,
      )
    }
  } finally {
    await engine.close()
  }
}

/**
 * The desktop engine on a `count`-page local space: opening the app on its last page from a cold
 * start (target 2 s), and a save (target 30 ms), answered and then indexed.
 */
export async function benchDesktopEngine(count: number): Promise<void> {
  await ensureWebApp(quiet)
  // BENCH_DESKTOP_DATA keeps the data folder for the next run, which then skips building it.
  const kept = process.env.BENCH_DESKTOP_DATA
  const dataDir = kept ? join(kept, String(count)) : await mkdtemp(join(tmpdir(), 'quire-bench-desktop-'))
  const built = join(dataDir, 'bench-built')
  try {
    if (existsSync(built)) console.log(`  data folder: reused from ${dataDir}`)
    else {
      await rm(dataDir, { recursive: true, force: true })
      await buildDataFolder(dataDir, count)
      await writeFile(built, '')
    }
    await benchColdOpen(dataDir, count, { kind: 'source' })
    // The desktop app runs the engine from its bundle, which loads far fewer files.
    const outDir = join(ROOT, 'out', `.bench-build-${process.pid}`)
    try {
      await runBuild(ROOT, outDir)
      await benchColdOpen(dataDir, count, { kind: 'build', outDir })
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
    await benchSaves(dataDir, count)
  } finally {
    if (!kept) await rm(dataDir, { recursive: true, force: true })
  }
}
