import { describe, expect, it } from 'vitest'
import { DESKTOP_CSP } from './csp.ts'
import { APP_ORIGIN } from './paths.ts'
import { answerAppRequest } from './scheme.ts'

/** An engine that serves a page at `/` and JSON elsewhere, recording what it was asked. */
function engine() {
  const asked: string[] = []
  const fetch = async (request: Request) => {
    asked.push(`${request.method} ${request.url}`)
    const url = new URL(request.url)
    return url.pathname === '/'
      ? new Response('<!doctype html>', { headers: { 'content-type': 'text/html; charset=utf-8' } })
      : Response.json({ path: url.pathname, search: url.search })
  }
  return { asked, fetch }
}

describe('answerAppRequest', () => {
  it('passes the window’s requests to the engine as they are, and its page gets the window’s policy', async () => {
    const { asked, fetch } = engine()
    const page = await answerAppRequest(new Request(`${APP_ORIGIN}/`), fetch)
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP)
    const api = await answerAppRequest(
      new Request(`${APP_ORIGIN}/api/v1/spaces?limit=5`, { method: 'POST', body: '{}' }),
      fetch,
    )
    expect(await api.json()).toEqual({ path: '/api/v1/spaces', search: '?limit=5' })
    expect(api.headers.get('content-security-policy')).toBeNull()
    expect(asked).toEqual([`GET ${APP_ORIGIN}/`, `POST ${APP_ORIGIN}/api/v1/spaces?limit=5`])
  })

  it('answers a 404 for any other host of the scheme, without asking the engine', async () => {
    const { asked, fetch } = engine()
    const response = await answerAppRequest(new Request('quire://elsewhere/api/v1/spaces'), fetch)
    expect(response.status).toBe(404)
    expect(asked).toEqual([])
  })
})
