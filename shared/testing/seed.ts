import type { TestApp } from './test-app.ts'

/** The space the seeds make: `wiki` of the organization `acme`. */
export const SEEDED_SPACE = '/organizations/acme/spaces/wiki'

/**
 * The organization `acme` administered by `ada`, with the space `wiki` on the remote `repoUrl`,
 * `walt` as its contributor, and the remote's credentials (`user:password`) set by `ada`. Returns
 * both people's tokens, and the answer to setting the credentials.
 */
export async function seedRemoteSpace(
  t: TestApp,
  repoUrl: string,
  credentials: string,
): Promise<{ admin: string; writer: string; credentialsSet: Response }> {
  const root = await t.user('root', { superadmin: true })
  const admin = await t.user('ada')
  const writer = await t.user('walt')
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme' } })
  await t.call('PUT', '/organizations/acme/members/ada', { token: root, body: { role: 'admin' } })
  await t.call('POST', '/organizations/acme/spaces', {
    token: admin,
    body: { slug: 'wiki', name: 'Wiki', repo_url: repoUrl },
  })
  await t.call('PUT', `${SEEDED_SPACE}/members/walt`, { token: admin, body: { role: 'contributor' } })
  const credentialsSet = await t.call('PUT', `${SEEDED_SPACE}/git/credentials`, {
    token: admin,
    body: { kind: 'https', token: credentials },
  })
  return { admin, writer, credentialsSet }
}
