import { join } from 'node:path'
import { aiSdkLlm } from '../adapters/ai/ai-sdk-llm.ts'
import { type BuiltinModel, createBuiltinEmbedder } from '../adapters/embed/builtin-embedder.ts'
import { createProviderEmbedders } from '../adapters/embed/provider-embedder.ts'
import { createTransformersEmbedder } from '../adapters/embed/transformers-embedder.ts'
import { createTextExtractor } from '../adapters/extract/text-extractor.ts'
import { gitSpaceRepos } from '../adapters/git/space-repos.ts'
import { createMailer } from '../adapters/mail/nodemailer-mailer.ts'
import { outboundCheck } from '../adapters/net/outbound-check.ts'
import { outboundGuard } from '../adapters/net/outbound-guard.ts'
import { webhookSender } from '../adapters/net/webhook-sender.ts'
import { jwtAccessTokens } from '../adapters/node/access-token-signer.ts'
import { argon2Hasher } from '../adapters/node/argon2-hasher.ts'
import { fileTemplates } from '../adapters/node/file-templates.ts'
import { type ResourcePaths, resourcePaths } from '../adapters/node/resource-paths.ts'
import { aesCipher, nodeSecrets, systemClock } from '../adapters/node/secrets.ts'
import { openIdClient } from '../adapters/oidc/openid-client.ts'
import { createSecretDetector } from '../adapters/secrets/secretlint-detector.ts'
import { threadedSecretDetector } from '../adapters/secrets/threaded-detector.ts'
import { DEFAULT_WEBHOOK_DISABLE_AFTER, DEFAULT_WEBHOOK_RETRY_DELAYS_S } from '../domain/webhook-events.ts'
import type { Clock } from '../ports/clock.ts'
import { NO_RELAY } from '../ports/collab-relay.ts'
import type { Deps, WebhookPolicy } from '../ports/deps.ts'
import type { Embedder } from '../ports/embedder.ts'
import type { Logger } from '../ports/logger.ts'
import { localSpaceEvents } from '../ports/space-events.ts'
import type { SpaceQueue } from '../ports/space-queue.ts'
import { createSpaceQueue } from '../services/jobs/space-queue.ts'
import { type DatabaseAdapters, sqliteAdapters } from './databases.ts'
import { reportingFailures } from './index-failures.ts'

/** What a host on Node decides about its services' dependencies; the rest has one sensible default. */
export type NodeDepsSettings = {
  /** The data folder: `service.db` and the spaces' repositories under `repos/`. */
  dataDir: string
  /**
   * PostgreSQL (`postgres://…`) instead of `service.db`. Several instances may then share the
   * database and the data folder: a space's writes are serialized across them.
   */
  databaseUrl?: string
  /** The key that seals credentials kept at rest. */
  secretKey: string
  /** Whether Git remotes may be on loopback or private addresses (an in-house Git host). */
  allowPrivateNetwork: boolean
  /** A local transformers.js model folder to use instead of the built-in embeddings model. */
  embeddingsModelDir?: string
  /** Threads running the built-in embeddings model (its default when unset). */
  embeddingThreads?: number
  /** The built-in model: the static model (the default) or the transformer it is distilled from. */
  builtinModel?: BuiltinModel
  /** The time; the system's by default. */
  clock?: Clock
  /** Argon2id's cost; production's defaults unless lowered (tests). */
  passwordCost?: { memoryCost?: number; timeCost?: number }
  /** A built-in embedder the caller owns and shares between compositions; `close` leaves it running. */
  builtinEmbedder?: Embedder
  /** Likewise, the sentence model the built-in filer judges with when the built-in model is lexical. */
  sentenceEmbedder?: Embedder
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
  /** The SMTP server (`smtp://…`, `smtps://…`) and sender; without a server, mail goes to `<data>/outbox/`. */
  mail?: { smtpUrl?: string; from?: string }
  /** Retries and switching off of outgoing webhooks; the defaults of the README otherwise. */
  webhooks?: Partial<WebhookPolicy> & { timeoutMs?: number }
  /** Where adapters report what they did (mail written to the outbox). */
  logger?: Logger
}

/** The composed dependencies, the database handle for callers that need it, and how to stop them. */
export type NodeDeps = {
  deps: Deps
  /** The SQLite handle, for callers that read it directly (tests); absent on PostgreSQL. */
  sqlite: DatabaseAdapters['sqlite']
  /** Whether this instance runs the schedules (always, unless several instances share PostgreSQL). */
  isLeader(): Promise<boolean>
  /** Whether other instances may share the database and the repositories. */
  shared: boolean
  /** Stops the queues, the worker threads this composition started, and closes the database. */
  close(): Promise<void>
}

/** How long the filer's transformer keeps its model loaded with no question asked. */
const FILER_MODEL_IDLE_MS = 5 * 60_000

/**
 * Builds every adapter the services need on Node, over one data folder: the database (migrations
 * applied), the repositories, the AI and search adapters, and the worker threads.
 */
