import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '#shared/testing/postgres.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

describePostgres('two instances started at once on an empty database', () => {
  let dataDir = ''
  let database: FreshDatabase
  let started: InProcessServer[] = []

  afterEach(async () => {
    await Promise.all(started.map((s) => s.server.close()))
    started = []
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('both start, one makes the super admin, and the password file holds the password that signs in', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-together-'))
    database = await freshPostgresUrl()
    const env = { SERVICE_DATABASE_URL: database.url }
    started = await Promise.all([
      startInProcess(dataDir, 'together-admin-token-0123456789abcdef', { env }),
      startInProcess(dataDir, 'together-admin-token-0123456789abcdef', { env }),
    ])
    expect(readdirSync(dataDir).filter((name) => name.startsWith('initial-admin-password'))).toEqual([
      'initial-admin-password',
    ])
    const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim()
    for (const { server } of started) {
      const signIn = await fetch(`${server.url}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: 'admin', password }),
      })
      expect(signIn.status).toBe(200)
    }
  })
})
