import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type BrowserContext, type Page, request } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppHarness, ORG, PEOPLE, rawBytes, SPACE, signIn, startApp } from './helpers/app.ts'
import { ROOT } from './helpers/server.ts'

const run = promisify(execFile)
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/**
 * The README's nginx configuration ("Behind a reverse proxy"), run as written in a real nginx with a
 * certificate of its own, in front of the server set up as the README says. Only the names of this
 * machine change: the address nginx listens on, the certificate's files, the server's port.
 */
async function readmeNginxBlock(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const match = /<!-- proxy-test:nginx -->\n```nginx\n([\s\S]*?)```/.exec(readme)
  if (!match?.[1]) throw new Error('the README has no nginx block marked proxy-test:nginx')
  return match[1]
}

/** Replaces `from` with `to`, failing when the README no longer says `from`. */
function substitute(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the README's nginx block no longer contains "${from}"`)
  return text.replaceAll(from, to)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

type Proxy = { url: string; stop(): Promise<void> }

async function startNginx(dir: string, port: number, upstream: string): Promise<Proxy> {
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ])
  let block = await readmeNginxBlock()
  block = substitute(block, 'listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`)
  block = substitute(block, 'server_name wiki.example.com;', 'server_name localhost;')
  block = substitute(block, '/etc/ssl/certs/wiki.example.com.pem', cert)
  block = substitute(block, '/etc/ssl/private/wiki.example.com.key', key)
  block = substitute(block, 'proxy_pass http://127.0.0.1:8080;', `proxy_pass ${upstream};`)
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`
  const config = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    block,
    '}',
  ].join('\n')
  await writeFile(join(dir, 'nginx.conf'), config)
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((done) => child.once('close', () => done()))
  const url = `https://localhost:${port}`
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((done) => {
      const socket = createServer().listen(port, '127.0.0.1')
      socket.once('listening', () => socket.close(() => done(false)))
      socket.once('error', () => done(true))
    })
    if (up) break
    if (child.exitCode !== null || i > 100) {
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')
      throw new Error(`nginx did not start: ${output}\n${log}`)
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT')
      await exited
    },
  }
}

describe('behind the README’s nginx configuration, over HTTPS', () => {
  let app: AppHarness
  let proxy: Proxy
  let dir: string
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-proxy-'))
    const port = await freePort()
    // As the README says: the public address, and the proxy trusted for X-Forwarded-For.
    app = await startApp(undefined, {
      SERVICE_BASE_URL: `https://localhost:${port}`,
      SERVICE_TRUSTED_PROXIES: '127.0.0.1',
    })
    proxy = await startNginx(dir, port, app.server.url)
  })

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await proxy?.stop()
    await app?.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function personAt(path: string, person: { username: string; password: string }): Promise<Page> {
    const context = await app.browser.newContext({
      baseURL: proxy.url,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 800 },
    })
    contexts.push(context)
    const page = await context.newPage()
    await signIn(page, person)
    await page.goto(path)
    return page
  }

  it('signs a person in over HTTPS with a Secure session cookie', async () => {
    const page = await personAt(`/s/${ORG}/${SPACE}`, PEOPLE.contributor)
    await page.getByRole('heading', { name: 'Handbook' }).first().waitFor()
    const cookies = await page.context().cookies(proxy.url)
    expect(cookies.find((c) => c.name === 'quire_session')).toMatchObject({ secure: true, httpOnly: true })
  })

  it('lets two people edit one page live through the proxy (its WebSocket is passed on)', async () => {
    const path = `/s/${ORG}/${SPACE}/edit/holidays.md`
    const carl = await personAt(path, PEOPLE.contributor)
    const olivia = await personAt(path, PEOPLE.orgAdmin)
    for (const page of [carl, olivia]) await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
    const text = carl.getByRole('textbox', { name: 'Page text' })
    await text.click()
    await carl.keyboard.press('Control+End')
    await carl.keyboard.type('Thirty from next year.')
    await olivia.getByRole('textbox', { name: 'Page text' }).getByText('Thirty from next year.').waitFor()
    await carl.getByRole('list', { name: 'People in this page' }).getByText('Olivia Admin').waitFor()
  })

  it('takes a 9 MB file, and counts failed sign-ins per client named by the proxy', async () => {
    const api = await request.newContext({ baseURL: proxy.url, ignoreHTTPSErrors: true })
    try {
      const xhr = { 'X-Requested-With': 'XMLHttpRequest' }
      const signInAs = (username: string, password: string, client: string) =>
        api.post('/api/v1/session', {
          data: { username, password },
          headers: { ...xhr, 'X-Forwarded-For': client },
        })

      expect(
        (await signInAs(PEOPLE.contributor.username, PEOPLE.contributor.password, '203.0.113.5')).status(),
      ).toBe(200)
      const bytes = Buffer.alloc(9 * 1024 * 1024, 7)
      const upload = await api.put(`/api/v1/organizations/${ORG}/spaces/${SPACE}/files/big.bin`, {
        data: { content_base64: bytes.toString('base64'), message: 'A large file' },
        headers: xhr,
      })
      expect(upload.status()).toBe(201)
      expect((await rawBytes(app.server, 'big.bin')).equals(bytes)).toBe(true)

      // Ten wrong passwords from one client: the eleventh try from it is refused, right or wrong...
      const statuses: number[] = []
      for (let i = 0; i < 11; i++)
        statuses.push((await signInAs('rita', 'not-her-password', '203.0.113.7')).status())
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
      expect(statuses[10]).toBe(429)
      expect((await signInAs('rita', PEOPLE.reader.password, '203.0.113.7')).status()).toBe(429)
      // ...while Rita, from another address behind the same proxy, still signs in.
      expect((await signInAs('rita', PEOPLE.reader.password, '203.0.113.8')).status()).toBe(200)
    } finally {
      await api.dispose()
    }
  })
})
