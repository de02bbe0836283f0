import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { messageFor } from '#shared/errors/catalog.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { serverAccount } from './server-client.ts'

const TOKEN = 'qpat_server-client-test-token'
let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A hosted server's API on this computer, answering the three reads the desktop makes with TOKEN. */
async function serverOnThisComputer(): Promise<string> {
  const answers: Record<string, unknown> = {
    '/api/v1/me': { username: 'ada' },
    '/api/v1/spaces': [{ organization: 'acme', slug: 'wiki', name: 'Wiki', role: 'admin', branch: 'main' }],
    '/api/v1/organizations': [{ slug: 'acme', name: 'Acme' }],
  }
  server = createServer((request, response) => {
    const answer = answers[request.url ?? '']
    const allowed = request.headers.authorization === `Bearer ${TOKEN}`
    response.writeHead(!allowed ? 401 : answer ? 200 : 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer ?? {}))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the desktop’s client for a hosted server', () => {
  it('refuses a cloud metadata address with a clear error, and still reaches a server on this computer', async () => {
    const refused = await serverAccount({ url: 'http://169.254.169.254/', token: TOKEN }).catch((e) => e)
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ reason: 'server_address_refused', code: 'invalid' })
    expect(messageFor(refused.reason, 'en', refused.params)).toBe(
      "The app does not connect to http://169.254.169.254: the remote's address is not allowed (cloud metadata service). Give the address of your Quire server.",
    )
    const url = await serverOnThisComputer()
    expect(await serverAccount({ url, token: TOKEN })).toEqual({
      base: url,
      username: 'ada',
      spaces: [
        { org: 'acme', space: 'wiki', name: 'Wiki', organizationName: 'Acme', role: 'admin', branch: 'main' },
      ],
    })
  })
})
