import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WEB_APP_CSP } from '#shared/domain/web-app-csp.ts'
import { DESKTOP_CSP, withContentSecurityPolicy } from './csp.ts'

function directive(name: string): string[] | undefined {
  const found = DESKTOP_CSP.split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
  return found?.slice(1)
}

describe('withContentSecurityPolicy', () => {
  it('gives the app’s HTML pages the window’s policy, replacing any other', async () => {
    const page = new Response('<!doctype html><p>hi</p>', {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': 'default-src *',
        'cache-control': 'no-cache',
      },
    })
    const answered = withContentSecurityPolicy(page)
    expect(answered.headers.get('content-security-policy')).toBe(DESKTOP_CSP)
    expect(answered.headers.get('cache-control')).toBe('no-cache')
    expect(answered.status).toBe(200)
    expect(await answered.text()).toBe('<!doctype html><p>hi</p>')
  })

  it('leaves scripts, styles, JSON and bodiless answers as they are', () => {
    for (const type of ['text/javascript', 'text/css', 'application/json', 'image/png', undefined]) {
      const response = new Response('x', { headers: type ? { 'content-type': type } : {} })
      const answered = withContentSecurityPolicy(response)
      expect(answered).toBe(response)
      expect(answered.headers.get('content-security-policy')).toBeNull()
    }
  })
})

describe('the window’s policy', () => {
  it('allows only the app’s own scripts, styles and requests, no plugins, no framing', () => {
    expect(directive('default-src')).toEqual(["'self'"])
    expect(directive('script-src')).toEqual(["'self'"])
    expect(directive('style-src')).toEqual(["'self'"])
    // The live sessions' WebSockets, on the engine's loopback listener, and nothing else outside the app.
    expect(directive('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:*'])
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(directive('object-src')).toEqual(["'none'"])
    expect(directive('frame-ancestors')).toEqual(["'none'"])
  })

  it('is the web app’s own policy in every other directive', () => {
    const others = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('connect-src '))
    expect(others(DESKTOP_CSP)).toEqual(others(WEB_APP_CSP))
    expect(others(DESKTOP_CSP)).toHaveLength(WEB_APP_CSP.split('; ').length - 1)
  })

  it('lets the app’s page work: its <base> is allowed and it has no inline script or style', () => {
    const page = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    expect(page).toMatch(/<base href="\/"/)
    expect(directive('base-uri')).toContain("'self'")
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(page).not.toMatch(/<style|\sstyle=/)
  })
})
