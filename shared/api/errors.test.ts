import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { guardedBy } from '../adapters/database/guarded.ts'
import type { Logger } from '../ports/logger.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'
import type { AppEnv } from './env.ts'
import { handleError } from './errors.ts'

let t: TestApp
let root: string
beforeEach(async () => {
  t = await testApp()
  root = await t.user('root', { superadmin: true })
})
afterEach(() => t.close())

describe('malformed bodies answer 422 with detail [{loc, msg, type}]', () => {
  it('invalid JSON', async () => {
    const response = await t.call('POST', '/organizations', { token: root, body: '{"slug": "acme",' })
    expect(response.status).toBe(422)
    expect(await json(response)).toEqual({
      detail: [{ loc: ['body'], msg: 'Invalid JSON in request body', type: 'json_invalid' }],
    })
  })

  it('a missing field and a wrong type, each located', async () => {
    const response = await t.call('POST', '/organizations', { token: root, body: { name: 42 } })
    expect(response.status).toBe(422)
    const { detail } = await json<{ detail: { loc: string[]; type: string; msg: string }[] }>(response)
    expect(detail).toContainEqual({ loc: ['body', 'slug'], msg: 'Field required', type: 'missing' })
    expect(detail.find((d) => d.loc.join('.') === 'body.name')?.type).toBe('invalid_type')
  })

  it('a missing choice or union is missing too; a wrong one is not', async () => {
    await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
    const missing = await t.call('PUT', '/organizations/acme/ai', { token: root, body: {} })
    expect(missing.status).toBe(422)
    const { detail } = await json<{ detail: { loc: string[]; type: string; msg: string }[] }>(missing)
    expect(detail).toContainEqual({ loc: ['body', 'provider'], msg: 'Field required', type: 'missing' })
    const wrong = await t.call('PUT', '/organizations/acme/ai', { token: root, body: { provider: 'nobody' } })
    const wrongDetail = (await json<{ detail: { loc: string[]; type: string }[] }>(wrong)).detail
    expect(wrongDetail.find((d) => d.loc.join('.') === 'body.provider')?.type).toBe('invalid_value')
  })

  it('a body that is not JSON at all', async () => {
    const response = await t.call('PATCH', '/organizations/acme', {
      token: root,
      body: 'name=Acme',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(422)
    expect((await json<{ detail: { loc: string[] }[] }>(response)).detail[0]?.loc).toEqual(['body'])
  })

  it('a JSON value of the wrong shape', async () => {
    const response = await t.call('POST', '/organizations', { token: root, body: '[1, 2]' })
    expect(response.status).toBe(422)
  })
})

describe('the error model', () => {
  it('answers {error, message} in English by default and in French with Accept-Language: fr', async () => {
    const en = await t.call('GET', '/organizations/nowhere', { token: root })
    expect(en.status).toBe(404)
    expect(await json(en)).toEqual({ error: 'not_found', message: 'Not found.' })
    const fr = await t.call('GET', '/organizations/nowhere', {
      token: root,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    })
    expect(await json(fr)).toEqual({ error: 'not_found', message: 'Introuvable.' })
    const unauthenticated = await t.call('GET', '/me', { headers: { 'accept-language': 'fr' } })
    expect(await json(unauthenticated)).toMatchObject({
      error: 'unauthenticated',
      message: expect.stringMatching(/jeton/),
    })
    const forbidden = await t.call('POST', '/organizations', {
      token: await t.user('alice'),
      body: { slug: 'x', name: 'X' },
      headers: { 'accept-language': 'fr' },
    })
    expect(await json(forbidden)).toEqual({
      error: 'forbidden',
      message: 'Vous n’êtes pas autorisé à faire cela.',
    })
  })

  it('answers 404 not_found for unknown routes, with or without credentials', async () => {
    expect((await t.call('GET', '/nothing-here', { token: root })).status).toBe(404)
    const anonymous = await t.app.request('/elsewhere')
    expect(anonymous.status).toBe(404)
    expect(await json(anonymous)).toMatchObject({ error: 'not_found' })
  })

  it('refuses bodies over the size limit with 413 too_large, writing nothing', async () => {
    const response = await t.call('POST', '/organizations', {
      token: root,
      body: { slug: 'big', name: 'Big', description: 'x'.repeat(2 * 1024 * 1024) },
    })
    expect(response.status).toBe(413)
    expect((await json(response)).error).toBe('too_large')
    expect((await t.call('GET', '/organizations/big', { token: root })).status).toBe(404)
  })

  it.skipIf(onPostgres)(
    'answers 503 unavailable with Retry-After while the database is locked, and works again after',
    async () => {
      t.sqlite.pragma('busy_timeout = 20')
      const other = new Database(join(t.dir, 'service.db'))
      try {
        other.exec('BEGIN EXCLUSIVE')
        const response = await t.call('POST', '/organizations', {
          token: root,
          body: { slug: 'acme', name: 'Acme' },
        })
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe('1')
        expect((await json(response)).error).toBe('unavailable')
        other.exec('ROLLBACK')
      } finally {
        other.close()
      }
      const again = await t.call('POST', '/organizations', {
        token: root,
        body: { slug: 'acme', name: 'Acme' },
      })
      expect(again.status).toBe(201)
    },
  )

  it('never shows a stack trace', async () => {
    const responses = [
      await t.call('POST', '/organizations', { token: root, body: '{' }),
      await t.call('GET', '/organizations/%E0%A4%A', { token: root }),
      await t.call('PUT', '/organizations/acme/members/x', { token: root, body: { role: null } }),
    ]
    for (const response of responses) {
      expect(response.status).toBeLessThan(500)
      expect(await response.text()).not.toMatch(/at .*\.ts:\d+/)
    }
  })
})

describe('a disk or a database that cannot take writes now', () => {
  it('a full disk answers 503 unavailable with Retry-After, and the log says the disk is full', async () => {
    const logged: string[] = []
    const logger = { info() {}, warn() {}, error: (_obj: object, msg?: string) => logged.push(msg ?? '') }
    const app = new Hono<AppEnv>()
    app.get('/write', () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    })
    app.onError(handleError(logger as unknown as Logger))
    const response = await app.request('/write')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await json(response)).toMatchObject({ error: 'unavailable' })
    expect(logged).toEqual(['disk full: writes fail until space is freed'])
  })

  it('a database that cannot answer is unavailable, its own words kept for the log', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const store = guardedBy((error) => (error as { code?: string }).code === 'ECONNREFUSED')<{
      read(): Promise<string>
    }>({
      read: (): string => {
        throw refused
      },
    })
    const error = await store.read().catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'unavailable', retryAfter: 1, cause: refused })
  })
})
