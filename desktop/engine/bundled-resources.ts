import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ResourcePaths } from '#shared/adapters/node/resource-paths.ts'

/** Where the build puts the files the engine loads at run time, under the bundle's folder. */
export const BUNDLED = {
  migrations: join('resources', 'sqlite-migrations'),
  postgresMigrations: join('resources', 'postgres-migrations'),
  vocationTemplates: join('resources', 'vocation-templates'),
  extractorWorker: 'extract-worker.js',
  secretWorker: 'secret-worker.js',
  builtinEmbedderWorker: 'builtin-embedder-worker.js',
  builtinMeaningModel: join('resources', 'meaning-model', 'use-lite-static.json'),
  transformersEmbedderWorker: 'transformers-embedder-worker.js',
  bitScanWorker: 'bit-scan-worker.js',
} as const

/** The engine's run-time files once bundled (electron.vite.config.ts builds and copies them beside it). */
export function bundledResources(bundleDir: string): ResourcePaths {
  const file = (name: string) => pathToFileURL(join(bundleDir, name))
  return {
    migrations: join(bundleDir, BUNDLED.migrations),
    postgresMigrations: join(bundleDir, BUNDLED.postgresMigrations),
    vocationTemplates: join(bundleDir, BUNDLED.vocationTemplates),
    extractorWorker: file(BUNDLED.extractorWorker),
    secretWorker: file(BUNDLED.secretWorker),
    builtinEmbedderWorker: file(BUNDLED.builtinEmbedderWorker),
    builtinMeaningModel: join(bundleDir, BUNDLED.builtinMeaningModel),
    transformersEmbedderWorker: file(BUNDLED.transformersEmbedderWorker),
    bitScanWorker: file(BUNDLED.bitScanWorker),
  }
}
