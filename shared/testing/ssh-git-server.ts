import { type ChildProcess, spawn } from 'node:child_process'
import { timingSafeEqual } from 'node:crypto'
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import ssh2, {
  type AuthContext,
  type Connection,
  type ParsedKey,
  type ServerChannel,
  type Session,
} from 'ssh2'
import { cloneWork, createBareRepo, isolatedGitEnv, repoPathIn, type WorkClone } from './git-cli.ts'

const { Server, utils } = ssh2

/** One command a client asked the server to run, as it was answered. */
export type SshExec = {
  command: string
  /** The GIT_PROTOCOL the client sent with an `env` request (`version=2` for fetches), if any. */
  gitProtocol: string | undefined
  /** The exit status sent back; 1 for a refused command. */
  status: number
}

export type SshGitServer = {
  /** Temporary folder holding the bare repositories (its real path, symlinks resolved). */
  root: string
  port: number
  /** The only client key the server accepts (user `git`), in OpenSSH format. */
  clientPrivateKey: string
  /** A known_hosts line for this server: `[127.0.0.1]:PORT ssh-ed25519 AAAA...`. */
  knownHosts: string
  /** `ssh://git@127.0.0.1:PORT/<absolute path of the bare repository>`. */
  url(name: string): string
  /** Creates a bare repository; with `files`, also an initial commit on `branch` (default `main`). */
  createRepo(name: string, options?: Parameters<typeof createBareRepo>[3]): Promise<void>
  /** Clones through the local file path (not SSH), with the git CLI, into a new temporary folder. */
  clone(name: string): Promise<WorkClone>
  /** Commands run so far, in the order they finished. */
  execs: SshExec[]
  stop(): Promise<void>
}

const SSH_USER = 'git'

/**
 * A real SSH server for Git on 127.0.0.1 (ssh2 in this process, `git upload-pack` / `git receive-pack`
 * behind it), accepting only its own ed25519 client key: no sshd needed on the machine.
 */
export async function startSshGitServer(): Promise<SshGitServer> {
  const base = await mkdtemp(join(tmpdir(), 'quire-sshd-'))
  // The real path, so the paths git sends (taken from `url`) compare equal to what realpath gives.
  const root = join(await realpath(base), 'repos')
  const home = join(base, 'home')
  const work = join(base, 'work')
  await Promise.all([mkdir(root), mkdir(home), mkdir(work)])
  const env = isolatedGitEnv(home)

  const hostKey = generateSshKeyPair()
  const clientKey = generateSshKeyPair()
  const allowed = clientKey.public

  const connections = new Set<Connection>()
  const children = new Set<ChildProcess>()
  const execs: SshExec[] = []

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client)
    client.on('close', () => connections.delete(client))
    // A client hanging up mid-handshake (e.g. ssh refusing our host key) is not the server's failure.
    client.on('error', () => {})
    client.on('authentication', (ctx) =>
      acceptable(ctx, allowed) ? ctx.accept() : ctx.reject(['publickey']),
    )
    client.on('ready', () => {
      client.on('session', (accept) => serveSession(accept(), { root, home, children, execs }))
    })
  })
  // Sockets are handed to ssh2 by our own listener, to turn Nagle's algorithm off: the handshake's many
  // small packets would otherwise wait on delayed ACKs, about 40 ms per round trip.
  const sockets = new Set<Socket>()
  const listener = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setNoDelay(true)
    server.injectSocket(socket)
  })
  await new Promise<void>((done, fail) => {
    listener.once('error', fail)
    listener.listen(0, '127.0.0.1', () => done())
  })
  const { port } = listener.address() as AddressInfo

  const repoPath = (name: string) => repoPathIn(root, name)

  let clones = 0
  return {
    root,
    port,
    clientPrivateKey: clientKey.private,
    knownHosts: knownHostsLine(port, hostKey.public),
    url: (name) => `ssh://${SSH_USER}@127.0.0.1:${port}${repoPath(name)}`,
    createRepo: (name, options) => createBareRepo(repoPath(name), work, env, options),
    clone: (name) => cloneWork(repoPath(name), join(work, `clone-${++clones}`), env),
    execs,
    stop: async () => {
      for (const child of children) child.kill('SIGKILL')
      const closed = new Promise<void>((done) => listener.close(() => done()))
      for (const client of connections) client.end()
      // Also those still in the handshake, which have no connection object yet.
      for (const socket of sockets) socket.destroy()
      await closed
      await rm(base, { recursive: true, force: true })
    },
  }
}

/**
 * An ed25519 key pair: the private key in OpenSSH format, the public key parsed. ssh2's generator writes
 * an unreadable pair when the public key starts with a zero byte (about 1 in 256): those are drawn again.
 */
export function generateSshKeyPair(): { private: string; public: ParsedKey } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519')
    const key = utils.parseKey(pair.public)
    if (!(key instanceof Error) && !(utils.parseKey(pair.private) instanceof Error)) {
      return { private: pair.private, public: key }
    }
  }
}

/** The `known_hosts` line that trusts `key` for the server on 127.0.0.1:`port`. */
export function knownHostsLine(port: number, key: ParsedKey): string {
  return `[127.0.0.1]:${port} ${key.type} ${key.getPublicSSH().toString('base64')}\n`
}

