import { BENCH_PASSWORD, startBenchServer } from './setup.ts'
import { report, time } from './stats.ts'

/**
 * The request path over real HTTP on loopback: token authentication plus a permission-checked
 * read, on an instance with `orgs` organizations of `spacesPerOrg` spaces each.
 */
export async function benchApiRequests(orgs: number, spacesPerOrg: number): Promise<void> {
  const server = await startBenchServer()
  const post = (path: string, body: unknown) => server.api('POST', path, body)
  try {
    for (let o = 0; o < orgs; o++) {
      await post('/organizations', { slug: `org${o}`, name: `Org ${o}`, join: true })
      for (let s = 0; s < spacesPerOrg; s++)
        await post(`/organizations/org${o}/spaces`, { slug: `space${s}`, name: `Space ${s}` })
    }
    const label = `${orgs * spacesPerOrg} spaces`
    report(
      `GET /me (token)                          [${label}]`,
      await time(500, () => server.api('GET', '/me').then((r) => r.arrayBuffer())),
    )
    report(
      `GET /organizations/{org}/spaces/{space}  [${label}]`,
      await time(500, (i) =>
        server
          .api('GET', `/organizations/org${i % orgs}/spaces/space${i % spacesPerOrg}`)
          .then((r) => r.arrayBuffer()),
      ),
    )
    report(
      `GET /spaces (all visible)                [${label}]`,
      await time(200, () => server.api('GET', '/spaces').then((r) => r.arrayBuffer())),
    )
    report(
      `POST /session (argon2id sign-in)         [${label}]`,
      await time(
        20,
        () => post('/session', { username: 'admin', password: BENCH_PASSWORD }).then((r) => r.arrayBuffer()),
        2,
      ),
    )
  } finally {
    await server.close()
  }
}
