import { Writable } from 'node:stream'
import { loadConfig } from '../config.ts'
import { createLogger } from '../logger.ts'
import { type RunningServer, startServer } from '../start.ts'

/** A server started in this process as `npm start` would, with a request helper for its admin. */
export type InProcessServer = {
  server: RunningServer
  /** A request to `/api/v1{path}` with the admin's token, the body sent as JSON. */
  api(method: string, path: string, body?: unknown): Promise<Response>
}

/**
 * Starts the server on `dataDir` and a free port, with `token` as the first admin's personal token
 * and Git remotes on loopback allowed; its log lines go to `lines` when given, else nowhere.
 */
export async function startInProcess(
  dataDir: string,
  token: string,
  options: { env?: Record<string, string>; lines?: string[] } = {},
): Promise<InProcessServer> {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      options.lines?.push(String(chunk))
      done()
    },
  })
  const server = await startServer(
    loadConfig({
      SERVICE_PORT: '0',
      SERVICE_DATA_DIR: dataDir,
      SERVICE_ADMIN_TOKEN: token,
      SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
      ...options.env,
    }),
    createLogger(options.lines ? 'info' : 'warn', sink),
  )
  return {
    server,
    api: (method, path, body) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  }
}
