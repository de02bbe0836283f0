import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createApp } from '#shared/api/app.ts'
import type { TestApp } from '#shared/testing/test-app.ts'
import { serverRoutes } from '../routes.ts'

/** The protocol eras a client may speak: the 2025 handshake, or the stateless 2026-07-28 protocol. */
export type Era = 'legacy' | 'modern'

/** The test app served on a loopback port with the server's MCP and OAuth routes, as the server mounts them. */
export async function serveWithMcp(t: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  let base = ''
  const app = createApp(t.deps, {
    ownOrigins: () => [base],
    routes: serverRoutes(t.deps, { base: () => base, origins: () => [base] }),
  })
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The official MCP client connected to `<url>/mcp` with a bearer token, in one era. */
export async function connectMcp(
  url: string,
  token: string,
  era: Era,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client(
    { name: 'test-assistant', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  )
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
  })
  await client.connect(transport)
  return client
}