/** Whether an authentication request uses the one allowed key (and, when signed, proves holding it). */
function acceptable(ctx: AuthContext, allowed: ParsedKey): boolean {
  if (ctx.method !== 'publickey' || ctx.username !== SSH_USER) return false
  if (ctx.key.algo !== allowed.type || !sameBytes(ctx.key.data, allowed.getPublicSSH())) return false
  // Without a signature the client only asks whether the key would do; it signs in the next request.
  if (ctx.signature === undefined) return true
  return ctx.blob !== undefined && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

type SessionContext = {
  root: string
  home: string
  children: Set<ChildProcess>
  execs: SshExec[]
}

/** Serves one session: an optional GIT_PROTOCOL, then one git command. Shells, ptys and the rest are refused. */
function serveSession(session: Session, ctx: SessionContext): void {
  let gitProtocol: string | undefined
  session.on('env', (accept, reject, info) => {
    // accept and reject are missing when the client asked for no reply (OpenSSH's `SendEnv`).
    const reply = info.key === 'GIT_PROTOCOL' ? (accept as (() => void) | undefined) : reject
    if (info.key === 'GIT_PROTOCOL') gitProtocol = info.val
    reply?.()
  })
  session.once('exec', (accept, _reject, info) => {
    const channel = accept()
    const log = (status: number) => ctx.execs.push({ command: info.command, gitProtocol, status })
    void runCommand(channel, info.command, gitProtocol, ctx, log)
  })
}

async function runCommand(
  channel: ServerChannel,
  command: string,
  gitProtocol: string | undefined,
  ctx: SessionContext,
  log: (status: number) => void,
): Promise<void> {
  // Writes after the client closed the channel fail (ssh2 ends it): the client is gone, nothing to tell.
  channel.on('error', () => {})
  channel.stderr.on('error', () => {})
  const request = parseGitCommand(command)
  const path = request && (await repositoryInside(ctx.root, request.path))
  if (!request || !path) {
    channel.stderr.write(
      request
        ? `no repository at ${request.path}\n`
        : `only git-upload-pack and git-receive-pack are served\n`,
    )
    log(1)
    finish(channel, 1)
    return
  }
  const env = isolatedGitEnv(ctx.home, gitProtocol ? { GIT_PROTOCOL: gitProtocol } : {})
  // Asynchronous on purpose: this process also carries the SSH connection git talks through.
  const child = spawn('git', [request.service, path], { cwd: ctx.root, env, stdio: ['pipe', 'pipe', 'pipe'] })
  ctx.children.add(child)
  // git may exit before reading all it was sent (e.g. a refused push): not ours to raise.
  child.stdin.on('error', () => {})
  channel.pipe(child.stdin)
  child.stdout.pipe(channel, { end: false })
  child.stderr.pipe(channel.stderr, { end: false })
  let ended = false
  const end = (status: number) => {
    if (ended) return
    ended = true
    ctx.children.delete(child)
    log(status)
    finish(channel, status)
  }
  child.on('error', (error) => {
    channel.stderr.write(`cannot run git: ${error.message}\n`)
    end(1)
  })
  child.on('close', (code) => end(code ?? 1))
  // The client hung up: nobody is left to read what git would write.
  channel.on('close', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
}

/**
 * Sends the exit status, then EOF and close. ssh2 sends the status at once while output can still wait
 * for the client's window, so it first waits for an empty write queued after all the output.
 */
function finish(channel: ServerChannel, status: number): void {
  if (channel.writableEnded) return
  let pending = 2
  const done = () => {
    if (--pending > 0) return
    channel.exit(status)
    channel.end()
  }
  channel.write(Buffer.alloc(0), done)
  channel.stderr.write(Buffer.alloc(0), done)
}

type GitCommand = { service: 'upload-pack' | 'receive-pack'; path: string }

/** `git-upload-pack '<path>'` and its variants (`git upload-pack`, double quotes, no quotes), else undefined. */
function parseGitCommand(command: string): GitCommand | undefined {
  const match = /^git[- ](upload-pack|receive-pack) +(\S.*)$/s.exec(command)
  if (!match) return undefined
  const path = shellWord(match[2]!)
  return path ? { service: match[1] as GitCommand['service'], path } : undefined
}

/**
 * One shell word as git writes it (single quotes, with `'\''` and `\!` escapes between them), or in
 * double quotes, or bare; undefined for anything that would need a shell to expand or split.
 */
function shellWord(text: string): string | undefined {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1)
      if (close < 0) return undefined
      const inner = text.slice(i + 1, close)
      if (c === '"' && /[\\$`]/.test(inner)) return undefined
      out += inner
      i = close + 1
    } else if (c === '\\' && i + 1 < text.length) {
      out += text[i + 1]
      i += 2
    } else if (/[A-Za-z0-9_./+@:,=-]/.test(c)) {
      out += c
      i++
    } else return undefined
  }
  return out
}

/** The real path of an existing folder inside root named by `path` (absolute, or relative to root). */
async function repositoryInside(root: string, path: string): Promise<string | undefined> {
  if (path.includes('\0')) return undefined
  const within = (p: string) => {
    const rel = relative(root, p)
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
  }
  const full = resolve(root, path)
  if (!within(full)) return undefined
  try {
    // Checked again once resolved: a symlink inside root could point anywhere.
    const real = await realpath(full)
    return within(real) ? real : undefined
  } catch {
    return undefined
  }
}
