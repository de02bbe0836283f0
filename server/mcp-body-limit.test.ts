import { request as httpRequest, type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { MCP_MAX_BODY_BYTES } from '#shared/mcp/endpoint.ts'
import { mcpWorldPerTest } from './testing/mcp.ts'

const w = mcpWorldPerTest()

/** An `initialize` call padded with spaces to `size` bytes: valid JSON, whatever its length. */
function paddedCall(size: number): Buffer {
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  })
  return Buffer.concat([Buffer.from(call), Buffer.alloc(size - call.length, ' ')])
}

/** The status and body of a response: its JSON, or its text when it is an event stream. */
async function answerOf(response: IncomingMessage): Promise<{ status: number; body: unknown }> {
  const chunks: Buffer[] = []
  for await (const chunk of response) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString()
  const isJson = response.headers['content-type']?.startsWith('application/json')
  return { status: response.statusCode ?? 0, body: isJson ? JSON.parse(text) : text }
}

/**
 * POSTs to `/mcp` as a raw HTTP client: `head` is written at once, and the request is left open, so
 * an answer that comes proves the server did not wait for the rest of the body.
 */
function openPost(
  token: string,
  headers: Record<string, string | number>,
  head: Buffer,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${w.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
    })
    req.on('response', (response) => {
      answerOf(response)
        .then(resolve, reject)
        .finally(() => req.destroy())
    })
    req.on('error', () => undefined)
    req.write(head)
  })
}

describe('the size of a request to /mcp', () => {
  it('refuses a body announced larger than 4 MiB with 413 at once, without reading it', async () => {
    const token = await w.token(w.tokens.reader, { name: 'reader', read_only: true })
    const answer = await openPost(token, { 'content-length': 400 * 1024 * 1024 }, paddedCall(1024))
    expect(answer).toEqual({
      status: 413,
      body: { error: 'too_large', message: `The request body is larger than ${MCP_MAX_BODY_BYTES} bytes.` },
    })
  })

  it('refuses a chunked body as soon as it passes 4 MiB, in the caller’s language', async () => {
    const token = await w.token(w.tokens.reader, { name: 'reader', read_only: true })
    // No Content-Length: the body streams in chunks, and only its first 4 MiB and a little are sent.
    const answer = await openPost(token, { 'accept-language': 'fr' }, paddedCall(MCP_MAX_BODY_BYTES + 1))
    expect(answer).toMatchObject({ status: 413, body: { error: 'too_large' } })
    expect((answer.body as { message: string }).message).toContain('dépasse')
  })

  it('advertises no page text larger than a call can carry', async () => {
    const client = await w.connect(w.tokens.contributor, 'legacy')
    const { tools } = await client.listTools()
    const write = tools.find((tool) => tool.name === 'write_page')
    const properties = write?.inputSchema.properties as Record<string, { maxLength?: number }> | undefined
    const content = properties?.content
    expect(content?.maxLength).toBeLessThan(MCP_MAX_BODY_BYTES)
  })

  it('still serves a call just under the cap, announced or chunked', async () => {
    for (const chunked of [false, true]) {
      const body = paddedCall(MCP_MAX_BODY_BYTES)
      const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = httpRequest(`${w.url}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${w.tokens.reader}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(chunked ? {} : { 'content-length': body.length }),
          },
        })
        req.on('response', (response) => answerOf(response).then(resolve, reject))
        req.on('error', reject)
        req.end(body)
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toContain('"protocolVersion":"2025-11-25"')
    }
  })
})
