import { describeTransportError } from '../net/transport-errors.ts'
import { RemoteError } from './receive-pack.ts'

/**
 * A fetch or push that failed, with a message safe to keep in the space's Git state and show to
 * its readers: a status code or a short cause, never what the remote's answer contained (a page
 * from an internal service would otherwise be read back through `last_error`).
 */
export class RemoteFailure extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause })
    this.name = 'RemoteFailure'
  }
}

/** What the system git and ssh print on stderr, mapped to a safe description (LC_ALL=C is set). */
const SSH_MESSAGES: [RegExp, string][] = [
  [
    /Host key verification failed/,
    "the remote's host key is not the known one (Host key verification failed)",
  ],
  [/Connection refused/, 'connection refused'],
  [/Could not resolve hostname/, "the remote's host name could not be resolved"],
  [/timed out/i, 'the connection timed out'],
  [/No route to host|Network is unreachable/, "the remote's host is unreachable"],
  [
    /Connection (?:closed|reset) by|kex_exchange_identification|Broken pipe|hung up unexpectedly/,
    'the connection was closed by the remote',
  ],
  [/does not appear to be a git repository|repository not found/i, 'the remote repository was not found'],
]

/** A remote's own words (a refusal reason, a fatal message), cut short and without control characters. */
function remoteWords(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200)
}

function describeHttpStatus(status: number): string {
  const hint =
    status === 401 || status === 403
      ? ' (authentication required or refused)'
      : status === 404
        ? ' (repository not found)'
        : ''
  return `the remote answered HTTP ${status}${hint}`
}

function describeSsh(stderr: string, exitCode: unknown): string {
  const denied = /Permission denied \(([a-z,-]+)\)/.exec(stderr)
  if (denied) return `the remote refused the SSH key (Permission denied (${denied[1]}))`
  const known = SSH_MESSAGES.find(([pattern]) => pattern.test(stderr))
  return known?.[1] ?? `the exchange with the remote failed (git exited with code ${String(exitCode)})`
}

/** The safe description of an error thrown while talking to a remote. */
export function describeRemoteError(error: unknown): string {
  const transport = describeTransportError(error)
  if (transport) return transport
  const e = (error ?? {}) as {
    code?: unknown
    data?: { statusCode?: unknown }
    stderr?: unknown
    message?: unknown
  }
  if (error instanceof RemoteError) {
    return error.status !== undefined ? describeHttpStatus(error.status) : remoteWords(error.message)
  }
  if (e.code === 'HttpError' && typeof e.data?.statusCode === 'number')
    return describeHttpStatus(e.data.statusCode)
  if (e.code === 'SmartHttpError' || e.code === 'ParseError' || e.code === 'EmptyServerResponseError')
    return 'the remote did not answer as a Git server'
  if (typeof e.stderr === 'string') return describeSsh(e.stderr, e.code)
  // A push refused by a hook over SSH: the remote's reason, as over HTTP.
  if (typeof e.message === 'string' && e.message.startsWith('the remote refused the push: '))
    return remoteWords(e.message)
  const name = typeof e.code === 'string' ? e.code : error instanceof Error ? error.name : 'unknown error'
  return `the exchange with the remote failed (${name})`
}

/** Runs a call to a remote, turning any failure into a RemoteFailure with a safe message. */
export async function talkToRemote<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof RemoteFailure) throw error
    throw new RemoteFailure(describeRemoteError(error), error)
  }
}
