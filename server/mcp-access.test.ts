import { describe, expect, it, vi } from 'vitest'
import { type Era, mcpWorldPerTest } from './testing/mcp.ts'

const w = mcpWorldPerTest()

const READ_TOOLS = [
  'health',
  'list_inbox',
  'list_pages',
  'list_spaces',
  'page_history',
  'read_inbox_item',
  'read_page',
  'related_pages',
  'search',
  'search_pending',
]
const WRITE_TOOLS = ['delete_page', 'drop_note', 'move_page', 'verify_page', 'write_page']

/** A raw JSON-RPC request to `/mcp`, as a client would send it before any session. */
const post = (headers: Record<string, string>) =>
  fetch(`${w.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    }),
  })

describe('who may reach /mcp', () => {
  it('answers 401 without credentials, naming the protected resource metadata', async () => {
    const response = await post({})
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${w.url}/.well-known/oauth-protected-resource/mcp"`,
    )
    expect(await response.json()).toMatchObject({ error: 'unauthenticated' })
  })

  it('answers 401 to an unknown or revoked token, saying the token is invalid', async () => {
    const token = await w.token(w.tokens.contributor, { name: 'assistant' })
    const listed = await w.rest<{ id: string; name: string }[]>('GET', '/me/tokens', w.tokens.contributor)
    const assistant = listed.find((x) => x.name === 'assistant')
    await w.rest('DELETE', `/me/tokens/${assistant?.id}`, w.tokens.contributor)
    for (const bearer of ['qpat_not-a-real-token', token, 'eyJ.not.a-jwt']) {
      const response = await post({ authorization: `Bearer ${bearer}` })
      expect(response.status).toBe(401)
      const header = response.headers.get('www-authenticate') ?? ''
      expect(header).toContain(`resource_metadata="${w.url}/.well-known/oauth-protected-resource/mcp"`)
      expect(header).toContain('error="invalid_token"')
    }
  })

  it('refuses a browser page of another site with 403, and accepts the server’s own origin', async () => {
    const foreign = await post({ authorization: `Bearer ${w.tokens.reader}`, origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    // A sandboxed frame or a local file sends the opaque origin "null".
    const opaque = await post({ authorization: `Bearer ${w.tokens.reader}`, origin: 'null' })
    expect(opaque.status).toBe(403)
    const own = await post({ authorization: `Bearer ${w.tokens.reader}`, origin: w.url })
    expect(own.status).toBe(200)
  })

  it('refuses a request whose Host is not the server’s (DNS rebinding)', async () => {
    const port = new URL(w.url).port
    expect(await withHost(`rebound.example:${port}`)).toBe(403)
    expect(await withHost(`127.0.0.1:${port}`)).toBe(200)
  })
})

/** The status of an authenticated ping to `/mcp` sent with this Host header (fetch would not let it be set). */
async function withHost(host: string): Promise<number> {
  const { request } = await import('node:http')
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: new URL(w.url).port,
        path: '/mcp',
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${w.tokens.reader}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }))
  })
}

