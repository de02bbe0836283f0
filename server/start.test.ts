import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SECURITY_HEADERS } from '#shared/domain/security-headers.ts'
import { sessionCookie } from '#shared/testing/test-app.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { type RunningServer, startServer } from './start.ts'
import { launchServer, type ServerProcess } from './testing/server-process.ts'

const ADMIN_TOKEN = 'my-own-admin-token-0123456789abcdef'

let dataDir: string
let lines: string[]
let running: RunningServer | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-server-'))
  lines = []
})
afterEach(async () => {
  await running?.close()
  running = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const start = async (env: Record<string, string> = {}) => {
  const config = loadConfig({ SERVICE_PORT: '0', SERVICE_DATA_DIR: dataDir, ...env })
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  running = await startServer(config, createLogger('info', sink))
  return running
}

const call = (url: string, method: string, path: string, token?: string, body?: unknown) =>
  fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })

describe('the hosted server over a real socket', () => {
  it('creates the super admin on first start with the exact SERVICE_ADMIN_TOKEN, who then sets up a team', async () => {
    const { url } = await start({
      SERVICE_ADMIN_PASSWORD: 'first admin password',
      SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
    })
    const me = await call(url, 'GET', '/me', ADMIN_TOKEN)
    expect(await me.json()).toMatchObject({ username: 'admin', is_superadmin: true })
    // Every answer carries the security headers, each once (twice would read "nosniff, nosniff").
    const missing = await call(url, 'GET', '/no-such-route', ADMIN_TOKEN)
    expect(missing.status).toBe(404)
    for (const answer of [me, missing])
      for (const [name, value] of SECURITY_HEADERS) expect(answer.headers.get(name), name).toBe(value)

    const steps: [string, string, unknown, number][] = [
      ['POST', '/users', { username: 'dana', password: 'dana password', email: 'dana@example.com' }, 201],
      ['POST', '/organizations', { slug: 'acme', name: 'Acme', join: true }, 201],
      ['PUT', '/organizations/acme/members/dana', { role: 'member' }, 200],
      ['POST', '/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' }, 201],
      ['PUT', '/organizations/acme/spaces/handbook/members/dana', { role: 'contributor' }, 200],
    ]
    for (const [method, path, body, status] of steps)
      expect((await call(url, method, path, ADMIN_TOKEN, body)).status).toBe(status)

    const signIn = await call(url, 'POST', '/session', undefined, {
      username: 'dana',
      password: 'dana password',
    })
    const cookie = sessionCookie(signIn)
    const spaces = await fetch(`${url}/api/v1/spaces`, { headers: { cookie } })
    expect(await spaces.json()).toEqual([
      expect.objectContaining({ organization: 'acme', slug: 'handbook', role: 'contributor' }),
    ])
  })

  it('keeps accounts and sign-in limits across a restart, without creating the admin twice', async () => {
    let { url } = await start({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    for (let i = 0; i < 10; i++)
      await call(url, 'POST', '/session', undefined, { username: 'admin', password: `guess ${i}` })
    await running?.close()
    ;({ url } = await start({ SERVICE_ADMIN_PASSWORD: 'another password', SERVICE_ADMIN_USERNAME: 'boss' }))
    const limited = await call(url, 'POST', '/session', undefined, {
      username: 'admin',
      password: 'first admin password',
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(
      (await call(url, 'POST', '/session', undefined, { username: 'boss', password: 'another password' }))
        .status,
    ).toBe(401)
  })

  it('without SERVICE_ADMIN_PASSWORD, writes a generated one to a file only the owner can read', async () => {
    const { url } = await start()
    const file = join(dataDir, 'initial-admin-password')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const password = readFileSync(file, 'utf8').trim()
    expect(password.length).toBeGreaterThanOrEqual(20)
    expect((await call(url, 'POST', '/session', undefined, { username: 'admin', password })).status).toBe(200)
    expect(lines.join('')).not.toContain(password)
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600)
  })

  it.runIf(process.platform !== 'win32')(
    'creates its data folder, repositories and database readable by the owner only',
    async () => {
      const data = join(dataDir, 'data')
      const config = loadConfig({
        SERVICE_PORT: '0',
        SERVICE_DATA_DIR: data,
        SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
      })
      running = await startServer(
        config,
        createLogger('info', new Writable({ write: (_c, _e, done) => done() })),
      )
      const { url } = running
      for (const [path, body] of [
        ['/organizations', { slug: 'acme', name: 'Acme', join: true }],
        ['/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' }],
      ] as const)
        expect((await call(url, 'POST', path, ADMIN_TOKEN, body)).status).toBe(201)
      const mode = (path: string) => statSync(join(data, path)).mode & 0o777
      expect(mode('.')).toBe(0o700)
      expect(mode('repos')).toBe(0o700)
      for (const file of ['service.db', 'service.db-wal', 'service.db-shm', 'secret.key'])
        expect(mode(file)).toBe(0o600)
    },
  )

  it('never writes a token, password or session cookie to its logs', async () => {
    const { url } = await start({
      SERVICE_ADMIN_PASSWORD: 'first admin password',
      SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
    })
    const created = (await (await call(url, 'POST', '/me/tokens', ADMIN_TOKEN, { name: 'ci' })).json()) as {
      token: string
    }
    await call(url, 'GET', '/me', created.token)
    const signIn = await call(url, 'POST', '/session', undefined, {
      username: 'admin',
      password: 'first admin password',
    })
    const cookie = sessionCookie(signIn).split('=')[1] ?? ''
    await call(url, 'PUT', '/me/password', ADMIN_TOKEN, {
      current_password: 'first admin password',
      new_password: 'second admin password',
    })
    const log = lines.join('')
    expect(log).toContain('"path":"/api/v1/me/tokens"')
    for (const secret of [
      ADMIN_TOKEN,
      created.token,
      'first admin password',
      'second admin password',
      cookie,
    ]) {
      expect(secret.length).toBeGreaterThan(8)
      expect(log).not.toContain(secret)
    }
  })
})

describe('npm start', () => {
  let server: ServerProcess | undefined
  afterEach(() => server?.child.kill('SIGKILL'))
  const launch = (env: Record<string, string>) => {
    server = launchServer(dataDir, env)
    return server
  }

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const server = launch({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    const url = await server.listening
    // Password verification takes a while (argon2id), so this request is in flight at SIGTERM.
    const inFlight = call(url, 'POST', '/session', undefined, {
      username: 'admin',
      password: 'first admin password',
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    server.child.kill('SIGTERM')
    expect((await inFlight).status).toBe(200)
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('"msg":"stopped"')
    // The database was closed cleanly: no write-ahead log left behind.
    expect(() => statSync(join(dataDir, 'service.db-wal'))).toThrow()
  })

  it('refuses, on the first start, a super admin the API would refuse: one line, and a start again once mended', async () => {
    for (const [env, said] of [
      [{ SERVICE_ADMIN_USERNAME: 'bad name!' }, /SERVICE_ADMIN_USERNAME .+bad name!.+ is not a username/],
      [{ SERVICE_ADMIN_PASSWORD: 'x' }, /SERVICE_ADMIN_PASSWORD must be at least 8 characters long/],
      [{ SERVICE_ADMIN_TOKEN: 'short' }, /SERVICE_ADMIN_TOKEN must be at least 16 characters long/],
    ] as const) {
      const refused = launch(env)
      await expect(refused.listening).rejects.toThrow(said)
      expect(await refused.exited).not.toBe(0)
      expect(refused.output()).not.toMatch(/\n\s+at /)
    }
    const mended = launch({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    const url = await mended.listening
    expect(
      (
        await call(url, 'POST', '/session', undefined, {
          username: 'admin',
          password: 'first admin password',
        })
      ).status,
    ).toBe(200)
    // Four starts of the whole server, one after another: on a busy machine that is well over the default.
  }, 90_000)

  it('refuses an unusable setting with a clear message and exit code 2', async () => {
    const server = launch({ SERVICE_PORT: 'eighty' })
    await expect(server.listening).rejects.toThrow(/SERVICE_PORT must be a port number/)
    expect(await server.exited).toBe(2)
  })
})

describe('same-origin checks without SERVICE_BASE_URL', () => {
  it('accept the real origin of a server started on a free port', async () => {
    const { url } = await start({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    const signIn = await call(url, 'POST', '/session', undefined, {
      username: 'admin',
      password: 'first admin password',
    })
    const cookie = sessionCookie(signIn)
    const response = await fetch(`${url}/api/v1/me/tokens`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from the page' }),
    })
    expect(response.status).toBe(201)
  })
})

/** Sends a request with the exact Host header given (fetch would not let a page choose it). */
const rawPost = (url: string, path: string, headers: Record<string, string>, body: unknown) =>
  rawPostAnswer(url, path, headers, body).then((answer) => answer.status)

/** The same, with the answer's body. */
const rawPostAnswer = (url: string, path: string, headers: Record<string, string>, body: unknown) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const text = JSON.stringify(body)
    const req = request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: `/api/v1${path}`,
        headers: { ...headers, 'content-type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    req.once('error', reject)
    req.end(text)
  })

describe('same-origin checks without SERVICE_BASE_URL, against a rebound name', () => {
  it('refuse a page whose Host and Origin both name another site, and accept the loopback aliases', async () => {
    const { url } = await start({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    const cookie = sessionCookie(
      await call(url, 'POST', '/session', undefined, { username: 'admin', password: 'first admin password' }),
    )
    const { port } = new URL(url)
    const rebound = `rebound.example:${port}`
    const forged = await rawPost(
      url,
      '/me/tokens',
      { cookie, host: rebound, origin: `http://${rebound}` },
      { name: 'x' },
    )
    expect(forged).toBe(403)
    const alias = await rawPost(
      url,
      '/me/tokens',
      { cookie, origin: `http://localhost:${port}` },
      { name: 'y' },
    )
    expect(alias).toBe(201)
  })
})

describe('the incoming webhook address without SERVICE_BASE_URL', () => {
  it('is the address the server listens on, whatever Host the request names', async () => {
    const { url } = await start({ SERVICE_ADMIN_TOKEN: ADMIN_TOKEN })
    await call(url, 'POST', '/organizations', ADMIN_TOKEN, { slug: 'acme', name: 'Acme', join: true })
    await call(url, 'POST', '/organizations/acme/spaces', ADMIN_TOKEN, { slug: 'docs', name: 'Docs' })
    const { port } = new URL(url)
    const answer = await rawPostAnswer(
      url,
      '/organizations/acme/spaces/docs/git/webhook-secret',
      { authorization: `Bearer ${ADMIN_TOKEN}`, host: `attacker.example:${port}` },
      {},
    )
    expect(answer.status).toBe(200)
    expect((JSON.parse(answer.body) as { url: string }).url).toBe(`${url}/api/v1/hooks/git/acme/docs`)
  })
})

describe('a server listening on every address', () => {
  const WARNING = 'SERVICE_BASE_URL is not set'
  it('warns that its links name an address no other machine opens, until SERVICE_BASE_URL is set', async () => {
    const { url } = await start({ SERVICE_HOST: '0.0.0.0', SERVICE_ADMIN_TOKEN: ADMIN_TOKEN })
    expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
    expect(lines.filter((line) => line.includes(WARNING))).toHaveLength(1)
    await running?.close()
    running = undefined
    lines = []
    await start({ SERVICE_HOST: '0.0.0.0', SERVICE_BASE_URL: 'https://wiki.example.com' })
    expect(lines.join('')).toContain('listening')
    expect(lines.join('')).not.toContain(WARNING)
  })
})

describe('client addresses behind a reverse proxy', () => {
  const guess = (url: string, forwardedFor: string, password: string) =>
    fetch(`${url}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ username: 'admin', password }),
    })

  it('count failures per forwarded address when the proxy is trusted', async () => {
    const { url } = await start({
      SERVICE_ADMIN_PASSWORD: 'first admin password',
      SERVICE_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1',
    })
    for (let i = 0; i < 10; i++) expect((await guess(url, '203.0.113.66', `guess ${i}`)).status).toBe(401)
    expect((await guess(url, '203.0.113.66', 'first admin password')).status).toBe(429)
    // The attacker's own claim, left of what the proxies added, is not believed.
    expect((await guess(url, '198.51.100.7, 203.0.113.66', 'first admin password')).status).toBe(429)
    expect((await guess(url, '198.51.100.7, 10.1.2.3', 'first admin password')).status).toBe(200)
  })

  it('refuse to start with an entry that is neither an address nor a range', () => {
    expect(() =>
      loadConfig({ SERVICE_DATA_DIR: dataDir, SERVICE_TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' }),
    ).toThrow(/SERVICE_TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range/)
  })

  it('read the mail and webhook settings, and refuse unusable ones', () => {
    const config = loadConfig({
      SERVICE_DATA_DIR: dataDir,
      SERVICE_SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      SERVICE_MAIL_FROM: 'Wiki <wiki@example.com>',
      SERVICE_WEBHOOK_RETRY_DELAYS: '10, 60,600',
      SERVICE_WEBHOOK_DISABLE_AFTER: '5',
    })
    expect(config).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      mailFrom: 'Wiki <wiki@example.com>',
      webhookRetryDelaysMs: [10_000, 60_000, 600_000],
      webhookDisableAfter: 5,
    })
    expect(loadConfig({ SERVICE_DATA_DIR: dataDir })).toMatchObject({
      smtpUrl: undefined,
      webhookRetryDelaysMs: [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000),
      webhookDisableAfter: 15,
    })
    expect(() => loadConfig({ SERVICE_DATA_DIR: dataDir, SERVICE_SMTP_URL: 'mail.example.com' })).toThrow(
      /SERVICE_SMTP_URL/,
    )
    expect(() => loadConfig({ SERVICE_DATA_DIR: dataDir, SERVICE_WEBHOOK_RETRY_DELAYS: '5,soon' })).toThrow(
      /SERVICE_WEBHOOK_RETRY_DELAYS/,
    )
    expect(() => loadConfig({ SERVICE_DATA_DIR: dataDir, SERVICE_WEBHOOK_DISABLE_AFTER: '0' })).toThrow(
      /SERVICE_WEBHOOK_DISABLE_AFTER/,
    )
  })

  it('ignore X-Forwarded-For when no proxy is trusted', async () => {
    const { url } = await start({ SERVICE_ADMIN_PASSWORD: 'first admin password' })
    for (let i = 0; i < 10; i++) await guess(url, `203.0.113.${i}`, `guess ${i}`)
    expect((await guess(url, '198.51.100.7', 'first admin password')).status).toBe(429)
  })
})