export async function composeNodeDeps(settings: NodeDepsSettings): Promise<NodeDeps> {
  const paths = resourcePaths(settings.resources)
  const database = settings.databaseUrl
    ? await (await import('./postgres-databases.ts')).postgresAdapters(
        settings.databaseUrl,
        paths.postgresMigrations,
      )
    : sqliteAdapters(join(settings.dataDir, 'service.db'), paths.migrations, paths.bitScanWorker)
  const builtin = settings.builtinEmbedder ?? ownBuiltinEmbedder(settings, paths)
  // The transformer, with one thread started on the filer's first question: a tidy-up is rare, and
  // one thread answers its few dozen texts in a second or two. Its copy of the model (about 200 MB)
  // is let go after a while without questions, and loaded again by the next tidy-up.
  const ownSentence = builtin.lexical && !settings.sentenceEmbedder
  const sentence = builtin.lexical
    ? (settings.sentenceEmbedder ??
      createBuiltinEmbedder({
        model: 'transformer',
        threads: 1,
        idleStopMs: FILER_MODEL_IDLE_MS,
        workerUrl: paths.builtinEmbedderWorker,
      }))
    : builtin
  const inline = createSecretDetector()
  // Long texts are scanned in a thread of their own, so a large page does not hold other requests.
  const threaded =
    settings.secretScan === 'inline'
      ? undefined
      : threadedSecretDetector(inline, { workerUrl: paths.secretWorker })
  const retries = { maxRetries: settings.providerRetries }
  const guard = outboundGuard({ allowPrivateNetwork: settings.allowPrivateNetwork })
  const deps: Deps = {
    store: database.store,
    secrets: nodeSecrets,
    passwords: argon2Hasher(settings.passwordCost),
    clock: settings.clock ?? systemClock,
    repos: gitSpaceRepos(join(settings.dataDir, 'repos'), {
      guard,
      sharedStorage: database.shared !== undefined,
    }),
    templates: fileTemplates(paths.vocationTemplates),
    cipher: aesCipher(settings.secretKey),
    accessTokens: jwtAccessTokens(settings.secretKey),
    queue: database.shared ? database.shared.queue(createSpaceQueue(), 'writers') : createSpaceQueue(),
    secretDetector: threaded ?? inline,
    extractor: createTextExtractor({
      timeoutMs: settings.extractorTimeoutMs,
      workerUrl: paths.extractorWorker,
    }),
    llm: aiSdkLlm({ ...retries, timeoutMs: settings.llmTimeoutMs }),
    textIndex: database.textIndex,
    vectorIndex: database.vectorIndex,
    forgetVectors: database.forgetVectors,
    // One embedder per provider settings, so the dimensions it learns are kept.
    embedders: { builtin, sentence, provider: createProviderEmbedders(retries) },
    indexQueue: loggingFailures(
      database.shared ? database.shared.queue(createSpaceQueue(), 'indexers') : createSpaceQueue(),
      settings.logger,
    ),
    outbound: outboundCheck(guard),
    mailer: createMailer({
      ...settings.mail,
      outboxDir: join(settings.dataDir, 'outbox'),
      logger: settings.logger,
    }),
    webhookSender: webhookSender(guard, { timeoutMs: settings.webhooks?.timeoutMs }),
    spaceEvents: localSpaceEvents(),
    collabRelay: database.shared?.relay ?? NO_RELAY,
    oidc: openIdClient(),
    webhookPolicy: {
      retryDelaysMs: settings.webhooks?.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_S.map((s) => s * 1000),
      disableAfter: settings.webhooks?.disableAfter ?? DEFAULT_WEBHOOK_DISABLE_AFTER,
    },
  }
  return {
    deps,
    sqlite: database.sqlite,
    isLeader: database.shared?.isLeader ?? (async () => true),
    shared: database.shared !== undefined,
    close: async () => {
      // Commits finish. Indexing stops at its next step, or when the model or extractor it waits
      // for is stopped under it; the catch-up at the next start does what it left.
      const indexing = deps.indexQueue.close()
      await deps.queue.close()
      await Promise.all([
        deps.extractor.close(),
        settings.builtinEmbedder ? undefined : builtin.close(),
        ownSentence ? sentence.close() : undefined,
        threaded?.close(),
      ])
      await indexing
      // Its last messages (commits just made) go out before the database closes.
      await deps.collabRelay.close()
      await database.close()
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
    : createBuiltinEmbedder({
        workerUrl: paths.builtinEmbedderWorker,
        modelFile: paths.builtinMeaningModel,
        threads: settings.embeddingThreads,
        ...(settings.builtinModel ? { model: settings.builtinModel } : {}),
      })
}

/** The index queue with its failures logged, when there is a log: they reach no caller. */
function loggingFailures(queue: SpaceQueue, logger: Logger | undefined): SpaceQueue {
  if (!logger) return queue
  return reportingFailures(queue, ({ spaceId, part, error }) =>
    logger.warn(
      { err: error, space: spaceId, part },
      part === 'meaning'
        ? "indexing by meaning failed: tried again at the space's next change, or by a job in a while"
        : 'indexing failed: the space is indexed again at its next change',
    ),
  )
}
