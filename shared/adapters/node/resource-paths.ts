import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Files the Node adapters load at run time rather than import: worker scripts (started as threads
 * by Node itself), SQL migrations, vocation templates and the built-in meaning model.
 */
export type ResourcePaths = {
  /** The folder of vocation templates (`<key>.<locale>.md`). */
  vocationTemplates: string
  /** The folder of drizzle's SQL migrations and their journal. */
  migrations: string
  /** The same for PostgreSQL. */
  postgresMigrations: string
  /** The text extraction thread (PDF, Office, OCR). */
  extractorWorker: URL | string
  /** The thread that scans long texts for secrets. */
  secretWorker: URL | string
  /** The thread of the built-in embeddings model. */
  builtinEmbedderWorker: URL | string
  /** The built-in static meaning model (its JSON header; the matrix file is beside it). */
  builtinMeaningModel: string
  /** The thread of a transformers.js model the user brings. */
  transformersEmbedderWorker: URL | string
  /** The thread scanning a large space's bit vectors, the first pass of a search by meaning. */
  bitScanWorker: URL | string
}

const ADAPTERS = join(import.meta.dirname, '..')
const ROOT = join(ADAPTERS, '..', '..')

/**
 * Where those files are in the source tree, which is how `npm start` and the tests run. This is the
 * only place that locates them: a host that bundles its code (the desktop app) moves them, and passes
 * their new places as `overrides` (to `composeNodeDeps`'s `resources`).
 */
export function resourcePaths(overrides: Partial<ResourcePaths> = {}): ResourcePaths {
  return {
    vocationTemplates: join(ROOT, 'resources', 'vocation-templates'),
    migrations: join(ADAPTERS, 'sqlite', 'migrations'),
    postgresMigrations: join(ADAPTERS, 'postgres', 'migrations'),
    extractorWorker: pathToFileURL(join(ADAPTERS, 'extract', 'worker.ts')),
    secretWorker: pathToFileURL(join(ADAPTERS, 'secrets', 'secret-worker.ts')),
    builtinEmbedderWorker: pathToFileURL(join(ADAPTERS, 'embed', 'builtin-worker.ts')),
    builtinMeaningModel: join(ROOT, 'resources', 'meaning-model', 'use-lite-static.json'),
    transformersEmbedderWorker: pathToFileURL(join(ADAPTERS, 'embed', 'transformers-worker.ts')),
    bitScanWorker: pathToFileURL(join(ADAPTERS, 'sqlite', 'bit-scan-worker.ts')),
    ...overrides,
  }
}
