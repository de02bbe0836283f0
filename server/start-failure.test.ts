import { describe, expect, it } from 'vitest'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { startFailure } from './start-failure.ts'

const config = { port: 8080, host: '127.0.0.1', dataDir: '/srv/quire', databaseUrl: undefined }
const errno = (code: string, extra: Record<string, string | number> = {}) =>
  Object.assign(new Error(code), { code, ...extra })

describe('why the server could not start, as the operator reads it', () => {
  it('says what to change for a port taken, a folder it may not write, and a refusal of its own', () => {
    expect(startFailure(errno('EADDRINUSE', { syscall: 'listen' }), config)).toBe(
      'port 8080 on 127.0.0.1 is taken by another program: stop it, or choose another port with SERVICE_PORT',
    )
    // The metrics' own port, taken: that setting is the one to change.
    const withMetrics = { ...config, metrics: { port: 9464 } }
    expect(startFailure(errno('EADDRINUSE', { syscall: 'listen', port: 9464 }), withMetrics)).toBe(
      'port 9464 on 127.0.0.1 is taken by another program: stop it, or choose another port with SERVICE_METRICS_PORT',
    )
    expect(startFailure(errno('EADDRINUSE', { syscall: 'listen', port: 8080 }), withMetrics)).toMatch(
      /SERVICE_PORT$/,
    )
    expect(startFailure(errno('EACCES', { syscall: 'mkdir', path: '/srv/quire/repos' }), config)).toContain(
      'no right to read or write the data folder /srv/quire (/srv/quire/repos)',
    )
    expect(startFailure(new StartRefused('the repositories are not this database’s'), config)).toBe(
      'the repositories are not this database’s',
    )
  })

  it('finds a database’s refusal inside the error that wraps it', () => {
    const wrapped = new Error('migrations failed', { cause: errno('28P01') })
    const pg = { ...config, databaseUrl: 'postgres://quire@db/quire' }
    expect(startFailure(wrapped, pg)).toBe(
      'the database refused the user or password of SERVICE_DATABASE_URL',
    )
    expect(startFailure(new AggregateError([errno('ECONNREFUSED')]), pg)).toContain('does not answer')
    // Said in words only: sslmode=require against a server without SSL.
    expect(startFailure(new Error('The server does not support SSL connections'), pg)).toContain(
      'the database does not take SSL connections, which SERVICE_DATABASE_URL asks for (sslmode)',
    )
  })

  it('leaves any other failure to its stack trace', () => {
    expect(startFailure(new TypeError('x is undefined'), config)).toBeUndefined()
    expect(startFailure(errno('ECONNREFUSED'), config)).toBeUndefined()
  })
})
