import type { AccessTokenSigner } from './access-tokens.ts'
import type { Clock } from './clock.ts'
import type { CollabRelay } from './collab-relay.ts'
import type { Embedder, EmbeddingSettings } from './embedder.ts'
import type { Llm } from './llm.ts'
import type { Mailer } from './mailer.ts'
import type { OidcClient } from './oidc.ts'
import type { OutboundCheck } from './outbound.ts'
import type { TextIndex, VectorIndex } from './search-index.ts'
import type { SecretDetector } from './secret-detector.ts'
import type { Cipher, PasswordHasher, Secrets } from './secrets.ts'
import type { SpaceEvents } from './space-events.ts'
import type { SpaceQueue } from './space-queue.ts'
import type { SpaceRepos } from './space-repos.ts'
import type { Store } from './store.ts'
import type { TemplateSource } from './templates.ts'
import type { TextExtractor } from './text-extractor.ts'
import type { WebhookSender } from './webhooks.ts'

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
  embedders: {
    /** The model of search by meaning and related pages when no provider is configured. */
    builtin: Embedder
    /**
     * A model that reads a text as a whole, not as its words: the built-in filer's judge of how close a
     * note is to the pages its words rank. The built-in model itself unless that one is lexical.
     */
    sentence: Embedder
    provider(settings: EmbeddingSettings): Embedder
  }
  /** Indexing runs in its own queue per space, so writes never wait for it. */
  indexQueue: SpaceQueue
  /** Where webhooks may be sent: the same address rules as Git remotes. */
  outbound: OutboundCheck
  /** Mail goes out from the job queue (`mailAccounts`), never from the request that causes it. */
  mailer: Mailer
  webhookSender: WebhookSender
  webhookPolicy: WebhookPolicy
  /** The relying party of single sign-on: talks to OpenID Connect providers. */
  oidc: OidcClient
  /** What happens to spaces' repositories in this process (a tip that moved), for live editing. */
  spaceEvents: SpaceEvents
  /** Live editing's messages between instances sharing the database (none when alone). */
  collabRelay: CollabRelay
}

/** How failed webhook deliveries are retried, and when a webhook is switched off. */
export type WebhookPolicy = {
  /** The wait before each retry: one retry per entry. */
  retryDelaysMs: number[]
  /** Consecutive failed attempts that switch a webhook off. */
  disableAfter: number
}
