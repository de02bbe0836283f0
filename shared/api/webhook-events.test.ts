import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'
import { type Received, startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'
import { deliver, registerReceiver, seedWebhookOrg } from '../testing/webhook-seed.ts'
import { createApp } from './app.ts'

const WIKI = '/organizations/acme/spaces/wiki'
const SHA = /^[0-9a-f]{40}$/

let t: TestApp
let receiver: WebhookReceiver
let tokens: Awaited<ReturnType<typeof seedWebhookOrg>>
beforeEach(async () => {
  t = await testApp()
  receiver = await startWebhookReceiver()
  tokens = await seedWebhookOrg(t)
})
afterEach(async () => {
  await receiver.close()
  await t.close()
})

/** A small wiki the built-in filer can file a note into. */
const PAGES = {
  'runbooks/backups.md':
    '# Backups\n\nNightly database backups go to the object store. Restore drills run monthly.\n',
  'runbooks/deploy.md':
    '# Deploy\n\nDeploys go through the pipeline; roll back with the previous release tag.\n',
  'services/redis.md':
    '# Redis\n\nCache and queues. Eviction policy allkeys-lru. Memory alerts at 80 percent.\n',
}

/** The events received, as type and the fields a test looks at. */
const summary = (received: Received[]) =>
  received.map(({ type, data }) => ({ type, path: data.path, from: data.from, channel: data.channel }))

describe('webhook events fired by the actions that cause them', () => {
  it('page.created, page.updated, page.moved and page.deleted from API writes, naming who, how and which commit', async () => {
    await registerReceiver(t, tokens.admin, receiver)
    const created = await json<{ sha: string; commit: string }>(
      await t.call('PUT', `${WIKI}/files/guide/setup.md`, {
        token: tokens.member,
        body: { content: '# Setup\n' },
      }),
    )
    await t.call('PUT', `${WIKI}/files/guide/setup.md`, {
      token: tokens.member,
      body: { content: '# Setup\n\nInstall it.\n', base_sha: created.sha },
    })
    await t.call('POST', `${WIKI}/move`, {
      token: tokens.member,
      body: { from: 'guide/setup.md', to: 'start.md' },
    })
    await t.call('DELETE', `${WIKI}/files/start.md`, { token: tokens.member })
    const received = await deliver(t, receiver)
    expect(summary(received)).toEqual([
      { type: 'page.created', path: 'guide/setup.md', from: undefined, channel: 'api' },
      { type: 'page.updated', path: 'guide/setup.md', from: undefined, channel: 'api' },
      { type: 'page.moved', path: 'start.md', from: 'guide/setup.md', channel: 'api' },
      { type: 'page.deleted', path: 'start.md', from: undefined, channel: 'api' },
    ])
    expect(received.every((r) => r.verified)).toBe(true)
    expect(received[0]?.data).toEqual({
      organization: 'acme',
      space: 'wiki',
      paths: ['guide/setup.md'],
      path: 'guide/setup.md',
      commit: created.commit,
      actor: { username: 'walt', name: 'Walt', email: 'walt@example.com' },
      channel: 'api',
    })
    expect(received[2]?.data.paths).toEqual(['guide/setup.md', 'start.md'])
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(4)
  })

  it('note.dropped, tidy.finished with the pages the tidy-up wrote, and tidy.reverted', async () => {
    for (const [path, content] of Object.entries(PAGES))
      await t.call('PUT', `${WIKI}/files/${path}`, { token: tokens.admin, body: { content } })
    // The built-in filer finds the page by meaning: it must be indexed first.
    await t.deps.indexQueue.idle()
    await registerReceiver(t, tokens.admin, receiver, [
      'note.dropped',
      'tidy.finished',
      'tidy.reverted',
      'page.updated',
    ])
    const note = await json<{ name: string }>(
      await t.call('POST', `${WIKI}/inbox`, {
        token: tokens.member,
        body: {
          title: 'Backup restore drill',
          content:
            'The November restore drill took 42 minutes; the object store restore was the slowest step.',
        },
      }),
    )
    expect((await t.call('POST', `${WIKI}/tidy`, { token: tokens.admin })).status).toBe(202)
    await drainJobs(t.deps)
    const [run] = await json<{ id: string; commit: string }[]>(
      await t.call('GET', `${WIKI}/tidy/runs`, { token: tokens.admin }),
    )
    const reverted = await t.call('POST', `${WIKI}/tidy/runs/${run?.id}/revert`, { token: tokens.admin })
    expect(reverted.status).toBe(200)
    const received = await deliver(t, receiver)
    expect(received.map((r) => [r.type, r.data.channel])).toEqual([
      ['note.dropped', 'api'],
      ['page.updated', 'tidy'],
      ['tidy.finished', 'tidy'],
      ['page.updated', 'api'],
      ['tidy.reverted', 'api'],
    ])
    expect(received[0]?.data).toMatchObject({
      space: 'wiki',
      note: note.name,
      title: 'Backup restore drill',
      paths: [],
      commit: expect.stringMatching(SHA),
      actor: { username: 'walt' },
    })
    expect(received[2]?.data).toMatchObject({
      run: run?.id,
      commit: run?.commit,
      paths: ['runbooks/backups.md'],
      filed: 1,
      actor: null,
    })
    expect(received[4]?.data).toMatchObject({
      run: run?.id,
      paths: ['runbooks/backups.md'],
      actor: { username: 'ada' },
    })
  })

  it('tidy.finished for a run that had nothing to do', async () => {
    await t.call('POST', '/organizations/acme/spaces', {
      token: tokens.admin,
      body: { slug: 'calm', name: 'Calm' },
    })
    await registerReceiver(t, tokens.admin, receiver, ['tidy.finished'])
    const calm = '/organizations/acme/spaces/calm'
    expect((await t.call('POST', `${calm}/tidy`, { token: tokens.admin })).status).toBe(202)
    await drainJobs(t.deps)
    const [run] = await json<{ id: string; summary: string }[]>(
      await t.call('GET', `${calm}/tidy/runs`, { token: tokens.admin }),
    )
    expect(run?.summary).toBe('Nothing to tidy.')
    expect(await deliver(t, receiver)).toMatchObject([
      {
        type: 'tidy.finished',
        data: { space: 'calm', run: run?.id, status: 'done', filed: 0, commit: null },
      },
    ])
  })

  it('space.created, member.added and member.removed (of a space and of the organization), space.deleted', async () => {
    await registerReceiver(t, tokens.admin, receiver)
    const zoe = await t.user('zoe')
    await t.call('POST', '/organizations/acme/spaces', {
      token: tokens.admin,
      body: { slug: 'ops', name: 'Ops' },
    })
    await t.call('PUT', '/organizations/acme/spaces/ops/members/walt', {
      token: tokens.admin,
      body: { role: 'reader' },
    })
    // A new role for someone already there is no arrival.
    await t.call('PUT', '/organizations/acme/spaces/ops/members/walt', {
      token: tokens.admin,
      body: { role: 'contributor' },
    })
    await t.call('DELETE', '/organizations/acme/spaces/ops/members/walt', { token: tokens.admin })
    await t.call('PUT', '/organizations/acme/members/zoe', { token: tokens.admin, body: { role: 'member' } })
    await t.call('DELETE', '/organizations/acme/members/zoe', { token: tokens.admin })
    expect((await t.call('DELETE', '/organizations/acme/spaces/ops', { token: tokens.admin })).status).toBe(
      204,
    )
    void zoe
    const received = await deliver(t, receiver)
    expect(received.map((r) => [r.type, r.data.space, r.data.member])).toEqual([
      ['space.created', 'ops', undefined],
      ['member.added', 'ops', { username: 'walt', role: 'reader' }],
      ['member.removed', 'ops', { username: 'walt' }],
      ['member.added', null, { username: 'zoe', role: 'member' }],
      ['member.removed', null, { username: 'zoe' }],
      ['space.deleted', 'ops', undefined],
    ])
    expect(received.every((r) => r.verified && r.data.actor && r.data.channel === 'api')).toBe(true)
  })

  it('names the channel a write came through: a web session, the desktop', async () => {
    await registerReceiver(t, tokens.admin, receiver, ['page.created'])
    const signIn = await t.call('POST', '/session', { body: { username: 'walt', password: 'walt-password' } })
    const web = await t.call('PUT', `${WIKI}/files/web.md`, {
      headers: { cookie: sessionCookie(signIn), 'x-requested-with': 'fetch' },
      body: { content: '# Web\n' },
    })
    expect(web.status).toBe(201)
    // The desktop engine serves the same API under its own channel.
    const desktop = createApp(t.deps, { channel: 'desktop', ownOrigins: () => ['http://localhost'] })
    const local = await desktop.request(`/api/v1${WIKI}/files/desktop.md`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.member}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '# Desktop\n' }),
    })
    expect(local.status).toBe(201)
    expect((await deliver(t, receiver)).map((r) => [r.data.path, r.data.channel])).toEqual([
      ['web.md', 'web'],
      ['desktop.md', 'desktop'],
    ])
  })

  it('sends a webhook only the events it subscribed to', async () => {
    await registerReceiver(t, tokens.admin, receiver, ['page.deleted'])
    await t.call('PUT', `${WIKI}/files/a.md`, { token: tokens.member, body: { content: 'A\n' } })
    await t.call('DELETE', `${WIKI}/files/a.md`, { token: tokens.member })
    expect(summary(await deliver(t, receiver))).toEqual([
      { type: 'page.deleted', path: 'a.md', from: undefined, channel: 'api' },
    ])
  })
})

