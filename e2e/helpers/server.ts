import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

/** The checkout's root folder (where package.json and server/ live). */
export const ROOT = resolve(import.meta.dirname, '..', '..')

/** How long the server may take to log "listening". */
const START_TIMEOUT_MS = 30_000

/** How long the server may take to exit after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 15_000

export type ServerOptions = {
  /** SERVICE_ADMIN_PASSWORD: the first super admin's password. */
  adminPassword: string
  /** SERVICE_ADMIN_TOKEN: a personal token registered for the super admin. */
  adminToken: string
  /** SERVICE_API_DOCS=true when set (the default); the variable is left unset when false. */
  apiDocs?: boolean
  /** More SERVICE_* settings (SERVICE_ALLOW_PRIVATE_NETWORK for a Git remote on loopback, say). */
  env?: Record<string, string>
  /** A data folder shared with another instance (its caller removes it); a fresh one of its own otherwise. */
  dataDir?: string
}

/** One JSON log line of the server (pino). */
export type LogLine = { msg?: string; level?: number; [key: string]: unknown }

export type RunningServer = {
  /** The address the server really listens on, e.g. http://127.0.0.1:41234. */
  url: string
  /** The temporary data directory (removed by stop). */
  dataDir: string
  /** Every JSON line the server logged so far. */
  logs: LogLine[]
  /** Sends SIGTERM, waits for the process to exit, removes its own data directory; resolves to the exit code. */
  stop(): Promise<number | null>
}

/** Starts the real server (`node server/main.ts`) on a free port with a fresh data directory. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'quire-e2e-')))
  const removeData = () =>
    options.dataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true })
  const env: Record<string, string | undefined> = { ...process.env }
  // Start from a clean slate: no SERVICE_* setting leaks in from the caller's environment.
  for (const name of Object.keys(env)) if (name.startsWith('SERVICE_')) delete env[name]
  Object.assign(env, {
    SERVICE_PORT: '0',
    SERVICE_HOST: '127.0.0.1',
    SERVICE_DATA_DIR: dataDir,
    SERVICE_ADMIN_PASSWORD: options.adminPassword,
    SERVICE_ADMIN_TOKEN: options.adminToken,
  })
  if (options.apiDocs ?? true) env.SERVICE_API_DOCS = 'true'
  Object.assign(env, options.env)

  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  const output: string[] = []
  const exited = new Promise<number | null>((done) => {
    child.once('close', (code) => done(code))
  })

  // Keep reading both streams for the whole life of the process so a full pipe never blocks it.
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`server did not log "listening" within ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`))
    }, START_TIMEOUT_MS)
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line)
      let entry: LogLine
      try {
        entry = JSON.parse(line) as LogLine
      } catch {
        return
      }
      logs.push(entry)
      if (entry.msg === 'listening' && typeof entry.url === 'string') {
        clearTimeout(timer)
        done(entry.url)
      }
    })
    createInterface({ input: child.stderr }).on('line', (line) => {
      output.push(line)
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      fail(error)
    })
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`server exited (code ${code}) before listening:\n${output.join('\n')}`))
    })
  }).catch(async (error: unknown) => {
    await removeData()
    throw error
  })

  let stopping: Promise<number | null> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      const code = await exited
      clearTimeout(force)
      await removeData()
      return code
    })()
    return stopping
  }
  return { url, dataDir, logs, stop }
}
