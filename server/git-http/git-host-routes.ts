import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '#shared/api/env.ts'
import { ERROR_STATUS, messageFor } from '#shared/errors/catalog.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { Deps } from '#shared/ports/deps.ts'
import { type IncomingObjects, NO_INCOMING_OBJECTS } from '#shared/ports/incoming-objects.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { type Actor, localeOf } from '#shared/services/access/actor.ts'
import { authenticateToken } from '#shared/services/accounts/authenticate.ts'
import type { SpaceRef } from '#shared/services/content/content-files.ts'
import { gitTarget } from '#shared/services/git/git-access.ts'
import { receivePush } from '#shared/services/git/receive-push.ts'
import { uploadPack } from './http-backend.ts'
import { PackRefusedError, receivePackFile } from './incoming-pack.ts'
import {
  ProtocolError,
  pushReport,
  readPushCommands,
  receivePackAdvertisement,
} from './receive-pack-protocol.ts'
import { refusalStatus } from './refusal-status.ts'

/** Largest pushed pack: a first push of a large wiki with its images fits; a runaway client does not. */
export const PACK_MAX_BYTES = 512 * 1024 * 1024

/** The realm Git shows when it asks for credentials. */
const REALM = 'Quire'

/** What the Git host tells its operator of the pushes it refuses. */
export type GitHostOptions = {
  /** Where each refused push is written: one `push refused` line with the space, the user and why. */
  logger?: Logger
  /** Counts a refused push (the metrics' incoming pushes with outcome `refused`). */
  countRefused?: () => void
}

/**
 * The server as a Git host for its spaces: `/git/{org}/{space}.git` speaks Git's smart HTTP. Clone
 * and fetch go through Git's own `http-backend`; a push's pack is checked and stored by Git's
 * `index-pack`, and its ref update goes through `receivePush`, in the space's queue like an API
 * write. Basic auth with the username and a personal token (Bearer works too); a space the account
 * cannot see is 404. Errors are plain text, which Git prints as `remote: …`. A push refused by a
 * check (history rewritten, a secret, a file beyond the pusher's rights, a pack Git would not take)
 * is logged and counted, as an operator asked why someone's push bounced needs to see it.
 */
export function gitHostRoutes(deps: Deps, options: GitHostOptions = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.onError(gitError)

  routes.get('/git/:org/:repo/info/refs', async (c) => {
    const service = c.req.query('service')
    const actor = await gitActor(deps, c)
    if (service === 'git-upload-pack') {
      const target = await gitTarget(deps, actor, spaceRef(c), 'read')
      return uploadPack(c.req.raw, {
        folder: target.folder,
        endpoint: 'info/refs',
        user: actor.account.username,
      })
    }
    if (service === 'git-receive-pack') {
      const target = await gitTarget(deps, actor, spaceRef(c), 'push')
      return new Response(receivePackAdvertisement(target.branch, target.head) as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/x-git-receive-pack-advertisement',
          'cache-control': 'no-cache',
        },
      })
    }
    // Only the smart protocol is served: the dumb one would need files the service does not keep.
    await gitTarget(deps, actor, spaceRef(c), 'read')
    throw new DomainError('invalid')
  })

  routes.post('/git/:org/:repo/git-upload-pack', async (c) => {
    const actor = await gitActor(deps, c)
    const target = await gitTarget(deps, actor, spaceRef(c), 'read')
    return uploadPack(c.req.raw, {
      folder: target.folder,
      endpoint: 'git-upload-pack',
      user: actor.account.username,
    })
  })

  routes.post('/git/:org/:repo/git-receive-pack', async (c) => {
    const actor = await gitActor(deps, c)
    const ref = spaceRef(c)
    const target = await gitTarget(deps, actor, ref, 'push')
    const { updates, capabilities, refusal, pack } = await readPushCommands(requestBody(c.req.raw))
    const answer = (body: Uint8Array) =>
      new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': 'application/x-git-receive-pack-result', 'cache-control': 'no-cache' },
      })
    const refused = (reason: string, message: string, refs = updates.map((u) => u.ref)) => {
      options.countRefused?.()
      options.logger?.info(
        { space: `${ref.org}/${ref.space}`, user: actor.account.username, refs, reason, message },
        'push refused',
      )
    }
    // Refused before the pack is read, as a pack that cannot be taken is: nothing is written.
    if (refusal !== undefined) {
      refused('too_large', refusal)
      const refs = updates.map((u) => ({ ref: u.ref, refusal }))
      return answer(pushReport(capabilities, refusal, refs, [`error: ${refusal}`]))
    }
    if (updates.length === 0) return answer(new Uint8Array())
    let incoming: IncomingObjects = NO_INCOMING_OBJECTS
    if (updates.some((u) => u.to !== null)) {
      try {
        incoming = await receivePackFile(target.folder, pack, PACK_MAX_BYTES)
      } catch (error) {
        if (!(error instanceof PackRefusedError)) throw error
        refused('invalid_pack', error.message)
        const refs = updates.map((u) => ({ ref: u.ref, refusal: 'unpacker error' }))
        return answer(pushReport(capabilities, error.message, refs, [`error: ${error.message}`]))
      }
    }
    const outcomes = await receivePush(deps, actor, ref, { updates, incoming })
    const locale = localeOf(actor, c.get('locale') ?? 'en')
    const message = (error: DomainError) => messageFor(error.reason, locale, error.params)
    const refs = outcomes.map((o) => ({ ref: o.ref, refusal: o.refused && refusalStatus(o.refused, locale) }))
    const messages = outcomes.flatMap((o) => (o.refused ? [message(o.refused)] : []))
    const first = outcomes.find((o) => o.refused)?.refused
    if (first)
      refused(
        first.code,
        messageFor(first.reason, 'en', first.params),
        outcomes.flatMap((o) => (o.refused ? [o.ref] : [])),
      )
    return answer(pushReport(capabilities, undefined, refs, messages))
  })
  return routes
}

