import { isIP } from 'node:net'
import { hostname, networkInterfaces } from 'node:os'

/** Whether a host name or address can only be reached from this machine. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase()
  if (name === 'localhost' || name === '::1') return true
  return isIP(name) === 4 && name.startsWith('127.')
}

/** Whether a host to listen on means every address of the machine. */
export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]'
}

/**
 * What a machine listening on all its addresses is reached by: each of its addresses, its name and
 * the loopback names (a rebound name is none of them).
 */
function machineNames(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((address) => (address && !address.address.includes('%') ? [address.address] : []))
  return ['localhost', '127.0.0.1', '::1', hostname(), ...addresses]
}

/**
 * The origins of the server as it listens (`http://<host>:<port>`), with the loopback names a
 * browser on the same machine may use when the host is a loopback address, and every address and
 * the name of the machine when it listens on all of them (`0.0.0.0`, `::`). They come from the
 * configuration, never from a request's Host header, which a rebound name controls.
 */
export function ownOrigins(host: string, port: number, machine = machineNames): string[] {
  const hosts = isLoopback(host)
    ? [host, 'localhost', '127.0.0.1', '::1']
    : isWildcard(host)
      ? machine()
      : [host]
  // A machine name no address can be written with (a space in it) is left out.
  const origins = hosts.flatMap((h) => {
    try {
      return [new URL(`http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`).origin]
    } catch {
      return []
    }
  })
  return [...new Set(origins)]
}
