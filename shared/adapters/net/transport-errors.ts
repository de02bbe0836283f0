import { AddressNotAllowedError } from './outbound-guard.ts'

/** Short descriptions of the socket-level failures that mean the remote could not be reached. */
const OUT_OF_REACH: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was closed by the remote',
  EPIPE: 'the connection was closed by the remote',
  ECONNABORTED: 'the connection was closed by the remote',
  UND_ERR_SOCKET: 'the connection was closed by the remote',
  ETIMEDOUT: 'the connection timed out',
  ESOCKETTIMEDOUT: 'the connection timed out',
  ENOTFOUND: "the remote's host name could not be resolved",
  EAI_AGAIN: "the remote's host name could not be resolved",
  EAI_NONAME: "the remote's host name could not be resolved",
  EAI_FAIL: "the remote's host name could not be resolved",
  EHOSTUNREACH: "the remote's host is unreachable",
  ENETUNREACH: "the remote's host is unreachable",
  EHOSTDOWN: "the remote's host is unreachable",
}

/** Short descriptions of socket-level failures, by Node's error code. */
const BY_CODE: Record<string, string> = {
  ...OUT_OF_REACH,
  ERR_INVALID_URL: "the remote's address is not a valid URL",
  ABORT_ERR: 'the request was cancelled',
}

/** Error codes of TLS failures (certificate checks and handshakes). */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/

/**
 * A short description of why a connection to a remote failed, safe to show to the organization:
 * it never repeats what the remote answered nor internal addresses. Undefined when the error is
 * not a transport failure (the caller decides then).
 */
export function describeTransportError(error: unknown): string | undefined {
  if (error instanceof AddressNotAllowedError) return error.message
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return undefined
  if (code === 'ERR_ADDRESS_NOT_ALLOWED' || code === 'ERR_REDIRECT_REFUSED') return (error as Error).message
  if (TLS_CODE.test(code)) return "the remote's TLS certificate or handshake was refused"
  return BY_CODE[code]
}

/** Whether a connection failed because the remote could not be reached (no network, no such host, no answer). */
export function isOutOfReach(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && Object.hasOwn(OUT_OF_REACH, code)
}
