import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { loadConfig } from '../server/config.ts'
import { createLogger } from '../server/logger.ts'
import { startServer } from '../server/start.ts'
import { report, time } from './stats.ts'

const TOKEN = 'bench-admin-token-0123456789abcdefghij'

/**
 * The request path over real HTTP on loopback: token authentication plus a permission-checked
 * read, on an instance with `orgs` organizations of `spacesPerOrg` spaces each.
 */
export async function benchApiRequests(orgs: number, spacesPerOrg: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'))
  const silent = new Writable({ write: (_c, _e, done) => done() })
  const server = await startServer(
    loadConfig({
      SERVICE_PORT: '0',
      SERVICE_DATA_DIR: dataDir,
      SERVICE_ADMIN_PASSWORD: 'bench password',
      SERVICE_ADMIN_TOKEN: TOKEN,
    }),
    createLogger('warn', silent),
  )
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  try {
    for (let o = 0; o < orgs; o++) {
      await post('/organizations', { slug: `org${o}`, name: `Org ${o}`, join: true })
      for (let s = 0; s < spacesPerOrg; s++)
        await post(`/organizations/org${o}/spaces`, { slug: `space${s}`, name: `Space ${s}` })
    }
    const label = `${orgs * spacesPerOrg} spaces`
    report(
      `GET /me (token)                          [${label}]`,
      await time(500, () => fetch(`${server.url}/api/v1/me`, { headers }).then((r) => r.arrayBuffer())),
    )
    report(
      `GET /organizations/{org}/spaces/{space}  [${label}]`,
      await time(500, (i) =>
        fetch(`${server.url}/api/v1/organizations/org${i % orgs}/spaces/space${i % spacesPerOrg}`, {
          headers,
        }).then((r) => r.arrayBuffer()),
      ),
    )
    report(
      `GET /spaces (all visible)                [${label}]`,
      await time(200, () => fetch(`${server.url}/api/v1/spaces`, { headers }).then((r) => r.arrayBuffer())),
    )
    report(
      `POST /session (argon2id sign-in)         [${label}]`,
      await time(
        20,
        () =>
          post('/session', { username: 'admin', password: 'bench password' }).then((r) => r.arrayBuffer()),
        2,
      ),
    )
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
