import { isIP } from 'node:net'

/** Whether a host name or address can only be reached from this machine. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase()
  if (name === 'localhost' || name === '::1') return true
  return isIP(name) === 4 && name.startsWith('127.')
}

/**
 * The origins of the server as it listens (`http://<host>:<port>`), with the loopback names a
 * browser on the same machine may use when the host is a loopback address. They come from the
 * configuration, never from a request's Host header, which a rebound name controls.
 */
export function ownOrigins(host: string, port: number): string[] {
  const hosts = isLoopback(host) ? [host, 'localhost', '127.0.0.1', '::1'] : [host]
  const origins = hosts.map((h) => new URL(`http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`).origin)
  return [...new Set(origins)]
}
