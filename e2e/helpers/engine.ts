import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Browser, BrowserContext } from 'playwright'
import { launchBrowser } from './browser.ts'
import { ROOT } from './server.ts'

/** How long the engine may take to print its address. */
const START_TIMEOUT_MS = 60_000

/** How long the engine may take to exit after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 15_000

/** A desktop engine started headless on a fresh data folder, its home folder apart too. */
export type RunningEngine = {
  url: string
  token: string
  dataDir: string
  /** A call to the engine's API with its token, failing the test on an error status. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>
  /** A browser context in the given language, signed in through `<url>/?token=…`. */
  newContext(locale?: 'en-US' | 'fr-FR'): Promise<BrowserContext>
  close(): Promise<void>
}

/**
 * Starts `npm run desktop:engine -- --data <folder>` with no Git identity to be found (no global
 * or system Git configuration, an empty home), and Chromium beside it.
 */
export async function startEngine(): Promise<RunningEngine> {
  const home = await mkdtemp(join(tmpdir(), 'quire-e2e-home-'))
  const dataDir = join(home, 'data')
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
  }
  for (const name of Object.keys(env))
    if (name.startsWith('GIT_AUTHOR_') || name.startsWith('GIT_COMMITTER_')) delete env[name]
  // Its own process group: npm runs the engine as a child, and both must stop together.
  const child = spawn('npm', ['run', '--silent', 'desktop:engine', '--', '--data', dataDir], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<void>((done) => child.once('close', () => done()))
  const kill = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // Already gone.
    }
  }
  const started = await new Promise<{ url: string; token: string }>((done, fail) => {
    const timer = setTimeout(() => {
      kill('SIGKILL')
      fail(new Error(`the engine printed no address within ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`))
    }, START_TIMEOUT_MS)
    child.once('close', (code) => {
      clearTimeout(timer)
      fail(new Error(`the engine exited (${code}) before printing its address:\n${output.join('\n')}`))
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line)
      try {
        const entry = JSON.parse(line) as { url?: unknown; token?: unknown }
        if (typeof entry.url === 'string' && typeof entry.token === 'string') {
          clearTimeout(timer)
          done({ url: entry.url, token: entry.token })
        }
      } catch {
        // A line of another kind.
      }
    })
    createInterface({ input: child.stderr }).on('line', (line) => output.push(line))
  }).catch(async (error) => {
    await rm(home, { recursive: true, force: true })
    throw error
  })

  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  return {
    ...started,
    dataDir,
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${started.url}/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${started.token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
      return (text ? JSON.parse(text) : undefined) as T
    },
    async newContext(locale = 'en-US') {
      browser ??= await launchBrowser()
      const context = await browser.newContext({
        locale,
        baseURL: started.url,
        viewport: { width: 1280, height: 800 },
      })
      contexts.push(context)
      // Opening the address with the token once leaves a session cookie, then lands on `/`.
      const page = await context.newPage()
      await page.goto(`/?token=${encodeURIComponent(started.token)}`)
      await page.close()
      return context
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser?.close()
      kill('SIGTERM')
      const force = setTimeout(() => kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(force)
      await rm(home, { recursive: true, force: true })
    },
  }
}
