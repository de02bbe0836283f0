import type { IncomingMessage, ServerResponse } from 'node:http'
import { type RecordedRequest, send, startJsonServer, stopServer } from '../http-json.ts'

/** A request the server received, whatever it answered. */
export type EmbeddingsRequest = RecordedRequest

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
  /** Answers every request with a 503 while `down` (a provider out of service). */
  setDown(down: boolean): void
  /** Holds the answers of the requests received from now on until the returned function is called. */
  hold(): () => void
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
  let down = false
  let held: Promise<void> | undefined

  const answer = async (path: string, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    await held
    if (down) {
      send(res, 503, { error: { message: 'The service is unavailable', type: 'server_error' } })
      return
    }
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
    // An empty body is recorded as undefined: refused below like any body without a model.
    const { model, input } = (body ?? {}) as { model?: unknown; input?: unknown }
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

  const { server, port } = await startJsonServer(requests, ({ path, body }, req, res) =>
    answer(path, req, res, body),
  )
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
    setDown(value) {
      down = value
    },
    hold() {
      let release = () => {}
      held = new Promise<void>((resolve) => {
        release = resolve
      })
      return () => {
        held = undefined
        release()
      }
    },
    stop: () => stopServer(server),
  }
}

/** Word counts hashed into `dimensions` buckets (FNV-1a), times 3; a text with no word lands in bucket 0. */
export function hashedWords(text: string, dimensions: number): number[] {
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
