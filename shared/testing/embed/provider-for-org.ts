import { expect } from 'vitest'
import type { TestApp } from '../test-app.ts'
import { type FakeEmbeddings, startFakeEmbeddings } from './fake-embeddings-server.ts'

/**
 * A loopback embeddings provider, set as an organization's (by a super admin: an address of the
 * provider's own is theirs to set). The caller stops it.
 */
export async function providerForOrg(t: TestApp, org = 'acme'): Promise<FakeEmbeddings> {
  const provider = await startFakeEmbeddings()
  const root = await t.user('embeddings-root', { superadmin: true })
  const set = await t.call('PUT', `/organizations/${org}/embeddings`, {
    token: root,
    body: { provider: 'openai-compatible', model: 'words', base_url: provider.url },
  })
  expect(set.status).toBe(200)
  return provider
}
