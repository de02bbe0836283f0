import type { Client } from '@modelcontextprotocol/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bootstrapAdmin } from '#shared/services/accounts/bootstrap-admin.ts'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { type TestApp, testApp } from '#shared/testing/test-app.ts'
import { connectMcp, type Era, serveWithMcp } from './testing/mcp.ts'

let t: TestApp
let served: { url: string; close(): Promise<void> }
let clients: Client[] = []
beforeEach(async () => {
  t = await testApp()
  served = await serveWithMcp(t)
})
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()))
  clients = []
  await served.close()
  await t.close()
})

const connect = async (token: string, era: Era, headers?: Record<string, string>) => {
  const client = await connectMcp(served.url, token, era, headers)
  clients.push(client)
  return client
}

describe.each<Era>(['legacy', 'modern'])('MCP over Streamable HTTP, %s era', (era) => {
  it('lists the spaces the caller can read', async () => {
    const root = (await seedWorld(t.deps, { admin: null })).token('root')
    const client = await connect(root, era)
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25')
    const tools = await client.listTools()
    expect(tools.tools.map((x) => x.name)).toContain('write_page')
    const result = await client.callTool({ name: 'list_spaces', arguments: {} })
    expect(result.structuredContent).toMatchObject({
      spaces: [{ organization: 'acme', slug: 'wiki', role: 'admin' }],
    })
  })
})

describe('the token set with SERVICE_ADMIN_TOKEN', () => {
  it('opens /mcp as it opens the REST API, though it lacks the generated prefix', async () => {
    const token = 'operator-chosen-admin-token-4242'
    await bootstrapAdmin(t.deps, { username: 'admin', password: 'admin-password-long', token })
    const me = await t.call('GET', '/me', { token })
    expect(me.status).toBe(200)
    await t.call('POST', '/organizations', { token, body: { slug: 'acme', name: 'Acme', join: true } })
    await t.call('POST', '/organizations/acme/spaces', { token, body: { slug: 'wiki', name: 'Wiki' } })
    const client = await connect(token, 'modern')
    const result = await client.callTool({ name: 'list_spaces', arguments: {} })
    expect(result.structuredContent).toMatchObject({ spaces: [{ organization: 'acme', slug: 'wiki' }] })
  })
})
