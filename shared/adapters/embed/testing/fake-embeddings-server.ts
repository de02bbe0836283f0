import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the server received, whatever it answered. */
export type EmbeddingsRequest = { path: string; body: unknown; headers: Record<string, string> }

export type FakeEmbeddings = {
  /** Base address of the API, with the version segment: `http://127.0.0.1:PORT/v1`. */
  url: string
  /** Every request received, in order (refused ones included). */
  requests: EmbeddingsRequest[]
  /** Refuses requests (401) whose key is not this one, echoing the key it got as OpenAI does. */
  expectKey(key: string): void
  /** Width of the vectors it answers with (8 at first). */
  setDimensions(dimensions: number): void
  /** Answers the next request with this HTTP error, in OpenAI's error format. */
  failNext(status: number, message?: string): void
  stop(): Promise<void>
}

/**
 * A loopback server speaking OpenAI's `/v1/embeddings`, so tests never leave the machine. Its vectors are
 * hashed word counts scaled by 3 (not unit length, as some servers answer), so texts sharing words are close.
 */
export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const requests: EmbeddingsRequest[] = []
  const failures: { status: number; message: string }[] = []
  let expectedKey: string | undefined
  let dimensions = 8

  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/'
        let body: unknown
        try {
          body = JSON.parse(raw)
        } catch {
          body = raw
        }
        requests.push({ path, body, headers: flatHeaders(req) })
        answer(path, req, res, body)
      })
      .catch(() => res.destroy())
  })

  const answer = (path: string, req: IncomingMessage, res: ServerResponse, body: unknown): void => {
    if (req.method !== 'POST' || path !== '/v1/embeddings') {
      send(res, 404, { error: { message: `No route for ${req.method} ${path}`, type: 'not_found' } })
      return
    }
    const failure = failures.shift()
    if (failure) {
      send(res, failure.status, { error: { message: failure.message, type: 'server_error' } })
      return
    }
    const given = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1]
    if (expectedKey !== undefined && given !== expectedKey) {
      send(res, 401, {
        error: {
          message: `Incorrect API key provided: ${given}. You can find your API key in your account settings.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      })
      return
    }
    const { model, input } = body as { model?: unknown; input?: unknown }
    const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : undefined
    if (typeof model !== 'string' || !inputs || inputs.some((text) => text === '')) {
      send(res, 400, { error: { message: 'Invalid input', type: 'invalid_request_error' } })
      return
    }
    send(res, 200, {
      object: 'list',
      data: inputs.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: hashedWords(text, dimensions),
      })),
      model,
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    expectKey(key) {
      expectedKey = key
    },
    setDimensions(value) {
      dimensions = value
    },
    failNext(status, message = `Failure ${status}`) {
      failures.push({ status, message })
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Word counts hashed into `dimensions` buckets, times 3; a text with no word lands in bucket 0. */
function hashedWords(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  for (const word of words) {
    let hash = 2166136261
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619)
    const bucket = (hash >>> 0) % dimensions
    vector[bucket] = (vector[bucket] ?? 0) + 3
  }
  if (words.length === 0) vector[0] = 3
  return vector
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (part: Buffer) => parts.push(part))
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    req.on('error', reject)
  })
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
