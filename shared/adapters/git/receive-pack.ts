import { PUSH_REFUSED } from '../../domain/sync-errors.ts'
import { guardedRequest, readBody } from '../net/guarded-http.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import { concat, FLUSH, pktLine, readPktLines } from './pkt-line.ts'

/**
 * The push half of Git's smart HTTP protocol, sending a pack we built ourselves: only the objects
 * the new commits add. (isomorphic-git's push lists every object of each commit's tree, which
 * costs as much as the whole repository.)
 */

export type HttpAuth = { username: string; password: string } | undefined

const decoder = new TextDecoder()

/** The Authorization header value for HTTP basic credentials. */
export function basicAuth(auth: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
}

function headers(auth: HttpAuth, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { 'User-Agent': 'git/quire', ...extra }
  if (auth) out.Authorization = basicAuth(auth)
  return out
}

const isOk = (status: number) => status >= 200 && status < 300

/** A remote that refused our request or answered something we cannot read. */
export class RemoteError extends Error {
  readonly status: number | undefined
  constructor(message: string, status?: number) {
    super(message)
    this.name = 'RemoteError'
    this.status = status
  }
}

/** A push the remote refused for a reason of its own (a hook, a protected branch, missing rights). */
export class PushRefusedError extends RemoteError {
  constructor(reason: string) {
    super(`${PUSH_REFUSED}${reason}`)
    this.name = 'PushRefusedError'
  }
}

/** The remote's refs and capabilities, from the receive-pack advertisement. */
export async function discoverReceivePack(
  guard: OutboundGuard,
  url: string,
  auth: HttpAuth,
): Promise<{ refs: Map<string, string>; capabilities: Set<string> }> {
  const response = await guardedRequest(guard, {
    url: `${url.replace(/\/$/, '')}/info/refs?service=git-receive-pack`,
    headers: headers(auth, {}),
  })
  if (!isOk(response.statusCode)) {
    response.body.resume()
    throw new RemoteError(`remote answered ${response.statusCode} to ref discovery`, response.statusCode)
  }
  const lines = readPktLines(await readBody(response))
  const refs = new Map<string, string>()
  let capabilities = new Set<string>()
  for (const line of lines) {
    if (line === null) continue
    const text = decoder.decode(line).replace(/\n$/, '')
    if (text.startsWith('# service=')) continue
    const [refPart = '', caps] = text.split('\0')
    if (caps !== undefined) capabilities = new Set(caps.trim().split(' '))
    const [oid = '', name = ''] = refPart.split(' ')
    if (name && name !== 'capabilities^{}') refs.set(name, oid)
  }
  return { refs, capabilities }
}

/**
 * Asks the remote to move `ref` from `oldOid` to `newOid`, sending `pack`. Resolves with
 * `rejected` when the remote refused the update (it moved meanwhile), `ok` when it took it.
 */
export async function sendReceivePack(input: {
  guard: OutboundGuard
  url: string
  auth: HttpAuth
  ref: string
  oldOid: string
  newOid: string
  pack: Uint8Array
  capabilities: Set<string>
}): Promise<{ result: 'ok' | 'rejected'; reason?: string }> {
  const wanted = ['report-status', 'side-band-64k'].filter((c) => input.capabilities.has(c))
  const command = `${input.oldOid} ${input.newOid} ${input.ref}\0${[...wanted, 'agent=git/quire'].join(' ')}\n`
  const body = concat([pktLine(command), FLUSH, input.pack])
  const response = await guardedRequest(input.guard, {
    url: `${input.url.replace(/\/$/, '')}/git-receive-pack`,
    method: 'POST',
    headers: headers(input.auth, {
      'Content-Type': 'application/x-git-receive-pack-request',
      Accept: 'application/x-git-receive-pack-result',
    }),
    body,
  })
  if (!isOk(response.statusCode)) {
    response.body.resume()
    throw new RemoteError(`remote answered ${response.statusCode} to the push`, response.statusCode)
  }
  const payload = await readBody(response)
  const report = wanted.includes('side-band-64k') ? demultiplex(payload) : payload
  return readReport(report, input.ref)
}

/** The primary channel (band 1) of a side-band-64k response; band 3 is a fatal error. */
function demultiplex(payload: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = []
  for (const line of readPktLines(payload)) {
    if (line === null || line.length === 0) continue
    if (line[0] === 1) parts.push(line.subarray(1))
    else if (line[0] === 3) throw new RemoteError(`remote error: ${decoder.decode(line.subarray(1)).trim()}`)
  }
  return concat(parts)
}

/** Whether a refused ref update means the remote moved meanwhile (so a fetch and replay can fix it). */
export function isStaleRefusal(reason: string): boolean {
  return /non-fast-forward|fetch first|stale info|failed to (update|lock)|cannot lock ref|already exists/i.test(
    reason,
  )
}

function readReport(report: Uint8Array, ref: string): { result: 'ok' | 'rejected'; reason?: string } {
  const lines = readPktLines(report)
    .filter((l): l is Uint8Array => l !== null)
    .map((l) => decoder.decode(l).replace(/\n$/, ''))
  const unpack = lines.find((l) => l.startsWith('unpack '))
  if (unpack && unpack !== 'unpack ok') throw new RemoteError(`remote could not unpack: ${unpack.slice(7)}`)
  const status = lines.find((l) => l.endsWith(` ${ref}`) || l.includes(` ${ref} `))
  if (status?.startsWith('ok ')) return { result: 'ok' }
  if (status?.startsWith('ng ')) {
    const reason = status.slice(4 + ref.length).trim()
    if (isStaleRefusal(reason)) return { result: 'rejected', reason }
    // A hook, a protected branch or missing rights: fetching again would not help, so say why.
    throw new PushRefusedError(reason)
  }
  if (lines.length === 0) return { result: 'ok' }
  // The report is the remote's own text: it is not repeated in the error, which ends up in the Git state.
  throw new RemoteError('the remote sent a push report that could not be read')
}