describe('page events of changes that came in by a sync', () => {
  let remote: GitRemote
  beforeAll(async () => {
    remote = await startGitRemote()
  })
  afterAll(() => remote.stop())

  it('reports an external push as page events on channel git, named after its author, with moves told apart', async () => {
    await remote.createRepo('acme/docs.git', {
      files: { 'content/old-name.md': '# Runbook\n\nSteps.\n', 'content/keep.md': '# Keep\n' },
    })
    await t.call('POST', '/organizations/acme/spaces', {
      token: tokens.admin,
      body: { slug: 'docs', name: 'Docs', repo_url: remote.url('acme/docs.git') },
    })
    const docs = '/organizations/acme/spaces/docs'
    await t.call('PUT', `${docs}/git/credentials`, {
      token: tokens.admin,
      body: { kind: 'https', token: `${remote.username}:${remote.password}` },
    })
    await t.call('POST', `${docs}/git/sync`, { token: tokens.admin })
    await t.deps.queue.idle()
    await registerReceiver(t, tokens.admin, receiver, [
      'page.created',
      'page.updated',
      'page.moved',
      'page.deleted',
    ])
    // The first sync's pages are the starting point: nothing was reported for them.
    expect(await deliver(t, receiver)).toEqual([])

    const clone = await remote.clone('acme/docs.git')
    await clone.write('content/runbooks/new-name.md', '# Runbook\n\nSteps.\n')
    await clone.git('rm', '--quiet', 'content/old-name.md')
    await clone.write('content/keep.md', '# Keep\n\nEdited elsewhere.\n')
    await clone.write('content/fresh.md', '# Fresh\n')
    const pushed = await clone.commitAll('Reorganise the runbooks')
    await clone.push()
    await t.call('POST', `${docs}/git/sync`, { token: tokens.admin })
    await t.deps.queue.idle()
    const received = await deliver(t, receiver)
    expect(received.map((r) => [r.type, r.data.path, r.data.from ?? null]).sort()).toEqual(
      [
        ['page.created', 'fresh.md', null],
        ['page.moved', 'runbooks/new-name.md', 'old-name.md'],
        ['page.updated', 'keep.md', null],
      ].sort(),
    )
    for (const r of received) {
      expect(r.verified).toBe(true)
      expect(r.data).toMatchObject({
        space: 'docs',
        channel: 'git',
        commit: pushed,
        actor: { username: null },
      })
    }
  })
})
