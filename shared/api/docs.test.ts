import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp | undefined
afterEach(() => t?.close())

type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>
}

describe('API documentation', () => {
  it('is not published unless api_docs is on (404)', async () => {
    t = await testApp()
    expect((await t.app.request('/api/v1/openapi.json')).status).toBe(404)
    expect((await t.app.request('/api/docs')).status).toBe(404)
  })

  it('lists every route with its schemas', async () => {
    t = await testApp({ apiDocs: true })
    const response = await t.app.request('/api/v1/openapi.json')
    expect(response.status).toBe(200)
    const doc = (await response.json()) as OpenApi
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(routes.sort()).toEqual(
      [
        'POST /session',
        'DELETE /session',
        'GET /me',
        'GET /me/tokens',
        'POST /me/tokens',
        'DELETE /me/tokens/{id}',
        'GET /me/apps',
        'DELETE /me/apps/{id}',
        'PUT /me/password',
        'GET /me/recent',
        'POST /me/recent',
        'GET /me/favourites',
        'PUT /me/favourites/{org}/{space}/{path}',
        'DELETE /me/favourites/{org}/{space}/{path}',
        'GET /spaces',
        'GET /vocation-templates',
        'GET /users',
        'POST /users',
        'PATCH /users/{username}',
        'GET /organizations',
        'POST /organizations',
        'GET /organizations/{org}',
        'PATCH /organizations/{org}',
        'DELETE /organizations/{org}',
        'GET /organizations/{org}/members',
        'PUT /organizations/{org}/members/{username}',
        'DELETE /organizations/{org}/members/{username}',
        'GET /organizations/{org}/spaces',
        'POST /organizations/{org}/spaces',
        'GET /organizations/{org}/spaces/{space}',
        'PATCH /organizations/{org}/spaces/{space}',
        'DELETE /organizations/{org}/spaces/{space}',
        'GET /organizations/{org}/spaces/{space}/members',
        'PUT /organizations/{org}/spaces/{space}/members/{username}',
        'DELETE /organizations/{org}/spaces/{space}/members/{username}',
        'GET /organizations/{org}/spaces/{space}/vocation',
        'PUT /organizations/{org}/spaces/{space}/vocation',
        'GET /organizations/{org}/spaces/{space}/tidy-rules',
        'PUT /organizations/{org}/spaces/{space}/tidy-rules',
        'GET /organizations/{org}/spaces/{space}/tree',
        'GET /pages',
        'GET /organizations/{org}/spaces/{space}/backlinks/{path}',
        'GET /organizations/{org}/spaces/{space}/trash',
        'POST /organizations/{org}/spaces/{space}/trash/restore',
        'GET /organizations/{org}/spaces/{space}/templates',
        'GET /organizations/{org}/spaces/{space}/files/{path}',
        'PUT /organizations/{org}/spaces/{space}/files/{path}',
        'DELETE /organizations/{org}/spaces/{space}/files/{path}',
        'GET /organizations/{org}/spaces/{space}/raw/{path}',
        'POST /organizations/{org}/spaces/{space}/move',
        'GET /organizations/{org}/spaces/{space}/history/{path}',
        'GET /organizations/{org}/spaces/{space}/git',
        'PUT /organizations/{org}/spaces/{space}/git/credentials',
        'DELETE /organizations/{org}/spaces/{space}/git/credentials',
        'POST /organizations/{org}/spaces/{space}/git/sync',
        'POST /organizations/{org}/spaces/{space}/git/webhook-secret',
        'GET /organizations/{org}/spaces/{space}/git/conflicts',
        'POST /organizations/{org}/spaces/{space}/git/conflicts/resolve',
        'POST /hooks/git/{org}/{space}',
        'GET /organizations/{org}/spaces/{space}/inbox',
        'POST /organizations/{org}/spaces/{space}/inbox',
        'GET /organizations/{org}/spaces/{space}/inbox/{name}',
        'PATCH /organizations/{org}/spaces/{space}/inbox/{name}',
        'DELETE /organizations/{org}/spaces/{space}/inbox/{name}',
        'POST /organizations/{org}/spaces/{space}/inbox/{name}/move',
        'POST /organizations/{org}/spaces/{space}/inbox/{name}/seen',
        'GET /organizations/{org}/spaces/{space}/inbox/{name}/files/{filename}',
        'GET /organizations/{org}/ai',
        'PUT /organizations/{org}/ai',
        'POST /organizations/{org}/ai/test',
        'GET /organizations/{org}/spaces/{space}/tidy-settings',
        'PATCH /organizations/{org}/spaces/{space}/tidy-settings',
        'POST /organizations/{org}/spaces/{space}/tidy',
        'GET /organizations/{org}/spaces/{space}/tidy/runs',
        'POST /organizations/{org}/spaces/{space}/tidy/runs/{id}/revert',
        'GET /search/pending',
        'GET /search',
        'GET /organizations/{org}/spaces/{space}/files/{path}/related',
        'POST /organizations/{org}/spaces/{space}/verify/{path}',
        'GET /organizations/{org}/webhooks',
        'POST /organizations/{org}/webhooks',
        'DELETE /organizations/{org}/webhooks/{id}',
        'POST /organizations/{org}/webhooks/{id}/test',
        'POST /organizations/{org}/webhooks/{id}/reactivate',
        'GET /organizations/{org}/webhooks/{id}/deliveries',
        'GET /organizations/{org}/spaces/{space}/health',
        'GET /organizations/{org}/embeddings',
        'PUT /organizations/{org}/embeddings',
        'GET /organizations/{org}/spaces/{space}/semantic',
        'PUT /organizations/{org}/spaces/{space}/semantic',
        'GET /organizations/{org}/spaces/{space}/routines',
        'POST /organizations/{org}/spaces/{space}/routines',
        'GET /organizations/{org}/spaces/{space}/routines/{id}',
        'PATCH /organizations/{org}/spaces/{space}/routines/{id}',
        'DELETE /organizations/{org}/spaces/{space}/routines/{id}',
        'POST /organizations/{org}/spaces/{space}/routines/{id}/run',
        'GET /organizations/{org}/spaces/{space}/routines/{id}/runs',
        'POST /me/email/verification',
        'POST /email-verifications/{token}',
        'POST /password-resets',
        'GET /password-resets/{token}',
        'POST /password-resets/{token}',
        'POST /users/{username}/password',
        'GET /organizations/{org}/invitations',
        'POST /organizations/{org}/invitations',
        'DELETE /organizations/{org}/invitations/{id}',
        'GET /invitations/{token}',
        'POST /invitations/{token}/accept',
        'GET /sso-providers',
        'PUT /sso-providers/{slug}',
        'DELETE /sso-providers/{slug}',
        'GET /session/providers',
        'GET /sso/{slug}/start',
        'GET /sso/{slug}/callback',
      ].sort(),
    )
    const createToken = doc.paths['/me/tokens']?.post
    expect(createToken?.requestBody).toBeDefined()
    expect(Object.keys(createToken?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '401', '403', '422']),
    )
    expect(JSON.stringify(doc)).toContain('"NewToken"')
    // A space without routines is where people learn that two are provided.
    const listRoutines = doc.paths['/organizations/{org}/spaces/{space}/routines']?.get as {
      description?: string
    }
    expect(listRoutines.description).toMatch(/`coherence`.*`digest`/s)
  })

  it('names every operation once and says which need no credentials', async () => {
    t = await testApp({ apiDocs: true })
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as {
      info: { license?: { name: string } }
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>
    }
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    )
    const ids = operations.map(({ route, operation }) => {
      // What a generated client names its method: a camelCase word, never missing.
      expect(operation.operationId, route).toMatch(/^[a-z][a-zA-Z]+$/)
      return operation.operationId
    })
    expect(new Set(ids).size).toBe(ids.length)
    expect(doc.paths['/organizations/{org}/spaces/{space}/files/{path}']?.get?.operationId).toBe('getFile')
    expect(doc.paths['/organizations/{org}/webhooks']?.post?.operationId).toBe('createWebhook')

    // Anyone may sign in (with a password or a provider), sign out, follow a mailed link or post a Git
    // host's signed webhook: a client sends no token there.
    const open = operations.filter(({ operation }) => operation.security?.length === 0).map((o) => o.route)
    expect(open.sort()).toEqual(
      [
        'DELETE /session',
        'POST /hooks/git/{org}/{space}',
        'POST /session',
        'GET /session/providers',
        'GET /sso/{slug}/start',
        'GET /sso/{slug}/callback',
        'POST /email-verifications/{token}',
        'POST /password-resets',
        'GET /password-resets/{token}',
        'POST /password-resets/{token}',
        'GET /invitations/{token}',
        'POST /invitations/{token}/accept',
      ].sort(),
    )
    for (const { route, operation } of operations)
      expect(operation.security, route).toEqual(expect.any(Array))

    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(doc.info.license?.name).toBe(manifest.license)
  })

  it('documents the answers a body may get: too large (413), and a secret found (422) beside a malformed body', async () => {
    t = await testApp({ apiDocs: true })
    type Operation = {
      requestBody?: unknown
      responses: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }>
    }
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    const withBody = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    )
    expect(withBody.length).toBeGreaterThan(30)
    for (const { route, operation } of withBody)
      expect(Object.keys(operation.responses), route).toContain('413')
    const writeFile = doc.paths['/organizations/{org}/spaces/{space}/files/{path}']?.put
    expect(JSON.stringify(writeFile?.responses['422']?.content?.['application/json']?.schema)).toBe(
      JSON.stringify({
        anyOf: [{ $ref: '#/components/schemas/ValidationError' }, { $ref: '#/components/schemas/Error' }],
      }),
    )
  })

  it('serves the interactive docs and their assets from the server itself', async () => {
    t = await testApp({ apiDocs: true })
    const page = await t.app.request('/api/docs')
    expect(page.status).toBe(200)
    const html = await page.text()
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true)
      expect((await t.app.request(source)).status).toBe(200)
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
  })
})
