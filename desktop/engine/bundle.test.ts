import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuild } from '#server/web-build.ts'
import { threadedScanner } from '#shared/adapters/sqlite/bit-scan.ts'
import { openDatabase } from '#shared/adapters/sqlite/open-database.ts'
import { sqliteVectorIndex } from '#shared/adapters/sqlite/vector-index.ts'
import { bundledResources } from './bundled-resources.ts'
import type { RunningEngine, startEngine as StartEngine } from './engine.ts'

const ROOT = resolve(import.meta.dirname, '..', '..')

let folder: string
let outDir: string
let engine: RunningEngine

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quire-bundle-'))
  // Inside the checkout, as an installed app has its node_modules beside its bundles.
  outDir = join(ROOT, 'out', `.test-bundle-${process.pid}`)
  // The same build `npm run build` makes, into a folder of its own.
  await runBuild(ROOT, outDir)
  const bundle = join(outDir, 'main')
  const { startEngine } = (await import(pathToFileURL(join(bundle, 'engine.js')).href)) as {
    startEngine: typeof StartEngine
  }
  engine = await startEngine({
    dataDir: join(folder, 'data'),
    secretKey: 'bundle test key',
    identity: { name: 'Ada Lovelace', email: 'ada@example.com' },
    webAppDir: join(outDir, 'renderer'),
    compose: { resources: bundledResources(bundle), passwordCost: { memoryCost: 1024, timeCost: 1 } },
  })
}, 180_000)
afterAll(async () => {
  await engine?.close()
  await rm(folder, { recursive: true, force: true })
  await rm(outDir, { recursive: true, force: true })
})

describe('the desktop app’s build', () => {
  it('runs the engine from its bundle: migrations, templates, the app and the model’s thread all found', {
    timeout: 60_000,
  }, async () => {
    const call = (method: string, path: string, body?: unknown) =>
      engine.fetch(
        new Request(`quire://app${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    expect((await call('POST', '/api/v1/desktop/spaces', { kind: 'local', name: 'Notes' })).status).toBe(201)
    const space = '/api/v1/organizations/local/spaces/notes'
    const write = await call('PUT', `${space}/files/tea.md`, {
      content: '# Tea\n\nSteep green tea for two minutes.\n',
    })
    expect(write.status).toBe(201)
    const templates = await call('GET', '/api/v1/vocation-templates')
    expect((await templates.json()) as unknown[]).not.toHaveLength(0)
    const page = await call('GET', '/s/local/notes')
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    await expect
      .poll(async () => (await call('GET', `${space}/semantic`)).json(), { timeout: 30_000 })
      .toMatchObject({ enabled: true, files: 1, chunks: 1 })
  })
  it('searches a large space by meaning in the scanning thread of its bundle', async () => {
    const scanner = threadedScanner(bundledResources(join(outDir, 'main')).bitScanWorker, 0)
    const { sqlite } = openDatabase(join(folder, 'scan.db'))
    try {
      const index = sqliteVectorIndex(sqlite, 8, { scanner })
      const vector = (values: number[]) => Float32Array.from(values)
      await index.forSpace(1).upsert(
        [
          { path: 'tea.md', heading: 'Tea', text: 'Tea', vector: vector([1, 1, 0, 0, 0, 0, 0, 1]) },
          { path: 'rust.md', heading: 'Rust', text: 'Rust', vector: vector([0, 0, 1, 1, 1, 0, 1, 0]) },
        ],
        [],
      )
      const hits = await index.search(vector([1, 0.9, 0, 0, 0, 0, 0, 1]), [1], 2)
      expect(hits.map((hit) => hit.path)).toEqual(['tea.md', 'rust.md'])
    } finally {
      await scanner.close()
      sqlite.close()
    }
  })
})
