import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

const TOKEN = 'bodyless-actions-admin-token-0123456789'
const SYNC = '/api/v1/organizations/acme/spaces/docs/git/sync'

let dataDir: string
let quire: InProcessServer

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-bodyless-'))
  quire = await startInProcess(dataDir, TOKEN)
  expect((await quire.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(
    201,
  )
  expect((await quire.api('POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })).status).toBe(
    201,
  )
})

afterAll(async () => {
  await quire?.server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Sends a request's exact bytes, as a client other than a browser may frame it, and reads its status. */
function rawRequest(
  head: string[],
  body = '',
  { path = SYNC, token = TOKEN }: { path?: string; token?: string } = {},
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(quire.server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      // Written, not ended: the server closes the connection once it answered (Connection: close).
      socket.write(
        `${[
          `POST ${path} HTTP/1.1`,
          `Host: ${hostname}`,
          ...(token ? [`Authorization: Bearer ${token}`] : []),
          'Connection: close',
          ...head,
        ]
          .map((line) => `${line}\r\n`)
          .join('')}\r\n${body}`,
      )
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')))
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]),
        text: answer.split('\r\n\r\n')[1] ?? '',
      }),
    )
    socket.on('error', reject)
  })
}

describe('an action that takes no body', () => {
  it('is answered the same whether the client sends an empty body or none at all', async () => {
    const empty = await rawRequest(['Content-Length: 0'])
    expect(empty.status).not.toBe(422)
    // `curl -X POST` without data: no length at all, which HTTP/1.1 reads as no body.
    expect(await rawRequest([])).toMatchObject({ status: empty.status })
  })

  it('still refuses a body that is not JSON (422)', async () => {
    const sent = await rawRequest(
      ['Transfer-Encoding: chunked', 'Content-Type: text/plain'],
      '3\r\nabc\r\n0\r\n\r\n',
    )
    expect(sent.status).toBe(422)
    expect(sent.text).toContain('Expected a JSON body')
  })
})
