import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterEach, beforeEach } from 'vitest'
import { createApp } from '#shared/api/app.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { type TestApp, testApp } from '#shared/testing/test-app.ts'
import { hostRoutes } from '../routes.ts'

/** The protocol eras a client may speak: the 2025 handshake, or the stateless 2026-07-28 protocol. */
export type Era = 'legacy' | 'modern'

/** The test app served on a loopback port with the server's MCP and OAuth routes, as the server mounts them. */
export async function serveWithMcp(
  t: TestApp,
  logger?: Logger,
): Promise<{ url: string; close(): Promise<void> }> {
  let base = ''
  const app = createApp(t.deps, {
    ownOrigins: () => [base],
    routes: hostRoutes(t.deps, { baseUrl: () => base, ownOrigins: () => [base], logger }),
    logger,
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

/** A tool's answer as the tests read it. */
export type ToolAnswer = {
  text: string
  structured: Record<string, unknown>
  isError: boolean
}

/**
 * An organization `acme` with spaces `wiki` and `ops`, each with a page, and one account per
 * role on `wiki`: `rita` reader, `walt` contributor, `ada` organization admin, `otto` an outsider
 * with no membership at all. The app is served with its MCP routes; `connect` opens the official
 * client as one of them, and every client is closed after the test.
 */
export type McpWorld = {
  t: TestApp
  url: string
  /** What the server logged as errors during the test. */
  errors: { obj: object; msg?: string }[]
  tokens: { root: string; reader: string; contributor: string; admin: string; outsider: string }
  /** The official client as the holder of `token`, in one era; `headers` are sent on every request. */
  connect(token: string, era: Era, headers?: Record<string, string>): Promise<Client>
  /** Calls a tool and gives its text, structured content and whether it is an error. */
  call(client: Client, name: string, args?: Record<string, unknown>): Promise<ToolAnswer>
  /** A token made through `POST /me/tokens` with these restrictions. */
  token(owner: string, body: { name: string; read_only?: boolean; spaces?: string[] }): Promise<string>
  /** A REST call's JSON body, failing the test on an unexpected status. */
  rest<T = unknown>(method: string, path: string, token: string, body?: unknown): Promise<T>
}

/** The wiki space's REST prefix. */
export const WIKI = '/organizations/acme/spaces/wiki'
/** The ops space's REST prefix. */
export const OPS = '/organizations/acme/spaces/ops'

/** Sets up a fresh {@link McpWorld} before each test of the file and tears it down after. */
export function mcpWorldPerTest(): McpWorld {
  let served: { url: string; close(): Promise<void> }
  let clients: Client[] = []
  const world = {} as McpWorld
  beforeEach(async () => {
    const t = await testApp()
    const errors: McpWorld['errors'] = []
    const ignore = () => {}
    served = await serveWithMcp(t, {
      info: ignore,
      warn: ignore,
      error: (obj, msg) => errors.push({ obj, msg }),
    })
    const seeded = await seedWorld(t.deps, {
      spaces: {
        wiki: { name: 'WIKI', members: { walt: 'contributor', rita: 'reader' } },
        ops: { name: 'OPS', members: { walt: 'contributor' } },
      },
      outsiders: ['otto'],
    })
    const tokens = {
      root: seeded.token('root'),
      admin: seeded.token('ada'),
      contributor: seeded.token('walt'),
      reader: seeded.token('rita'),
      outsider: seeded.token('otto'),
    }
    const rest = async <T>(method: string, path: string, token: string, body?: unknown) => {
      const response = await t.call(method, path, { token, body })
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return (response.status === 204 ? undefined : await response.json()) as T
    }
    await seeded.write(
      'walt',
      'wiki',
      { 'guides/setup.md': '# Setup\n\nInstall the toolchain with make bootstrap.\n' },
      'Write the setup guide',
    )
    await seeded.write('walt', 'ops', {
      'runbook.md': '# Runbook\n\nRestart the toolchain daemon when it hangs.\n',
    })
    // Searches answer from the index, which the writes fill in the background.
    await t.deps.indexQueue.idle()
    clients = []
    Object.assign(world, {
      t,
      url: served.url,
      errors,
      tokens,
      rest,
      async connect(token: string, era: Era, headers?: Record<string, string>) {
        const client = await connectMcp(served.url, token, era, headers)
        clients.push(client)
        return client
      },
      async call(client: Client, name: string, args: Record<string, unknown> = {}) {
        const result = await client.callTool({ name, arguments: args })
        const content = result.content as { type: string; text?: string }[]
        return {
          text: content.map((c) => c.text ?? '').join('\n'),
          structured: (result.structuredContent ?? {}) as Record<string, unknown>,
          isError: result.isError === true,
        }
      },
      async token(owner: string, body: { name: string; read_only?: boolean; spaces?: string[] }) {
        return (await rest<{ token: string }>('POST', '/me/tokens', owner, body)).token
      },
    } satisfies McpWorld)
  })
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await served.close()
    await world.t.close()
  })
  return world
}
