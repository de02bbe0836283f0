import { join } from 'node:path'
import { aiSdkLlm } from '#shared/adapters/ai/ai-sdk-llm.ts'
import { createBuiltinEmbedder } from '#shared/adapters/embed/builtin-embedder.ts'
import { createProviderEmbedders } from '#shared/adapters/embed/provider-embedder.ts'
import { createTransformersEmbedder } from '#shared/adapters/embed/transformers-embedder.ts'
import { createTextExtractor } from '#shared/adapters/extract/text-extractor.ts'
import { gitSpaceRepos } from '#shared/adapters/git/space-repos.ts'
import { outboundGuard } from '#shared/adapters/net/outbound-guard.ts'
import { argon2Hasher } from '#shared/adapters/node/argon2-hasher.ts'
import { fileTemplates } from '#shared/adapters/node/file-templates.ts'
import { aesCipher, nodeSecrets, systemClock } from '#shared/adapters/node/secrets.ts'
import { createSecretDetector } from '#shared/adapters/secrets/secretlint-detector.ts'
import { threadedSecretDetector } from '#shared/adapters/secrets/threaded-detector.ts'
import { openDatabase } from '#shared/adapters/sqlite/open-database.ts'
import { sqliteStore } from '#shared/adapters/sqlite/store.ts'
import { sqliteTextIndex } from '#shared/adapters/sqlite/text-index.ts'
import { forgetSpaceVectors, sqliteVectorIndex } from '#shared/adapters/sqlite/vector-index.ts'
import type { Deps } from '#shared/services/deps.ts'
import { createSpaceQueue } from '#shared/services/space-queue.ts'
import type { Config } from './config.ts'

const RESOURCES = join(import.meta.dirname, '..', 'resources')

/**
 * The composition root of the hosted server: the database (migrations applied), the repositories,
 * and every adapter the services need, wired once. `close` stops the workers and the database.
 */
export function buildDeps(config: Config): { deps: Deps; close(): Promise<void> } {
  const { sqlite, db } = openDatabase(join(config.dataDir, 'service.db'))
  // The local model: the one shipped with the service, or the user's own transformers.js model.
  const builtin = config.embeddingsModelDir
    ? createTransformersEmbedder({ modelDir: config.embeddingsModelDir })
    : createBuiltinEmbedder()
  // Long texts are scanned in a thread of their own, so a large page does not hold other requests.
  const secretDetector = threadedSecretDetector(createSecretDetector())
  const deps: Deps = {
    store: sqliteStore(db),
    secrets: nodeSecrets,
    passwords: argon2Hasher(),
    clock: systemClock,
    repos: gitSpaceRepos(join(config.dataDir, 'repos'), {
      guard: outboundGuard({ allowPrivateNetwork: config.allowPrivateNetwork }),
    }),
    templates: fileTemplates(join(RESOURCES, 'vocation-templates')),
    cipher: aesCipher(config.secretKey),
    queue: createSpaceQueue(),
    secretDetector,
    extractor: createTextExtractor(),
    llm: aiSdkLlm(),
    textIndex: sqliteTextIndex(sqlite),
    // One instance per size and connection, kept by the adapter.
    vectorIndex: (dimensions) => sqliteVectorIndex(sqlite, dimensions),
    forgetVectors: (spaceId) => forgetSpaceVectors(sqlite, spaceId),
    // One embedder per provider settings, so the dimensions it learns are kept.
    embedders: { builtin, provider: createProviderEmbedders() },
    indexQueue: createSpaceQueue(),
  }
  return {
    deps,
    close: async () => {
      // Commits finish. Indexing stops at its next step, or when the model or extractor it waits
      // for is stopped under it; the catch-up at the next start does what it left.
      const indexing = deps.indexQueue.close()
      await deps.queue.close()
      await Promise.all([deps.extractor.close(), builtin.close(), secretDetector.close()])
      await indexing
      sqlite.close()
    },
  }
}