describe.each<Era>(['legacy', 'modern'])('tools offered, %s era', (era) => {
  it('lists the nine read tools and the five write tools to a full token, with truthful annotations', async () => {
    const client = await w.connect(w.tokens.contributor, era)
    const { tools } = await client.listTools()
    expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort())
    const hints = Object.fromEntries(tools.map((x) => [x.name, x.annotations]))
    for (const name of READ_TOOLS)
      expect(hints[name], name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
      })
    for (const name of WRITE_TOOLS) expect(hints[name], name).toMatchObject({ readOnlyHint: false })
    expect(hints.write_page).toMatchObject({ destructiveHint: true, idempotentHint: false })
    expect(hints.delete_page).toMatchObject({ destructiveHint: true, idempotentHint: true })
    expect(hints.move_page).toMatchObject({ destructiveHint: false, idempotentHint: false })
    expect(hints.drop_note).toMatchObject({ destructiveHint: false, idempotentHint: false })
    expect(hints.verify_page).toMatchObject({ destructiveHint: false })
    const inputs = Object.fromEntries(tools.map((x) => [x.name, Object.keys(x.inputSchema.properties ?? {})]))
    expect(inputs.search).toEqual(expect.arrayContaining(['q', 'spaces', 'mode', 'regex', 'limit']))
    expect(inputs.list_pages).toEqual(expect.arrayContaining(['space', 'folder']))
    expect(inputs.read_page).toEqual(expect.arrayContaining(['space', 'path']))
    expect(inputs.list_inbox).toEqual(expect.arrayContaining(['space', 'kind']))
    expect(inputs.write_page).toEqual(
      expect.arrayContaining(['space', 'path', 'content', 'base_sha', 'message']),
    )
    expect(inputs.drop_note).toEqual(expect.arrayContaining(['space', 'title', 'content', 'hint']))
    const readPage = tools.find((x) => x.name === 'read_page')
    expect(readPage?.inputSchema).toMatchObject({ type: 'object', required: ['space', 'path'] })
  })

  it('refuses malformed arguments as invalid, naming them, in the caller’s language', async () => {
    const english = await w.connect(w.tokens.contributor, era)
    const french = await w.connect(w.tokens.contributor, era, { 'accept-language': 'fr' })
    const calls: [string, Record<string, unknown>, RegExp][] = [
      ['read_page', { space: 'wiki', path: 'a.md' }, /space: A space is named "<org>\/<space>"/],
      ['read_page', { space: 'acme/wiki' }, /path: /],
      ['search', { q: 'x', limit: 0 }, /limit: /],
      ['write_page', { space: 'acme/wiki', path: 'a.md', content: 42 }, /content: /],
    ]
    for (const [name, args, names] of calls) {
      const en = await w.call(english, name, args)
      expect(en, name).toMatchObject({ isError: true, structured: { error: 'invalid' } })
      expect(en.text, name).toMatch(/^invalid: The arguments do not fit the tool’s input schema: /)
      expect(en.text, name).toMatch(names)
      const fr = await w.call(french, name, args)
      expect(fr.text, name).toMatch(
        /^invalid: Les arguments ne respectent pas le schéma d’entrée de l’outil : /,
      )
    }
    expect((await w.call(french, 'search', { q: 'x', limit: 0 })).text).toContain('Trop petit')
  })

  it('lists only the read tools to a read-only token, and refuses a write tool called anyway', async () => {
    const token = await w.token(w.tokens.contributor, { name: 'ro', read_only: true })
    const client = await w.connect(token, era)
    const { tools } = await client.listTools()
    expect(tools.map((x) => x.name).sort()).toEqual(READ_TOOLS)
    // The spaces say the person's role, and that this connection only reads.
    expect((await w.call(client, 'list_spaces')).text).toContain(
      'acme/wiki: WIKI (contributor; this connection reads only)',
    )
    const calls: [string, Record<string, unknown>][] = [
      ['write_page', { space: 'acme/wiki', path: 'new.md', content: '# New\n' }],
      ['move_page', { space: 'acme/wiki', from: 'guides/setup.md', to: 'setup.md' }],
      ['delete_page', { space: 'acme/wiki', path: 'guides/setup.md' }],
      ['drop_note', { space: 'acme/wiki', content: 'A note' }],
      ['verify_page', { space: 'acme/wiki', path: 'guides/setup.md' }],
    ]
    for (const [name, args] of calls) {
      const result = await w.call(client, name, args)
      expect(result, name).toMatchObject({ isError: true, structured: { error: 'forbidden' } })
      expect(result.text, name).toMatch(/^forbidden: /)
    }
    const tree = await w.rest<{ path: string }[]>(
      'GET',
      '/organizations/acme/spaces/wiki/tree',
      w.tokens.reader,
    )
    expect(tree.map((f) => f.path)).toEqual(['guides/setup.md'])
    const inbox = await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })
    expect(inbox.structured.total).toBe(0)
  })

  it('confines a space-limited token to its spaces: others are not listed, searched or found', async () => {
    const token = await w.token(w.tokens.contributor, { name: 'wiki only', spaces: ['acme/wiki'] })
    const client = await w.connect(token, era)
    const spaces = await w.call(client, 'list_spaces')
    expect((spaces.structured.spaces as { slug: string }[]).map((s) => s.slug)).toEqual(['wiki'])
    const found = await w.call(client, 'search', { q: 'toolchain', mode: 'text' })
    expect((found.structured.results as { space: string }[]).map((r) => r.space)).toEqual(['acme/wiki'])
    // Naming a space outside the token is refused as naming one that does not exist (as GET /search does).
    const direct = await w.call(client, 'search', { q: 'toolchain', mode: 'text', spaces: ['acme/ops'] })
    const missing = await w.call(client, 'search', { q: 'toolchain', mode: 'text', spaces: ['acme/nope'] })
    expect(direct).toMatchObject({ isError: true, structured: { error: 'invalid' } })
    expect(direct.text).toBe(missing.text.replace('acme/nope', 'acme/ops'))
    await w.rest('POST', '/organizations/acme/spaces/ops/inbox', w.tokens.contributor, {
      content: 'The toolchain daemon logs to syslog.',
    })
    expect((await w.call(client, 'search_pending', { q: 'toolchain' })).structured).toEqual({ notes: [] })
    const unlimited = await w.connect(w.tokens.contributor, era)
    const everywhere = await w.call(unlimited, 'search_pending', { q: 'toolchain' })
    expect(everywhere.structured).toMatchObject({ notes: [{ space: 'acme/ops' }] })
    const read = await w.call(client, 'read_page', { space: 'acme/ops', path: 'runbook.md' })
    expect(read).toMatchObject({ isError: true, structured: { error: 'not_found' } })
    const write = await w.call(client, 'write_page', { space: 'acme/ops', path: 'x.md', content: 'x\n' })
    expect(write).toMatchObject({ isError: true, structured: { error: 'not_found' } })
    const allowed = await w.call(client, 'write_page', { space: 'acme/wiki', path: 'x.md', content: 'x\n' })
    expect(allowed.isError).toBe(false)
  })
})

