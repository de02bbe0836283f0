import type { AccessTokenSigner } from '../ports/access-tokens.ts'
import type { Clock } from '../ports/clock.ts'
import type { Embedder, EmbeddingSettings } from '../ports/embedder.ts'
import type { Llm } from '../ports/llm.ts'
import type { Mailer } from '../ports/mailer.ts'
import type { OutboundCheck } from '../ports/outbound.ts'
import type { TextIndex, VectorIndex } from '../ports/search-index.ts'
import type { SecretDetector } from '../ports/secret-detector.ts'
import type { Cipher, PasswordHasher, Secrets } from '../ports/secrets.ts'
import type { SpaceQueue } from '../ports/space-queue.ts'
import type { SpaceRepos } from '../ports/space-repos.ts'
import type { Store } from '../ports/store.ts'
import type { TemplateSource } from '../ports/templates.ts'
import type { TextExtractor } from '../ports/text-extractor.ts'
import type { WebhookSender } from '../ports/webhooks.ts'

/** Everything the services need from the host, built once by each composition root. */
export type Deps = {
  store: Store
  secrets: Secrets
  passwords: PasswordHasher
  clock: Clock
  repos: SpaceRepos
  templates: TemplateSource
  cipher: Cipher
  /** Signs and checks the OAuth access tokens of `/mcp`, under the server's key. */
  accessTokens: AccessTokenSigner
  queue: SpaceQueue
  secretDetector: SecretDetector
  extractor: TextExtractor
  llm: Llm
  textIndex: TextIndex
  /** The vector index for one embedding size (models differ in dimensions). */
  vectorIndex(dimensions: number): VectorIndex
  /** Removes a space's vectors of every size, whichever model made them. */
  forgetVectors(spaceId: number): Promise<void>
  embedders: { builtin: Embedder; provider(settings: EmbeddingSettings): Embedder }
  /** Indexing runs in its own queue per space, so writes never wait for it. */
  indexQueue: SpaceQueue
  /** Where webhooks may be sent: the same address rules as Git remotes. */
  outbound: OutboundCheck
  /** Mail goes out from the job queue (`mailAccounts`), never from the request that causes it. */
  mailer: Mailer
  webhookSender: WebhookSender
  webhookPolicy: WebhookPolicy
}

/** How failed webhook deliveries are retried, and when a webhook is switched off. */
export type WebhookPolicy = {
  /** The wait before each retry: one retry per entry. */
  retryDelaysMs: number[]
  /** Consecutive failed attempts that switch a webhook off. */
  disableAfter: number
}