/** The space a request names: `{org}` and `{space}.git` (the suffix may be left out, as Git hosts allow). */
function spaceRef(c: Context<AppEnv>): SpaceRef {
  return { org: c.req.param('org') ?? '', space: (c.req.param('repo') ?? '').replace(/\.git$/, '') }
}

/**
 * User names Git clients send with a token when they know no account's name (GitHub's
 * `x-access-token`, GitLab's `oauth2`): the token alone says who it is.
 */
const TOKEN_USERNAMES = new Set(['x-access-token', 'oauth2', 'token'])

/**
 * The caller behind Basic credentials (the username, or a placeholder of TOKEN_USERNAMES, and a
 * personal token as the password) or a bearer token; 401 when missing, unknown, or when the token
 * belongs to another account than the one named.
 */
async function gitActor(deps: Deps, c: Context<AppEnv>): Promise<Actor> {
  const actor = await credentialsOf(deps, c.req.header('authorization'))
  // Named in the request's log line, as an API call's caller is.
  c.set('actor', actor)
  return actor
}

async function credentialsOf(deps: Deps, header: string | undefined): Promise<Actor> {
  const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '')?.[1]
  if (bearer) return authenticateToken(deps, bearer, 'git')
  const basic = /^Basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')?.[1]
  if (!basic) throw new DomainError('unauthenticated')
  const decoded = Buffer.from(basic, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw new DomainError('unauthenticated')
  const actor = await authenticateToken(deps, decoded.slice(colon + 1), 'git')
  const named = decoded.slice(0, colon).toLowerCase()
  if (actor.account.username.toLowerCase() !== named && !TOKEN_USERNAMES.has(named))
    throw new DomainError('unauthenticated')
  return actor
}

/** A request's body as a stream of bytes, inflated when the client gzipped it. */
function requestBody(request: Request): AsyncIterable<Uint8Array> {
  const body = request.body
    ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
    : Readable.from([])
  return request.headers.get('content-encoding') === 'gzip' ? inflated(body) : body
}

/** A gzipped body inflated; one that is not gzip, or cut short, is the client's mistake (400), not ours. */
async function* inflated(body: Readable): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip()
  body.on('error', (error) => gunzip.destroy(error))
  try {
    yield* body.pipe(gunzip)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code.startsWith('Z_')) throw new ProtocolError('the request body is not valid gzip')
    throw error
  }
}

/**
 * An error as Git clients read it: plain text, which Git prints as `remote: …`; a 401 asks for
 * credentials (`WWW-Authenticate`), so Git prompts for them or uses its credential helper. Anything
 * unexpected goes on to the app's handler, which logs it.
 */
function gitError(error: Error, c: Context<AppEnv>): Response {
  if (!(error instanceof DomainError || error instanceof ProtocolError)) throw error
  const domain = error instanceof DomainError ? error : new DomainError('invalid')
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' }
  if (domain.code === 'unauthenticated')
    headers['www-authenticate'] = `Basic realm="${REALM}", charset="UTF-8"`
  if (domain.retryAfter !== undefined) headers['retry-after'] = String(domain.retryAfter)
  const text = messageFor(domain.reason, c.get('locale') ?? 'en', domain.params)
  return new Response(`${text}\n`, { status: ERROR_STATUS[domain.code], headers })
}
