import type { SyncErrorCode } from '../../domain/sync-errors.ts'
import { RemoteFailure } from '../../ports/repo.ts'
import { describeTransportError, isOutOfReach } from '../net/transport-errors.ts'
import { PushRefusedError, RemoteError } from './receive-pack.ts'

/**
 * Why a call to a remote failed: a message safe to keep in the space's Git state and show to its
 * readers (a status code or a short cause, never what the remote's answer contained: a page from an
 * internal service would otherwise be read back through `last_error`), and the kind of failure.
 */
type Described = { message: string; code: SyncErrorCode }

/** What the system git and ssh print on stderr, mapped to a safe description (LC_ALL=C is set). */
const SSH_MESSAGES: [RegExp, string, SyncErrorCode][] = [
  [
    /Host key verification failed/,
    "the remote's host key is not the known one (Host key verification failed)",
    'host-key',
  ],
  [/Connection refused/, 'connection refused', 'unreachable'],
  [/Could not resolve hostname/, "the remote's host name could not be resolved", 'unreachable'],
  [/timed out/i, 'the connection timed out', 'unreachable'],
  [/No route to host|Network is unreachable/, "the remote's host is unreachable", 'unreachable'],
  [
    /Connection (?:closed|reset) by|kex_exchange_identification|Broken pipe|hung up unexpectedly/,
    'the connection was closed by the remote',
    'unreachable',
  ],
  [
    /does not appear to be a git repository|repository not found/i,
    'the remote repository was not found',
    'not-found',
  ],
]

/** A remote's own words (a refusal reason, a fatal message), cut short and without control characters. */
function remoteWords(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200)
}

function describeHttpStatus(status: number): Described {
  if (status === 401 || status === 403)
    return {
      message: `the remote answered HTTP ${status} (authentication required or refused)`,
      code: 'auth',
    }
  if (status === 404)
    return { message: `the remote answered HTTP ${status} (repository not found)`, code: 'not-found' }
  return { message: `the remote answered HTTP ${status}`, code: 'other' }
}

function describeSsh(stderr: string, exitCode: unknown): Described {
  const denied = /Permission denied \(([a-z,-]+)\)/.exec(stderr)
  if (denied)
    return { message: `the remote refused the SSH key (Permission denied (${denied[1]}))`, code: 'ssh-key' }
  const known = SSH_MESSAGES.find(([pattern]) => pattern.test(stderr))
  if (known) return { message: known[1], code: known[2] }
  return {
    message: `the exchange with the remote failed (git exited with code ${String(exitCode)})`,
    code: 'other',
  }
}

/** The safe description of an error thrown while talking to a remote, and its kind. */
export function describeRemoteError(error: unknown): Described {
  const transport = describeTransportError(error)
  if (transport) return { message: transport, code: isOutOfReach(error) ? 'unreachable' : 'other' }
  const e = (error ?? {}) as {
    code?: unknown
    data?: { statusCode?: unknown }
    stderr?: unknown
  }
  if (error instanceof RemoteError) {
    if (error.status !== undefined) return describeHttpStatus(error.status)
    return {
      message: remoteWords(error.message),
      code: error instanceof PushRefusedError ? 'push-refused' : 'other',
    }
  }
  if (e.code === 'HttpError' && typeof e.data?.statusCode === 'number')
    return describeHttpStatus(e.data.statusCode)
  if (e.code === 'SmartHttpError' || e.code === 'ParseError' || e.code === 'EmptyServerResponseError')
    return { message: 'the remote did not answer as a Git server', code: 'other' }
  if (typeof e.stderr === 'string') return describeSsh(e.stderr, e.code)
  const name = typeof e.code === 'string' ? e.code : error instanceof Error ? error.name : 'unknown error'
  return { message: `the exchange with the remote failed (${name})`, code: 'other' }
}

/** Runs a call to a remote, turning any failure into a RemoteFailure with a safe message and its kind. */
export async function talkToRemote<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof RemoteFailure) throw error
    const { message, code } = describeRemoteError(error)
    throw new RemoteFailure(message, code, error)
  }
}
