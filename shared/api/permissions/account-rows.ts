import { type Row, row } from './row.ts'
import { SUPERADMINS } from './world.ts'

/** The caller's own account, the accounts of the service, and search across spaces. */
export const ACCOUNT_ROWS: Row<unknown>[] = [
  row({
    route: 'POST /session',
    action: 'public',
    request: () => ({ path: '/session', body: { username: 'extra', password: 'extra-password' } }),
  }),
  row({
    route: 'DELETE /session',
    action: 'public',
    // Signing out ends the web session that sent it.
    revokes: 'session',
    request: () => ({ path: '/session' }),
  }),
  // Reading one's own account needs no check: `account.read` allows every credential.
  row({ route: 'GET /me', action: 'account.read', request: () => ({ path: '/me' }) }),
  row({ route: 'GET /me/tokens', action: 'account.read', request: () => ({ path: '/me/tokens' }) }),
  row({
    route: 'POST /me/tokens',
    action: 'account.manage',
    request: () => ({ path: '/me/tokens', body: { name: 'probe' } }),
  }),
  row({
    route: 'DELETE /me/tokens/{id}',
    action: 'account.manage',
    perCaller: true,
    setUp: async (probe, caller) => (caller.who ? await probe.mintToken(caller.who) : 'none'),
    request: (_, id) => ({ path: `/me/tokens/${id}` }),
  }),
  row({ route: 'GET /me/apps', action: 'account.read', request: () => ({ path: '/me/apps' }) }),
  row({
    route: 'DELETE /me/apps/{id}',
    action: 'account.manage',
    perCaller: true,
    setUp: async (probe, caller) => (caller.who ? await probe.connectApp(caller.who) : 'none'),
    request: (_, id) => ({ path: `/me/apps/${id}` }),
  }),
  row({
    route: 'PUT /me/password',
    action: 'account.password',
    // The password stays the same, but every token and other session of the account ends.
    revokes: 'account',
    perCaller: true,
    setUp: async (_, caller) => `${caller.who ?? 'nobody'}-password`,
    request: (_, password) => ({
      path: '/me/password',
      body: { current_password: password, new_password: password },
    }),
  }),
  row({ route: 'GET /spaces', action: 'space.read', lists: 'spaces', request: () => ({ path: '/spaces' }) }),
  row({
    route: 'GET /vocation-templates',
    action: 'signed-in',
    request: () => ({ path: '/vocation-templates' }),
  }),
  row({ route: 'GET /users', action: 'users.read', request: () => ({ path: '/users' }) }),
  row({
    route: 'POST /users',
    action: 'users.manage',
    request: (probe) => ({
      path: '/users',
      body: { username: `probe-${probe.fresh()}`, password: 'probe-password' },
    }),
  }),
  // Someone else's account: the super admin's (changing one's own name is `account.manage`). The
  // service turns away anyone else before asking the policy, in words of its own, so their
  // restricted tokens hear `own_profile_only` where the policy says `restricted_token`.
  row({
    route: 'PATCH /users/{username}',
    action: 'users.manage',
    refusesAs: (refusal, caller) =>
      caller.who && SUPERADMINS.includes(caller.who) ? refusal : 'own_profile_only',
    request: () => ({ path: '/users/extra', body: { display_name: 'Extra' } }),
  }),
  row({
    route: 'GET /search',
    action: 'space.read',
    target: { org: 'acme', space: 'wiki' },
    // A space the caller cannot see is a bad value of the query, not a missing resource.
    hiddenAs: 'unknown_space',
    request: () => ({ path: '/search?q=guide&spaces=acme/wiki' }),
  }),
  row({
    route: 'GET /search/pending',
    action: 'space.read',
    target: { org: 'acme', space: 'wiki' },
    hiddenAs: 'unknown_space',
    request: () => ({ path: '/search/pending?q=meeting&spaces=acme/wiki' }),
  }),
]
