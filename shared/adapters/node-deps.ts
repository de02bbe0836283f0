import { join } from 'node:path'
import type { Clock } from '../ports/clock.ts'
import type { Embedder } from '../ports/embedder.ts'
import type { Deps } from '../services/deps.ts'
import { createSpaceQueue } from '../services/space-queue.ts'
import { aiSdkLlm } from './ai/ai-sdk-llm.ts'
import { createBuiltinEmbedder } from './embed/builtin-embedder.ts'
import { createProviderEmbedders } from './embed/provider-embedder.ts'
import { createTransformersEmbedder } from './embed/transformers-embedder.ts'
import { createTextExtractor } from './extract/text-extractor.ts'
import { gitSpaceRepos } from './git/space-repos.ts'
import { outboundGuard } from './net/outbound-guard.ts'
import { argon2Hasher } from './node/argon2-hasher.ts'
import { fileTemplates } from './node/file-templates.ts'
import { type ResourcePaths, resourcePaths } from './node/resource-paths.ts'
import { aesCipher, nodeSecrets, systemClock } from './node/secrets.ts'
import { createSecretDetector } from './secrets/secretlint-detector.ts'
import { threadedSecretDetector } from './secrets/threaded-detector.ts'
import { openDatabase } from './sqlite/open-database.ts'
import { sqliteStore } from './sqlite/store.ts'
import { sqliteTextIndex } from './sqlite/text-index.ts'
import { forgetSpaceVectors, sqliteVectorIndex } from './sqlite/vector-index.ts'

/** What a host on Node decides about its services' dependencies; the rest has one sensible default. */
export type NodeDepsSettings = {
  /** The data folder: `service.db` and the spaces' repositories under `repos/`. */
  dataDir: string
  /** The key that seals credentials kept at rest. */
  secretKey: string
  /** Whether Git remotes may be on loopback or private addresses (an in-house Git host). */
  allowPrivateNetwork: boolean
  /** A local transformers.js model folder to use instead of the built-in embeddings model. */
  embeddingsModelDir?: string
  /** The time; the system's by default. */
  clock?: Clock
  /** Argon2id's cost; production's defaults unless lowered (tests). */
  passwordCost?: { memoryCost?: number; timeCost?: number }
  /** A built-in embedder the caller owns and shares between compositions; `close` leaves it running. */
  builtinEmbedder?: Embedder
  /** Time limit to extract the text of one file, in milliseconds. */
  extractorTimeoutMs?: number
  /** Time limit of one LLM request, in milliseconds. */
  llmTimeoutMs?: number
  /** Retries of an AI provider's request (LLM and embeddings) refused for a passing reason. */
  providerRetries?: number
  /** Long texts are scanned for secrets in a thread of their own (`threaded`, the default) or inline. */
  secretScan?: 'threaded' | 'inline'
  /** Where worker scripts, migrations and templates are, when not in the source tree (a bundle). */
  resources?: Partial<ResourcePaths>
}

/** The composed dependencies, the database handle for callers that need it, and how to stop them. */
export type NodeDeps = {
  deps: Deps
  sqlite: ReturnType<typeof openDatabase>['sqlite']
  /** Stops the queues, the worker threads this composition started, and closes the database. */
  close(): Promise<void>
}

/**
 * Builds every adapter the services need on Node, over one data folder: the database (migrations
 * applied), the repositories, the AI and search adapters, and the worker threads.
 */
export async function composeNodeDeps(settings: NodeDepsSettings): Promise<NodeDeps> {
  const paths = resourcePaths(settings.resources)
  const { sqlite, db } = openDatabase(join(settings.dataDir, 'service.db'), { migrations: paths.migrations })
  const builtin = settings.builtinEmbedder ?? ownBuiltinEmbedder(settings, paths)
  const inline = createSecretDetector()
  // Long texts are scanned in a thread of their own, so a large page does not hold other requests.
  const threaded =
    settings.secretScan === 'inline'
      ? undefined
      : threadedSecretDetector(inline, { workerUrl: paths.secretWorker })
  const retries = { maxRetries: settings.providerRetries }
  const deps: Deps = {
    store: sqliteStore(db),
    secrets: nodeSecrets,
    passwords: argon2Hasher(settings.passwordCost),
    clock: settings.clock ?? systemClock,
    repos: gitSpaceRepos(join(settings.dataDir, 'repos'), {
      guard: outboundGuard({ allowPrivateNetwork: settings.allowPrivateNetwork }),
    }),
    templates: fileTemplates(paths.vocationTemplates),
    cipher: aesCipher(settings.secretKey),
    queue: createSpaceQueue(),
    secretDetector: threaded ?? inline,
    extractor: createTextExtractor({
      timeoutMs: settings.extractorTimeoutMs,
      workerUrl: paths.extractorWorker,
    }),
    llm: aiSdkLlm({ ...retries, timeoutMs: settings.llmTimeoutMs }),
    textIndex: sqliteTextIndex(sqlite),
    // One instance per size and connection, kept by the adapter.
    vectorIndex: (dimensions) => sqliteVectorIndex(sqlite, dimensions),
    forgetVectors: async (spaceId) => forgetSpaceVectors(sqlite, spaceId),
    // One embedder per provider settings, so the dimensions it learns are kept.
    embedders: { builtin, provider: createProviderEmbedders(retries) },
    indexQueue: createSpaceQueue(),
  }
  return {
    deps,
    sqlite,
    close: async () => {
      // Commits finish. Indexing stops at its next step, or when the model or extractor it waits
      // for is stopped under it; the catch-up at the next start does what it left.
      const indexing = deps.indexQueue.close()
      await deps.queue.close()
      await Promise.all([
        deps.extractor.close(),
        settings.builtinEmbedder ? undefined : builtin.close(),
        threaded?.close(),
      ])
      await indexing
      sqlite.close()
    },
  }
}

/** The local model: the one shipped with the service, or the user's own transformers.js model. */
function ownBuiltinEmbedder(settings: NodeDepsSettings, paths: ResourcePaths): Embedder {
  return settings.embeddingsModelDir
    ? createTransformersEmbedder({
        modelDir: settings.embeddingsModelDir,
        workerUrl: paths.transformersEmbedderWorker,
      })
    : createBuiltinEmbedder({ workerUrl: paths.builtinEmbedderWorker })
}
