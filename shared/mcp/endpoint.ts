import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/hono'
import { createMcpHandler } from '@modelcontextprotocol/server'
import { Hono } from 'hono'
import type { AppEnv } from '../api/env.ts'
import { errorResponse } from '../api/errors.ts'
import { readBody } from '../api/read-body.ts'
import { isReadOnly } from '../domain/policy.ts'
import type { Locale } from '../errors/catalog.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Deps } from '../ports/deps.ts'
import type { Logger } from '../ports/logger.ts'
import type { Actor } from '../services/access/actor.ts'
import { mcpServerFor } from './server.ts'

/** How a host puts the MCP endpoint on its listener. */
export type McpEndpointOptions = {
  /** The caller behind a bearer credential (a personal token, an OAuth access token); throws `unauthenticated`. */
  authenticate(bearer: string): Promise<Actor>
  /** Where a client learns how to get a token (RFC 9728), named in the 401's `WWW-Authenticate`. */
  resourceMetadataUrl?: () => string
  /** Host names the endpoint answers to (DNS rebinding: a rebound name is refused). */
  allowedHosts: () => readonly string[]
  /** Host names of the browser pages that may call it; other origins get 403, requests without Origin pass. */
  allowedOrigins: () => readonly string[]
  /** Where a tool's unexpected failure is written (the caller is only told `internal`). */
  logger?: Logger
}

type CallerInfo = { actor: Actor; locale: Locale; hideWrites: boolean }

/**
 * Largest request body, the MCP SDK's own cap: enforced here, while the body streams in, since the
 * handler is given the body already parsed and would otherwise hold any size in memory first.
 */
export const MCP_MAX_BODY_BYTES = 4 * 1024 * 1024

/**
 * A POST's body, read once and at most {@link MCP_MAX_BODY_BYTES} (413 `too_large` beyond, as soon as
 * that is known): its JSON for the handler (undefined when it is not JSON) and a request holding the
 * same bytes, so the handler can still answer a body that is not JSON in its own way.
 */
async function readJsonBody(request: Request): Promise<{ body: unknown; request: Request }> {
  if (request.method !== 'POST') return { body: undefined, request }
  const bytes = await readBody(request, MCP_MAX_BODY_BYTES)
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    // readBody's bytes are a fresh ArrayBuffer of their own, never a shared one.
    body: bytes as Uint8Array<ArrayBuffer>,
    signal: request.signal,
  })
  try {
    return { body: JSON.parse(new TextDecoder().decode(bytes)), request: copy }
  } catch {
    return { body: undefined, request: copy }
  }
}

/** The JSON-RPC methods a body calls (a 2025-03-26 client may batch several). */
function methodsOf(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body]
  return messages.flatMap((m) =>
    m && typeof m === 'object' && 'method' in m && typeof m.method === 'string' ? [m.method] : [],
  )
}

/**
 * `/mcp` over Streamable HTTP: the 2026-07-28 stateless protocol and the 2025 handshake versions
 * from one handler, each request served by a server made for its caller, so every tool runs with
 * exactly the caller's rights.
 */
export function mcpEndpoint(deps: Deps, options: McpEndpointOptions): Hono<AppEnv> {
  const handler = createMcpHandler((context) => {
    // Every request reaching the handler was authenticated below, which hands the caller over.
    const caller = context.authInfo?.extra as CallerInfo | undefined
    if (!caller) throw new DomainError('unauthenticated')
    return mcpServerFor(deps, caller.actor, caller.locale, {
      hideWrites: caller.hideWrites,
      onFailure: (error, what) => options.logger?.error({ err: error, what }, 'MCP call failed'),
    })
  })
  const routes = new Hono<AppEnv>()
  routes.use('/mcp', (c, next) => hostHeaderValidation([...options.allowedHosts()])(c, next))
  routes.use('/mcp', (c, next) => originValidation([...options.allowedOrigins()])(c, next))
  routes.all('/mcp', async (c) => {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
    let actor: Actor | undefined
    try {
      if (match?.[1]) actor = await options.authenticate(match[1])
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'unauthenticated') throw error
    }
    if (!actor) {
      const metadata = options.resourceMetadataUrl?.()
      const params = [
        ...(metadata ? [`resource_metadata="${metadata}"`] : []),
        // A credential was sent but is not (or no longer) valid: the client should get a new one.
        ...(match ? ['error="invalid_token"'] : []),
      ]
      c.header('WWW-Authenticate', params.length > 0 ? `Bearer ${params.join(', ')}` : 'Bearer')
      return errorResponse(c, new DomainError('unauthenticated'))
    }
    const { body, request } = await readJsonBody(c.req.raw)
    const readOnly = isReadOnly(actor.credential)
    // Each request has a server of its own: one that lists tools to a read-only caller lists only the read tools.
    const hideWrites = readOnly && methodsOf(body).includes('tools/list')
    const caller: CallerInfo = { actor, locale: c.get('locale'), hideWrites }
    return handler.fetch(request, {
      parsedBody: body,
      authInfo: {
        token: match?.[1] ?? '',
        clientId: actor.token?.id ?? '',
        scopes: readOnly ? ['read'] : ['read', 'write'],
        extra: caller,
      },
    })
  })
  return routes
}
