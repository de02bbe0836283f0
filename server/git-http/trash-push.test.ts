import { afterEach, beforeEach, expect, it } from 'vitest'
import { json, type TestApp } from '#shared/testing/test-app.ts'
import { type GitHost, S, startGitHost } from '../testing/git-host.ts'

type Trashed = { path: string; title: string; deleted_at: string; deleted_by: string; commit: string }

let host: GitHost
let t: TestApp

beforeEach(async () => {
  host = await startGitHost()
  t = host.t
})
afterEach(() => host.close())

it('lists a page deleted by a push to the server, and a page moved by one not at all', async () => {
  const put = (path: string, content: string) =>
    t.call('PUT', `${S}/files/${path}`, { token: host.tokens.walt, body: { content } })
  expect((await put('ops/failover.md', '# Failover\n\nSwitch over.\n')).status).toBe(201)
  expect((await put('ops/backups.md', '# Backups\n')).status).toBe(201)
  const clone = await host.clone('walt')
  await clone.git('rm', '--quiet', 'content/ops/failover.md')
  await clone.git('mv', 'content/ops/backups.md', 'content/backups.md')
  const deleting = await clone.commitAll('Drop the failover page, move the backups one up')
  await clone.push()
  const trash = await json<Trashed[]>(await t.call('GET', `${S}/trash`, { token: host.tokens.rita }))
  expect(trash).toEqual([
    expect.objectContaining({
      path: 'ops/failover.md',
      title: 'Failover',
      deleted_by: 'Quire Test',
      commit: deleting,
    }),
  ])
})
