/** The part of `oidc-provider` (shipped without types) that the loopback test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AdapterPayload = {
    grantId?: string
    uid?: string
    userCode?: string
    consumed?: number
    [name: string]: unknown
  }

  /** Storage of the provider's models (clients, sessions, codes, grants...), one instance per model. */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export type ClientMetadata = {
    client_id: string
    client_secret?: string
    redirect_uris: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
    [name: string]: unknown
  }

  export type Account = {
    accountId: string
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>
  }

  export type InteractionDetails = {
    uid: string
    prompt: { name: string; reasons: string[] }
    params: Record<string, unknown>
    grantId?: string
  }

  export type InteractionResults =
    | { login?: { accountId: string }; consent?: { grantId: string } }
    | { error: string; error_description?: string }

  export type Configuration = {
    adapter?: new (name: string) => Adapter
    clients?: ClientMetadata[]
    findAccount?(ctx: unknown, sub: string): Promise<Account | undefined>
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    cookies?: { keys?: string[] }
    features?: Record<string, { enabled: boolean }>
    interactions?: { url?(ctx: unknown, interaction: { uid: string }): string }
    jwks?: { keys: object[] }
    pkce?: { required?(ctx: unknown, client: unknown): boolean }
    responseTypes?: string[]
    scopes?: string[]
    ttl?: Record<string, number>
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
    readonly Client: { adapter: Adapter }
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export default Provider
}
