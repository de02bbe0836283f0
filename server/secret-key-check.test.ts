import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { startInProcess } from './testing/in-process-server.ts'

const TOKEN = 'secret-key-check-admin-token-0123456789'
const KEY = 'the-installation-key-0123456789abcdefghij'

let dataDir = ''
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

it('refuses to start with a key that does not open the credentials kept, and starts with the right one', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-key-'))
  const first = await startInProcess(dataDir, TOKEN, { env: { SERVICE_SECRET_KEY: KEY } })
  expect((await first.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(
    201,
  )
  // A webhook's secret is kept sealed with the key.
  const hook = await first.api('POST', '/organizations/acme/webhooks', { url: 'http://127.0.0.1:9/hook' })
  expect(hook.status).toBe(201)
  await first.server.close()

  await expect(
    startInProcess(dataDir, TOKEN, { env: { SERVICE_SECRET_KEY: 'another-key-0123456789abcdefghijklmn' } }),
  ).rejects.toThrow(StartRefused)
  await expect(
    startInProcess(dataDir, TOKEN, { env: { SERVICE_SECRET_KEY: 'another-key-0123456789abcdefghijklmn' } }),
  ).rejects.toThrow(
    /^the secret key \(secret\.key in the data folder, or SERVICE_SECRET_KEY\) is not the one/,
  )

  const again = await startInProcess(dataDir, TOKEN, { env: { SERVICE_SECRET_KEY: KEY } })
  expect((await again.api('GET', '/organizations/acme/webhooks')).status).toBe(200)
  await again.server.close()

  // The key lost, or changed on purpose: started when asked, saying what is to be entered again.
  const lines: string[] = []
  const renewed = await startInProcess(dataDir, TOKEN, {
    env: {
      SERVICE_SECRET_KEY: 'another-key-0123456789abcdefghijklmn',
      SERVICE_ACCEPT_NEW_SECRET_KEY: 'true',
    },
    lines,
  })
  await renewed.server.close()
  expect(lines.join('')).toContain('the secret key does not open the credentials the database keeps')
})