describe.each<Era>(['legacy', 'modern'])('a fault of the server, %s era', (era) => {
  it('answers internal without the details, and logs the error', async () => {
    const client = await w.connect(w.tokens.reader, era)
    const fault = new Error('disk on fire')
    vi.spyOn(w.t.deps.store, 'spacesOfAccount').mockRejectedValueOnce(fault)
    const result = await w.call(client, 'list_spaces')
    expect(result).toMatchObject({ isError: true, structured: { error: 'internal' } })
    expect(result.text).toBe('internal: Something went wrong on our side; the error has been logged.')
    expect(w.errors).toEqual([{ obj: { err: fault, what: 'list_spaces' }, msg: 'MCP call failed' }])
  })

  it('answers a failed resource read with internal, without the details, and logs the error', async () => {
    const client = await w.connect(w.tokens.reader, era)
    const fault = new Error('disk on fire')
    vi.spyOn(w.t.deps.store, 'spaceBySlugs').mockRejectedValueOnce(fault)
    const failed = await client.readResource({ uri: 'quire://acme/wiki/guides/setup.md' }).then(
      () => expect.unreachable('the read should fail'),
      (error: Error) => error.message,
    )
    expect(failed).toContain('internal: Something went wrong on our side; the error has been logged.')
    expect(failed).not.toContain('disk on fire')
    expect(w.errors).toEqual([{ obj: { err: fault, what: 'resources/read' }, msg: 'MCP call failed' }])
  })
})
