import { MESSAGES } from '#shared/errors/catalog.ts'
import type { Logger } from '#shared/ports/logger.ts'

/**
 * Requests and responses as plain messages, so the window's requests cross from Electron's main
 * process to the engine's utility process (or any other message channel) and come back.
 */

/** Header pairs in order; a name may repeat (several `set-cookie`, for one). */
export type HeaderPairs = [string, string][]

/** A request as a message: its body read whole. */
export type BridgeRequest = {
  type: 'request'
  id: number
  method: string
  url: string
  headers: HeaderPairs
  body: ArrayBuffer | null
}

/** A response as a message, answering the request with the same id. */
export type BridgeResponse = {
  type: 'response'
  id: number
  status: number
  statusText: string
  headers: HeaderPairs
  body: ArrayBuffer | null
}

/** One end of a message channel, however the host wraps it (Node's MessagePort, Electron's ports). */
export type MessageLink = {
  send(message: unknown): void
  /** Calls `listener` with each message's data; returns what stops listening. */
  listen(listener: (message: unknown) => void): () => void
}

/** Something that answers requests, such as a Hono app's or the engine's `fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>

// Statuses whose responses have no body (the Response constructor refuses one).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** Turns a request into a message, its body read whole. */
export async function serializeRequest(id: number, request: Request): Promise<BridgeRequest> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  return {
    type: 'request',
    id,
    method: request.method,
    url: request.url,
    headers: [...request.headers],
    body: hasBody ? await request.arrayBuffer() : null,
  }
}

/** Rebuilds the request a message carries. */
export function deserializeRequest(message: BridgeRequest): Request {
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD'
  return new Request(message.url, {
    method: message.method,
    headers: message.headers,
    body: hasBody ? message.body : null,
  })
}

/** Turns a response into a message, its body read whole. */
export async function serializeResponse(id: number, response: Response): Promise<BridgeResponse> {
  const body = response.body === null ? null : await response.arrayBuffer()
  return {
    type: 'response',
    id,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: NULL_BODY_STATUSES.has(response.status) ? null : body,
  }
}

/** Rebuilds the response a message carries. */
export function deserializeResponse(message: BridgeResponse): Response {
  return new Response(NULL_BODY_STATUSES.has(message.status) ? null : message.body, {
    status: message.status,
    statusText: message.statusText,
    headers: message.headers,
  })
}

/** The JSON error answer of the API's error model, for a failure no handler answered. */
export function errorAnswer(status: 500 | 503): Response {
  const error = status === 500 ? 'internal' : 'unavailable'
  return Response.json({ error, message: MESSAGES[error].en }, { status })
}

/** Whether a message is a request message. */
export function isBridgeRequest(message: unknown): message is BridgeRequest {
  const m = message as Partial<BridgeRequest> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'request' &&
    typeof m.id === 'number' &&
    typeof m.method === 'string' &&
    typeof m.url === 'string' &&
    Array.isArray(m.headers) &&
    (m.body === null || m.body instanceof ArrayBuffer)
  )
}

/** Whether a message is a response message. */
export function isBridgeResponse(message: unknown): message is BridgeResponse {
  const m = message as Partial<BridgeResponse> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'response' &&
    typeof m.id === 'number' &&
    typeof m.status === 'number' &&
    Array.isArray(m.headers)
  )
}

/**
 * Answers each request message arriving on `link` with `handler`'s response; a handler that throws
 * answers the API's 500 (logged), so the other side never waits forever. Returns what stops it.
 */
export function serveBridge(link: MessageLink, handler: FetchHandler, logger?: Logger): () => void {
  const answer = async (message: BridgeRequest): Promise<BridgeResponse> => {
    try {
      return await serializeResponse(message.id, await handler(deserializeRequest(message)))
    } catch (error) {
      logger?.error({ err: error, method: message.method, url: message.url }, 'request failed')
      return serializeResponse(message.id, errorAnswer(500))
    }
  }
  return link.listen((message) => {
    if (!isBridgeRequest(message)) return
    void answer(message).then((response) => link.send(response))
  })
}

/** The requesting side of a bridge: sends requests over a link and matches answers by id. */
export type BridgeClient = {
  fetch(request: Request): Promise<Response>
  /** Answers every request still waiting with a 503 (the other side went away); returns how many. */
  failPending(): number
  /** Stops listening; requests still waiting get a 503. */
  close(): void
}

/** Makes the requesting side of a bridge over `link`. */
export function createBridgeClient(link: MessageLink): BridgeClient {
  let nextId = 1
  let closed = false
  const pending = new Map<number, (response: Response) => void>()
  const stop = link.listen((message) => {
    if (!isBridgeResponse(message)) return
    const resolve = pending.get(message.id)
    if (!resolve) return
    pending.delete(message.id)
    resolve(deserializeResponse(message))
  })
  const failPending = () => {
    const waiting = [...pending.values()]
    pending.clear()
    for (const resolve of waiting) resolve(errorAnswer(503))
    return waiting.length
  }
  return {
    async fetch(request) {
      if (closed) return errorAnswer(503)
      const id = nextId++
      const message = await serializeRequest(id, request)
      if (closed) return errorAnswer(503)
      const answer = new Promise<Response>((resolve) => pending.set(id, resolve))
      link.send(message)
      return answer
    },
    failPending,
    close() {
      closed = true
      stop()
      failPending()
    },
  }
}
