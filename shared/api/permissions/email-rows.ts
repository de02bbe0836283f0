import { type Row, row } from './row.ts'

/** A link secret no link was minted with: the public link routes answer it as an unusable link. */
const UNKNOWN_LINK = 'qrst_not-a-link-anyone-was-sent'

/** Mailed links (address verification, password reset) and passwords the super admin sets. */
export const EMAIL_ROWS: Row<unknown>[] = [
  // The seeded people have unverified addresses: an allowed caller gets a link (at most two per
  // account here, under the hourly limit).
  row({
    route: 'POST /me/email/verification',
    action: 'account.manage',
    request: () => ({ path: '/me/email/verification' }),
  }),
  row({
    route: 'POST /email-verifications/{token}',
    action: 'public',
    allowedAs: 'link_unusable',
    request: () => ({ path: `/email-verifications/${UNKNOWN_LINK}` }),
  }),
  // Public, and 202 whoever is named: the answer never says whether the account exists.
  row({
    route: 'POST /password-resets',
    action: 'public',
    request: () => ({ path: '/password-resets', body: { login: 'extra' } }),
  }),
  row({
    route: 'GET /password-resets/{token}',
    action: 'public',
    allowedAs: 'link_unusable',
    request: () => ({ path: `/password-resets/${UNKNOWN_LINK}` }),
  }),
  row({
    route: 'POST /password-resets/{token}',
    action: 'public',
    allowedAs: 'link_unusable',
    request: () => ({ path: `/password-resets/${UNKNOWN_LINK}`, body: { password: 'a new password' } }),
  }),
  // An account of its own for each allowed call: setting a password signs that account out everywhere.
  row<string>({
    route: 'POST /users/{username}/password',
    action: 'users.manage',
    setUp: async (probe) => {
      const username = `probe-${probe.fresh()}`
      await probe.admin('POST', '/users', { username, password: 'probe-password' })
      return username
    },
    request: (_, username) => ({ path: `/users/${username}/password`, body: { password: 'probe-password' } }),
  }),
]
