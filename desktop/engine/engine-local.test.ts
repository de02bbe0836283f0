import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcp } from '#server/testing/mcp.ts'
import { sharedBuiltinEmbedder, sharedSentenceEmbedder } from '#shared/testing/test-app.ts'
import { type RunningEngine, startEngine } from './engine.ts'

const run = promisify(execFile)
const SPACE = '/api/v1/organizations/local/spaces/field-notes'

let dataDir: string
let engine: RunningEngine

/** A request from the window: no credential, the engine stands for the person. */
async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return engine.fetch(
    new Request(`quire://app${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}
/** A request whose Host header names another site (a rebound DNS name); fetch would not send it. */
function statusWithHost(url: string, host: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { ...headers, host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.once('error', reject)
    request.end()
  })
}
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quire-desktop-'))
  engine = await startEngine({
    dataDir,
    secretKey: 'desktop test key',
    identity: {},
    compose: {
      builtinEmbedder: sharedBuiltinEmbedder(),
      sentenceEmbedder: sharedSentenceEmbedder(),
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      secretScan: 'inline',
    },
  })
})
afterAll(async () => {
  await engine?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the desktop engine on a local space, with no network', () => {
  it('asks the person’s name and e-mail at first start, then signs their commits with them', async () => {
    const first = await json<{ needs_identity: boolean }>(call('GET', '/api/v1/desktop'))
    expect(first.needs_identity).toBe(true)
    const bad = await call('PUT', '/api/v1/desktop/person', { name: 'Ada', email: 'not an address' })
    expect(bad.status).toBe(422)
    const saved = await call('PUT', '/api/v1/desktop/person', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    })
    expect(saved.status).toBe(200)
    const after = await json<{ needs_identity: boolean; person: unknown }>(call('GET', '/api/v1/desktop'))
    expect(after).toMatchObject({
      needs_identity: false,
      person: { name: 'Ada Lovelace', email: 'ada@example.com' },
    })

    const created = await call('POST', '/api/v1/desktop/spaces', { kind: 'local', name: 'Field notes' })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({
      spaces: [{ org: 'local', space: 'field-notes', kind: 'local', status: 'local', remote: null }],
    })
    const write = await call('PUT', `${SPACE}/files/birds/heron.md`, {
      content: '# Grey heron\n\nStands still in shallow water for a long time, then strikes at fish.\n',
    })
    expect(write.status).toBe(201)
    const { commit } = await json<{ commit: string }>(write)
    const repo = join(dataDir, 'repos', '1.git')
    const { stdout } = await run('git', ['-C', repo, 'log', '-1', '--format=%an <%ae>%n%B', commit])
    expect(stdout).toContain('Ada Lovelace <ada@example.com>')
    expect(stdout).toContain('Source: desktop\nVia: Desktop')
  })

  it('names the spaces kept on this computer in the language the window reads', async () => {
    const inFrench = (path: string) =>
      engine.fetch(new Request(`quire://app${path}`, { headers: { 'accept-language': 'fr' } }))
    const orgName = async () =>
      (await json<{ name: string }>(call('GET', '/api/v1/organizations/local'))).name
    expect(await orgName()).toBe('This computer')
    expect((await inFrench('/api/v1/desktop')).status).toBe(200)
    expect(await orgName()).toBe('Cet ordinateur')
    // A caller saying no language (a script) leaves the name as it is.
    await call('GET', '/api/v1/desktop')
    expect(await orgName()).toBe('Cet ordinateur')
    await engine.fetch(new Request('quire://app/api/v1/desktop', { headers: { 'accept-language': 'en' } }))
    expect(await orgName()).toBe('This computer')
  })

  it('drops a note into the space’s own repository, and the built-in filer files it', async () => {
    await call('PUT', `${SPACE}/files/birds/swift.md`, {
      content: '# Common swift\n\nSpends almost its whole life flying; sleeps and eats on the wing.\n',
    })
    const dropped = await call('POST', `${SPACE}/inbox`, {
      title: 'Heron fishing',
      content: 'Saw the grey heron strike at fish in the shallow water again this morning.',
    })
    expect(dropped.status).toBe(201)
    const { name } = await json<{ name: string }>(dropped)
    const { stdout } = await run('git', [
      '-C',
      join(dataDir, 'repos', '1.git'),
      'ls-tree',
      '-r',
      '--name-only',
      'HEAD',
    ])
    expect(stdout).toContain(`.service/inbox/${name}`)

    expect((await call('POST', `${SPACE}/tidy`)).status).toBe(202)
    await expect
      .poll(async () => (await json<{ status: string }[]>(call('GET', `${SPACE}/tidy/runs`)))[0]?.status, {
        timeout: 20_000,
      })
      .toBe('done')
    const heron = await json<{ text: string }>(call('GET', `${SPACE}/files/birds/heron.md`))
    expect(heron.text).toContain('strike at fish in the shallow water again this morning')
  })

  it('finds a page by meaning with the built-in model', async () => {
    await engine.deps.indexQueue.idle()
    const results = await json<{ path: string; match: string }[]>(
      call('GET', '/api/v1/search?q=a%20bird%20that%20never%20lands'),
    )
    expect(results[0]).toMatchObject({ path: 'birds/swift.md' })
    expect(['meaning', 'both']).toContain(results[0]?.match)
    // The window shows how far the index by meaning has come: here, all of it.
    const { spaces } = await json<{ spaces: { meaning: { indexed: number; total: number } }[] }>(
      call('GET', '/api/v1/desktop/spaces'),
    )
    expect(spaces[0]?.meaning.total).toBeGreaterThanOrEqual(2)
    expect(spaces[0]?.meaning.indexed).toBe(spaces[0]?.meaning.total)
  })

  it('answers the window uncompressed, however its request asks, and loopback clients gzipped', async () => {
    const fromWindow = await engine.fetch(
      new Request(`quire://app${SPACE}/tree`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    )
    expect(fromWindow.headers.get('content-encoding')).toBeNull()
    expect((await fromWindow.json()) as unknown[]).not.toHaveLength(0)
    const overLoopback = await fetch(`${engine.url}${SPACE}/tree`, {
      headers: { authorization: `Bearer ${engine.token}`, 'accept-encoding': 'gzip' },
    })
    expect(overLoopback.headers.get('content-encoding')).toBe('gzip')
    expect((await overLoopback.json()) as unknown[]).not.toHaveLength(0)
  })

  it('serves MCP on loopback to a local assistant with the engine’s token, and no one else', async () => {
    const client = await connectMcp(engine.url, engine.token, 'modern')
    const answer = await client.callTool({ name: 'list_spaces', arguments: {} })
    expect(JSON.stringify(answer.structuredContent)).toContain('field-notes')
    await client.close()
    const anonymous = await fetch(`${engine.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(anonymous.status).toBe(401)
    const { mcp } = await json<{ mcp: { url: string; config: unknown } }>(call('GET', '/api/v1/desktop'))
    expect(mcp.url).toBe(`${engine.url}/mcp`)
    expect(mcp.config).toEqual({
      mcpServers: {
        quire: {
          type: 'http',
          url: `${engine.url}/mcp`,
          headers: { Authorization: `Bearer ${engine.token}` },
        },
      },
    })
  })

  it('answers on loopback only with a loopback Host and the token, which opens a browser session', async () => {
    const withToken = { authorization: `Bearer ${engine.token}` }
    expect((await fetch(`${engine.url}/api/v1/me`, { headers: withToken })).status).toBe(200)
    expect((await fetch(`${engine.url}/api/v1/me`)).status).toBe(401)
    expect(await statusWithHost(`${engine.url}/api/v1/me`, 'attacker.example', withToken)).toBe(403)
    expect((await fetch(`${engine.url}/?token=wrong`, { redirect: 'manual' })).status).toBe(401)
    const opened = await fetch(`${engine.url}/?token=${engine.token}`, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe('/')
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const me = await fetch(`${engine.url}/api/v1/me`, { headers: { cookie } })
    expect(await me.json()).toMatchObject({ username: 'me', display_name: 'Ada Lovelace' })
  })

  it('keeps its token and port across restarts, and commits a save still arriving as it quits', async () => {
    const { url, token } = engine
    // The person saves and quits at once: the save's body is still arriving when the engine closes.
    const body = new TransformStream<Uint8Array, Uint8Array>()
    const saving = engine.fetch(
      new Request(`quire://app${SPACE}/files/birds/egret.md`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: body.readable,
        duplex: 'half',
      } as RequestInit),
    )
    const closing = engine.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const writer = body.writable.getWriter()
    await writer.write(
      new TextEncoder().encode(JSON.stringify({ content: '# Little egret\n\nYellow feet.\n' })),
    )
    await writer.close()
    expect((await saving).status).toBe(201)
    await closing
    engine = await startEngine({
      dataDir,
      secretKey: 'desktop test key',
      compose: {
        builtinEmbedder: sharedBuiltinEmbedder(),
        sentenceEmbedder: sharedSentenceEmbedder(),
        passwordCost: { memoryCost: 1024, timeCost: 1 },
      },
    })
    expect(engine.url).toBe(url)
    expect(engine.token).toBe(token)
    const page = await json<{ text: string }>(call('GET', `${SPACE}/files/birds/heron.md`))
    expect(page.text).toContain('# Grey heron')
    const saved = await json<{ text: string }>(call('GET', `${SPACE}/files/birds/egret.md`))
    expect(saved.text).toBe('# Little egret\n\nYellow feet.\n')
  })
})
