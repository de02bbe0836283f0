import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client'

/**
 * The redirect URI of an assistant on this machine: a loopback listener that keeps each callback's
 * query and tells the person they may close the tab, as native assistants do.
 */
export async function startCallbackListener(): Promise<{
  url: string
  /** The query of the next callback. */
  next(): Promise<URLSearchParams>
  close(): Promise<void>
}> {
  const waiting: ((query: URLSearchParams) => void)[] = []
  const received: URLSearchParams[] = []
  const server: Server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1')
    // The browser asks for other things too (its favicon): only the callback counts.
    if (address.pathname !== '/callback') {
      response.writeHead(404).end()
      return
    }
    const query = address.searchParams
    const resolve = waiting.shift()
    if (resolve) resolve(query)
    else received.push(query)
    response.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this tab.')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => {
      const ready = received.shift()
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve))
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * What an assistant keeps between runs (its registration, tokens and PKCE verifier), in memory; the
 * authorization URL it would open in the person's browser is kept for the test to open in Chromium.
 */
export class AssistantAuth implements OAuthClientProvider {
  authorizationUrl: URL | undefined
  #client: StoredOAuthClientInformation | undefined
  #tokens: StoredOAuthTokens | undefined
  #verifier = ''
  readonly #redirect: string
  readonly #name: string

  constructor(redirect: string, name: string) {
    this.#redirect = redirect
    this.#name = name
  }
  get redirectUrl(): string {
    return this.#redirect
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#name,
      redirect_uris: [this.#redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
  }
  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.#client
  }
  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.#client = information
  }
  tokens(): StoredOAuthTokens | undefined {
    return this.#tokens
  }
  saveTokens(tokens: StoredOAuthTokens): void {
    this.#tokens = tokens
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier
  }
  codeVerifier(): string {
    return this.#verifier
  }
}
