import type { FetchHandler } from '../engine/bridge.ts'
import { withContentSecurityPolicy } from './csp.ts'
import { isAppUrl } from './navigation.ts'
import { APP_ORIGIN } from './paths.ts'

/**
 * Answers a request the window makes on the app's scheme: `quire://app/...` goes to the engine as it
 * is (the app, `/assets/...`, `/api/v1/...`), its pages with the window's policy; any other host
 * of the scheme is not the app and gets a 404.
 */
export async function answerAppRequest(request: Request, engineFetch: FetchHandler): Promise<Response> {
  if (!isAppUrl(request.url, [APP_ORIGIN])) return new Response(null, { status: 404 })
  return withContentSecurityPolicy(await engineFetch(request))
}
