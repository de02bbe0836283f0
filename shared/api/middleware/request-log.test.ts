import { describe, expect, it } from 'vitest'
import type { Logger } from '../../ports/logger.ts'
import { testApp } from '../../testing/test-app.ts'
import { loggedPath } from './request-log.ts'

describe('the request log', () => {
  it('hides the secret of a mailed link, in the API and in the pages it opens', () => {
    expect(loggedPath('/api/v1/invitations/qinv_abc123/accept')).toBe('/api/v1/invitations/…/accept')
    expect(loggedPath('/api/v1/password-resets/whatever-was-sent')).toBe('/api/v1/password-resets/…')
    expect(loggedPath('/api/v1/email-verifications/qver_x')).toBe('/api/v1/email-verifications/…')
    expect(loggedPath('/invite/qinv_abc123')).toBe('/invite/…')
    expect(loggedPath('/reset-password/qrst_abc')).toBe('/reset-password/…')
    expect(loggedPath('/verify-email/qver_abc')).toBe('/verify-email/…')
    // Other paths, and the ids of invitations an admin lists, are kept as they are.
    expect(loggedPath('/api/v1/organizations/acme/invitations/k3x9')).toBe(
      '/api/v1/organizations/acme/invitations/k3x9',
    )
    expect(loggedPath('/s/acme/wiki/page/guides/setup.md')).toBe('/s/acme/wiki/page/guides/setup.md')
  })

  it('writes the hidden path for a request that carried a link', async () => {
    const lines: Record<string, unknown>[] = []
    const logger: Logger = {
      info: (obj) => lines.push(obj as Record<string, unknown>),
      warn: () => {},
      error: () => {},
    }
    const t = await testApp({ logger })
    try {
      const response = await t.call('GET', '/password-resets/qrst_a-secret-link-value')
      expect(response.status).toBe(404)
      const logged = JSON.stringify(lines)
      expect(logged).toContain('/api/v1/password-resets/…')
      expect(logged).not.toContain('a-secret-link-value')
    } finally {
      await t.close()
    }
  })
})

describe('the request log, for who follows failed sign-ins', () => {
  it('names the address a request came from, as the sign-in limits count it', async () => {
    const lines: Record<string, unknown>[] = []
    const logger: Logger = {
      info: (obj) => lines.push(obj as Record<string, unknown>),
      warn: () => {},
      error: () => {},
    }
    const t = await testApp({ logger, clientIp: () => '203.0.113.44' })
    try {
      const refused = await t.call('POST', '/session', {
        body: { username: 'nobody', password: 'wrong password' },
      })
      expect(refused.status).toBe(401)
      expect(lines).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/api/v1/session', status: 401, ip: '203.0.113.44' }),
      )
      // The name tried and the password stay out of it.
      expect(JSON.stringify(lines)).not.toContain('nobody')
    } finally {
      await t.close()
    }
  })
})
