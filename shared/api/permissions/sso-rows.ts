import type { Probe, Row } from './row.ts'
import { row } from './row.ts'

/** A provider's settings: Google's issuer is known, so nothing else is needed. */
const GOOGLE = { kind: 'google', name: 'Probe', client_id: 'probe-client', client_secret: 'probe-secret' }

/** A provider made for one row, deleted by it. */
async function providerToDelete(probe: Probe): Promise<string> {
  const slug = `gone-${probe.fresh()}`
  await probe.admin('PUT', `/sso-providers/${slug}`, GOOGLE)
  return slug
}

// The sign-in routes are pages a browser navigates to; asked for JSON, they answer their refusals
// as errors, here the one of a provider that does not exist.
const AS_JSON = { accept: 'application/json' }

/** Single sign-on: its providers, managed by the super admin, and the public sign-in through them. */
export const SSO_ROWS: Row<unknown>[] = [
  row({ route: 'GET /sso-providers', action: 'sso.manage', request: () => ({ path: '/sso-providers' }) }),
  row({
    route: 'PUT /sso-providers/{slug}',
    action: 'sso.manage',
    request: (probe) => ({ path: `/sso-providers/probe-${probe.fresh()}`, body: GOOGLE }),
  }),
  row<string>({
    route: 'DELETE /sso-providers/{slug}',
    action: 'sso.manage',
    setUp: providerToDelete,
    request: (_, slug) => ({ path: `/sso-providers/${slug}` }),
  }),
  row({ route: 'GET /session/providers', action: 'public', request: () => ({ path: '/session/providers' }) }),
  row({
    route: 'GET /sso/{slug}/start',
    action: 'public',
    allowedAs: 'sso_disabled',
    request: () => ({ path: '/sso/nowhere/start?next=/', headers: AS_JSON }),
  }),
  row({
    route: 'GET /sso/{slug}/callback',
    action: 'public',
    allowedAs: 'sso_disabled',
    request: () => ({ path: '/sso/nowhere/callback?code=probe&state=probe', headers: AS_JSON }),
  }),
]
