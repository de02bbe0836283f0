import { StartRefused } from '#shared/errors/start-refused.ts'
import type { Config } from './config.ts'

type Errno = {
  code?: string
  syscall?: string
  path?: string
  hostname?: string
  address?: string
  port?: number
}

/**
 * Why the server could not start, in one line that says what to do, for the failures an operator
 * meets (a port taken, a data folder it may not write, a database it cannot reach); undefined for
 * any other, whose stack trace is then the useful part.
 */
export function startFailure(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'dataDir' | 'databaseUrl'> & { metrics?: { port?: number } },
): string | undefined {
  if (error instanceof StartRefused) return error.message
  // node-postgres says this one in words only, with no code.
  if (
    config.databaseUrl &&
    causes(error).some((e) => /does not support SSL connections/.test(String((e as Error)?.message)))
  )
    return 'the database does not take SSL connections, which SERVICE_DATABASE_URL asks for (sslmode): turn SSL on in PostgreSQL, or take sslmode out of the address on a trusted network'
  const found = causes(error).find((e): e is Errno => typeof (e as Errno)?.code === 'string')
  if (!found) return undefined
  const where = found.path ? ` (${found.path})` : ''
  switch (found.code) {
    case 'EADDRINUSE': {
      // The metrics' own port opens first: the port taken may be that one.
      const isMetrics = found.port !== undefined && found.port === config.metrics?.port
      return `port ${found.port ?? config.port} on ${config.host} is taken by another program: stop it, or choose another port with ${isMetrics ? 'SERVICE_METRICS_PORT' : 'SERVICE_PORT'}`
    }
    case 'EADDRNOTAVAIL':
      return `${config.host} is no address of this machine: set SERVICE_HOST to one of its addresses (0.0.0.0 for all)`
    case 'EACCES':
    case 'EPERM':
      return found.syscall === 'listen' || found.syscall === 'bind'
        ? `no right to listen on port ${config.port}: choose a port above 1023 with SERVICE_PORT`
        : `no right to read or write the data folder ${config.dataDir}${where}: give the user running the server that right, or choose another SERVICE_DATA_DIR`
    case 'ENOTDIR':
    case 'EEXIST':
      return `the data folder ${config.dataDir} is not a folder${where}: choose another SERVICE_DATA_DIR`
    case 'EROFS':
      return `the data folder ${config.dataDir} is on a read-only file system${where}: choose a writable SERVICE_DATA_DIR`
    case 'ENOSPC':
      return `no space left on the disk of ${config.dataDir}${where}: free some, then start again`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return config.databaseUrl
        ? `the database's host ${found.hostname ?? ''} is not found: check SERVICE_DATABASE_URL`
        : `the host ${found.hostname ?? config.host} is not found: check SERVICE_HOST`
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return config.databaseUrl
        ? `the database at SERVICE_DATABASE_URL does not answer (${found.code}): start it, or check the address`
        : undefined
    case '28P01':
    case '28000':
      return 'the database refused the user or password of SERVICE_DATABASE_URL'
    case '3D000':
      return 'the database named in SERVICE_DATABASE_URL does not exist: create it first (createdb)'
    default:
      return undefined
  }
}

/** An error and the errors it wraps (`cause`, an AggregateError's `errors`), outermost first. */
function causes(error: unknown, depth = 0): unknown[] {
  if (error === null || typeof error !== 'object' || depth > 5) return []
  const nested = [
    ...('cause' in error ? causes(error.cause, depth + 1) : []),
    ...('errors' in error && Array.isArray(error.errors)
      ? error.errors.flatMap((e: unknown) => causes(e, depth + 1))
      : []),
  ]
  return [error, ...nested]
}
