import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

/** A server started as `npm start` starts it: its own process, on a data folder, on a free port. */
export type ServerProcess = {
  child: ChildProcess
  /** The server's address once it listens (rejects with its output if it exits first). */
  listening: Promise<string>
  /** The exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string | null>
  output(): string
}

/** Starts `server/main.ts` with the given environment on top of the test's. */
export function launchServer(dataDir: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    // The web app's build is the browser tests' concern: these servers serve the API only.
    env: { ...process.env, SERVICE_PORT: '0', SERVICE_DATA_DIR: dataDir, SERVICE_WEB_BUILD: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk) => (out += chunk))
  child.stderr?.on('data', (chunk) => (out += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"url":"([^"]+)"[^\n]*"msg":"listening"/.exec(out)
      if (match?.[1]) {
        clearInterval(timer)
        resolve(match[1])
      }
    }, 20)
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(out))
    })
  })
  return { child, listening, exited, output: () => out }
}

/** Calls the API of a running server with a bearer token. */
export function callApi(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}
