import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nodeSecrets } from '../adapters/node/secrets.ts'
import { cloneWork, createBareRepo, isolatedGitEnv, repoPathIn, runGit, type WorkClone } from './git-cli.ts'

export type { WorkClone }

export type GitRemoteOptions = { username?: string; password?: string }

/** How the remote misbehaves while offline. */
export type OfflineMode = 'unavailable' | 'reset'

export type GitRemoteRequest = {
  method: string
  /** The request target as sent, query included, e.g. `/acme/wiki.git/info/refs?service=git-upload-pack`. */
  path: string
  status: number
}

export type GitRemote = {
  /** Temporary folder holding the bare repositories. */
  root: string
  username: string
  password: string
  /** `http://127.0.0.1:PORT/<name>`, without credentials. */
  url(name: string): string
  /** Same as `url` with `user:password@`, for the git CLI. */
  authUrl(name: string): string
  /** Creates a bare repository; with `files`, also an initial commit on `branch` (default `main`). */
  createRepo(name: string, options?: Parameters<typeof createBareRepo>[3]): Promise<void>
  /** Clones through the server, with the git CLI, into a new temporary folder. */
  clone(name: string): Promise<WorkClone>
  /**
   * While offline, requests get 503 (`unavailable`, the default) or their connection is destroyed
   * without an answer (`reset`).
   */
  setOffline(offline: boolean, mode?: OfflineMode): void
  /** Requests answered, in order; a request dropped by `reset` mode is not listed. */
  requests: GitRemoteRequest[]
  stop(): Promise<void>
}

/** A real Git smart-HTTP remote (`git http-backend` behind node:http) on 127.0.0.1 with basic auth. */
export async function startGitRemote(options: GitRemoteOptions = {}): Promise<GitRemote> {
  const username = options.username ?? 'git'
  const password = options.password ?? 'secret-pass'
  const base = await mkdtemp(join(tmpdir(), 'quire-git-remote-'))
  const root = join(base, 'repos')
  const home = join(base, 'home')
  const work = join(base, 'work')
  await Promise.all([mkdir(root), mkdir(home), mkdir(work)])
  const env = isolatedGitEnv(home)

  let offline: OfflineMode | null = null
  const requests: GitRemoteRequest[] = []
  const backends = new Set<ChildProcess>()
  const sockets = new Set<Socket>()

  const server = createServer((req, res) => {
    if (offline === 'reset') {
      // A keep-alive connection opened before going offline still reaches here.
      req.socket.destroy()
      return
    }
    const log = (status: number) => requests.push({ method: req.method ?? '', path: req.url ?? '', status })
    if (offline === 'unavailable') {
      log(503)
      res.writeHead(503, { 'content-type': 'text/plain' }).end('remote offline\n')
      return
    }
    const user = authenticate(req.headers.authorization, username, password)
    if (user === null) {
      log(401)
      res
        .writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' })
        .end('authentication required\n')
      return
    }
    runBackend(req, res, { root, env, user, backends, log })
  })
  server.on('connection', (socket) => {
    if (offline === 'reset') {
      socket.destroy()
      return
    }
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done())
  })
  const { port } = server.address() as AddressInfo

  const repoUrl = (name: string, credentials: string) => {
    repoPathIn(root, name) // validates
    return `http://${credentials}127.0.0.1:${port}/${name}`
  }
  const url = (name: string) => repoUrl(name, '')
  const authUrl = (name: string) =>
    repoUrl(name, `${encodeURIComponent(username)}:${encodeURIComponent(password)}@`)

  let clones = 0
  const remote: GitRemote = {
    root,
    username,
    password,
    url,
    authUrl,
    createRepo: async (name, options) => {
      const path = repoPathIn(root, name)
      await createBareRepo(path, work, env, options)
      // http-backend already allows pushes from an authenticated REMOTE_USER; say so explicitly anyway.
      await runGit(path, ['config', 'http.receivepack', 'true'], env)
    },
    clone: (name) => cloneWork(authUrl(name), join(work, `clone-${++clones}`), env),
    setOffline: (value, mode = 'unavailable') => {
      offline = value ? mode : null
      if (offline === 'reset') {
        // Idle keep-alive connections would otherwise keep working; in-flight requests finish.
        server.closeIdleConnections()
      }
    },
    requests,
    stop: async () => {
      for (const child of backends) child.kill('SIGKILL')
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      for (const socket of sockets) socket.destroy()
      await closed
      await rm(base, { recursive: true, force: true })
    },
  }
  return remote
}

