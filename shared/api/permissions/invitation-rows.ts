import type { Probe, Row } from './row.ts'
import { row } from './row.ts'

const ACME = '/organizations/acme'

/** An address no account has: an invitation to it waits for its link to be followed. */
const newAddress = (probe: Probe) => `probe-${probe.fresh()}@example.com`

/**
 * The secret of a pending invitation to an organization of its own, made for the row: accepting
 * it changes no membership the other rows rely on, and uses up no room in acme's hourly limit.
 */
async function linkElsewhere(probe: Probe): Promise<string> {
  const slug = `invited-${probe.fresh()}`
  await probe.admin('POST', '/organizations', { slug, name: 'Invited' })
  const { link } = await probe.admin<{ link: string }>('POST', `/organizations/${slug}/invitations`, {
    email: newAddress(probe),
  })
  return link.slice(link.lastIndexOf('/') + 1)
}

/** Invitations: managed by an organization's admins, read and accepted through their link. */
export const INVITATION_ROWS: Row<unknown>[] = [
  row({
    route: 'GET /organizations/{org}/invitations',
    action: 'org.members.manage',
    request: () => ({ path: `${ACME}/invitations` }),
  }),
  row({
    route: 'POST /organizations/{org}/invitations',
    action: 'org.members.manage',
    request: (probe) => ({ path: `${ACME}/invitations`, body: { email: newAddress(probe) } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/invitations/{id}',
    action: 'org.members.manage',
    setUp: async (probe) =>
      (await probe.admin<{ id: string }>('POST', `${ACME}/invitations`, { email: newAddress(probe) })).id,
    request: (_, id) => ({ path: `${ACME}/invitations/${id}` }),
  }),
  // The link is the credential: anyone holding it reads the offer.
  row({
    route: 'GET /invitations/{token}',
    action: 'public',
    setUp: linkElsewhere,
    request: (_, token) => ({ path: `/invitations/${token}` }),
  }),
  // Signed out, a new account accepts (no credentials needed). Tried here with an empty body: the
  // signed-in caller's own account joins, which is managing it, so a restricted token may not.
  row({
    route: 'POST /invitations/{token}/accept',
    action: 'account.manage',
    setUp: linkElsewhere,
    request: (_, token) => ({ path: `/invitations/${token}/accept`, body: {} }),
  }),
]
