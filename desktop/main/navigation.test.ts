import { describe, expect, it } from 'vitest'
import { appOriginsFor, externalLink, isAppUrl, isPermissionAllowed } from './navigation.ts'
import { APP_ORIGIN } from './paths.ts'

const origins = [APP_ORIGIN]

describe('isAppUrl', () => {
  it('lets the window show the app’s own paths', () => {
    expect(isAppUrl(`${APP_ORIGIN}/`, origins)).toBe(true)
    expect(isAppUrl(`${APP_ORIGIN}/s/acme/handbook?x=1#top`, origins)).toBe(true)
  })

  it('refuses anywhere else, look-alikes included', () => {
    for (const url of [
      'https://example.org/',
      'quire://other/',
      'quire://app.evil/',
      'file:///etc/passwd',
      'http://127.0.0.1:4123/',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isAppUrl(url, origins)).toBe(false)
  })

  it('lets the window show the dev server when it is one of the app’s origins', () => {
    expect(isAppUrl('http://localhost:5173/s/x', [APP_ORIGIN, 'http://localhost:5173'])).toBe(true)
  })
})

describe('appOriginsFor', () => {
  it('is the app’s own scheme, plus the dev server the window loads from when there is one', () => {
    expect(appOriginsFor(APP_ORIGIN, `${APP_ORIGIN}/`)).toEqual([APP_ORIGIN])
    expect(appOriginsFor(APP_ORIGIN, 'http://localhost:5173/')).toEqual([APP_ORIGIN, 'http://localhost:5173'])
  })
})

describe('externalLink', () => {
  it('hands web and mail links to the system', () => {
    expect(externalLink('https://example.org/a?b=1')).toBe('https://example.org/a?b=1')
    expect(externalLink('http://example.org')).toBe('http://example.org/')
    expect(externalLink('mailto:ada@example.org')).toBe('mailto:ada@example.org')
  })

  it('opens nothing else', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'ms-msdt:/id',
      'quire://app/',
      'https://user:pass@example.org/',
      '',
      'example.org',
    ])
      expect(externalLink(url)).toBeUndefined()
  })
})

describe('isPermissionAllowed', () => {
  it('lets the app copy to the clipboard', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', `${APP_ORIGIN}/account`, origins)).toBe(true)
  })

  it('lets the app reach the engine’s loopback listener, and no other page', () => {
    for (const permission of ['loopback-network', 'local-network-access']) {
      expect(isPermissionAllowed(permission, `${APP_ORIGIN}/s/acme/handbook`, origins)).toBe(true)
      expect(isPermissionAllowed(permission, 'https://example.org/', origins)).toBe(false)
    }
  })

  it('denies every other permission, and every permission to other pages', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'hid',
      'local-network',
    ])
      expect(isPermissionAllowed(permission, `${APP_ORIGIN}/`, origins)).toBe(false)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://example.org/', origins)).toBe(false)
  })
})
