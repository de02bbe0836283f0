import { DEFAULT_WEBHOOK_DISABLE_AFTER, DEFAULT_WEBHOOK_RETRY_DELAYS_S } from '../../domain/webhook-events.ts'
import { NO_RELAY } from '../../ports/collab-relay.ts'
import type { Deps } from '../../ports/deps.ts'
import { localSpaceEvents } from '../../ports/space-events.ts'
import { memoryAccessTokens } from './memory-access-tokens.ts'
import { memoryEmbedder } from './memory-embedder.ts'
import { memoryExtractor } from './memory-extractor.ts'
import { memoryMailer } from './memory-mailer.ts'
import { memoryOidc } from './memory-oidc.ts'
import { memoryOutbound } from './memory-outbound.ts'
import { memoryQueue } from './memory-queue.ts'
import { memoryRepos } from './memory-repos.ts'
import { memorySecretDetector } from './memory-secret-detector.ts'
import { memoryCipher, memoryPasswords, memorySecrets } from './memory-secrets.ts'
import { memoryStore } from './memory-store.ts'
import { memoryTemplates } from './memory-templates.ts'
import { memoryTextIndex } from './memory-text-index.ts'
import { memoryVectorIndexes } from './memory-vector-index.ts'
import { memoryWebhookSender } from './memory-webhook-sender.ts'
import { scriptedLlm } from './scripted-llm.ts'
import { testClock } from './test-clock.ts'

/**
 * Every port the services take, on in-memory fakes: what a service test starts from. `overrides`
 * replace single ports and keep their own types, so a test that passes a `testClock()` or a
 * `scriptedLlm()` reads them back from the deps. The repositories and the webhook sender follow
 * the given clock and outbound rules.
 */
export function memoryDeps<O extends Partial<Deps> = Record<never, never>>(overrides: O = {} as O): Deps & O {
  const clock = overrides.clock ?? testClock()
  const outbound = overrides.outbound ?? memoryOutbound()
  const deps: Deps = {
    store: memoryStore(),
    secrets: memorySecrets(),
    passwords: memoryPasswords(),
    clock,
    repos: memoryRepos({ now: () => clock.now() }),
    templates: memoryTemplates(),
    cipher: memoryCipher(),
    accessTokens: memoryAccessTokens(),
    queue: memoryQueue(),
    secretDetector: memorySecretDetector(),
    extractor: memoryExtractor(),
    llm: scriptedLlm(),
    textIndex: memoryTextIndex(),
    ...memoryVectorIndexes(),
    embedders: { builtin: memoryEmbedder(), sentence: memoryEmbedder(), provider: () => memoryEmbedder() },
    indexQueue: memoryQueue(),
    outbound,
    mailer: memoryMailer(),
    webhookSender: memoryWebhookSender(outbound),
    spaceEvents: localSpaceEvents(),
    collabRelay: NO_RELAY,
    oidc: memoryOidc(),
    webhookPolicy: {
      retryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_S.map((s) => s * 1000),
      disableAfter: DEFAULT_WEBHOOK_DISABLE_AFTER,
    },
  }
  return { ...deps, ...overrides }
}