/** The user when `header` carries the expected basic credentials, else null. */
function authenticate(header: string | undefined, username: string, password: string): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  const user = decoded.slice(0, colon)
  // Both compared, with `&` rather than `&&`, so timing does not tell which one was wrong.
  const ok =
    Number(nodeSecrets.equal(user, username)) & Number(nodeSecrets.equal(decoded.slice(colon + 1), password))
  return ok ? user : null
}

type BackendContext = {
  root: string
  env: NodeJS.ProcessEnv
  user: string
  backends: Set<ChildProcess>
  log: (status: number) => void
}

/** Answers one request through `git http-backend`, a CGI program, run asynchronously. */
function runBackend(req: IncomingMessage, res: ServerResponse, ctx: BackendContext): void {
  const target = new URL(req.url ?? '/', 'http://127.0.0.1')
  const cgi: Record<string, string> = {
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: `HTTP/${req.httpVersion}`,
    SERVER_SOFTWARE: 'quire-git-remote',
    GIT_PROJECT_ROOT: ctx.root,
    GIT_HTTP_EXPORT_ALL: '1',
    // Gzipped and chunked request bodies are buffered whole by http-backend; the default cap is 10 MB.
    GIT_HTTP_MAX_REQUEST_BUFFER: '100m',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: decodeURIComponent(target.pathname),
    QUERY_STRING: target.search.slice(1),
    REMOTE_USER: ctx.user,
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
  }
  const header = (name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value.join(', ') : value
  }
  const optional: [string, string | undefined][] = [
    ['CONTENT_TYPE', header('content-type')],
    // Absent for chunked bodies: http-backend then reads stdin to its end.
    ['CONTENT_LENGTH', header('content-length')],
    // http-backend inflates gzipped bodies itself (the git CLI gzips larger upload-pack requests).
    ['HTTP_CONTENT_ENCODING', header('content-encoding')],
    // Carries `version=2` from the client; http-backend hands it to upload-pack as GIT_PROTOCOL.
    ['HTTP_GIT_PROTOCOL', header('git-protocol')],
  ]
  for (const [key, value] of optional) if (value !== undefined) cgi[key] = value

  const child = spawn('git', ['http-backend'], {
    env: { ...ctx.env, ...cgi },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  ctx.backends.add(child)
  const stderr: Buffer[] = []
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
  // The backend may exit before reading the whole body (e.g. on a bad request): not our error to raise.
  child.stdin.on('error', () => {})
  req.pipe(child.stdin)
  req.on('aborted', () => child.kill('SIGKILL'))

  let head = Buffer.alloc(0)
  let started = false
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk])
    const parsed = parseCgiHead(head)
    if (!parsed) return
    started = true
    child.stdout.off('data', onData)
    ctx.log(parsed.status)
    res.writeHead(parsed.status, parsed.reason, parsed.headers)
    res.write(parsed.rest)
    child.stdout.pipe(res)
  }
  child.stdout.on('data', onData)
  child.on('error', (error) => fail(`cannot run git http-backend: ${error.message}`))
  child.on('close', (code) => {
    ctx.backends.delete(child)
    if (!started) fail(`git http-backend exited with ${code}: ${Buffer.concat(stderr).toString('utf8')}`)
    // A backend failing halfway through a body must not look like a complete answer.
    else if (code !== 0 && !res.writableEnded) res.destroy()
  })

  function fail(message: string) {
    if (started || res.headersSent) {
      res.destroy()
      return
    }
    started = true
    ctx.log(502)
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`${message}\n`)
  }
}

type CgiHead = { status: number; reason: string; headers: [string, string][]; rest: Buffer }

/** Splits a CGI response into its header block and the start of the body, once the blank line has arrived. */
function parseCgiHead(data: Buffer): CgiHead | null {
  // CGI allows bare LF line ends; http-backend writes CRLF.
  const crlf = data.indexOf('\r\n\r\n')
  const lf = data.indexOf('\n\n')
  let end: number
  let skip: number
  if (crlf >= 0 && (lf < 0 || crlf < lf)) [end, skip] = [crlf, 4]
  else if (lf >= 0) [end, skip] = [lf, 2]
  else return null
  let status = 200
  let reason = 'OK'
  const headers: [string, string][] = []
  for (const line of data.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'status') {
      const m = /^(\d{3})\s*(.*)$/.exec(value)
      if (m) [status, reason] = [Number(m[1]), m[2] || 'Status']
    } else headers.push([name, value])
  }
  return { status, reason, headers, rest: data.subarray(end + skip) }
}
