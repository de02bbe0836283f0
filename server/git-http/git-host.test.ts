import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { concat, FLUSH, pktLine } from '#shared/adapters/git/pkt-line.ts'
import { aws } from '#shared/testing/fixtures/secrets.ts'
import type { WorkClone } from '#shared/testing/git-cli.ts'
import { startGitRemote } from '#shared/testing/git-remote.ts'
import { json, type TestApp } from '#shared/testing/test-app.ts'
import { startWebhookReceiver } from '#shared/testing/webhook-receiver.ts'
import { deliver, registerReceiver } from '#shared/testing/webhook-seed.ts'
import { failing, type GitHost, S, startGitHost } from '../testing/git-host.ts'

let host: GitHost
let t: TestApp
let tokens: Record<string, string>

beforeEach(async () => {
  host = await startGitHost()
  t = host.t
  tokens = host.tokens
})
afterEach(() => host.close())

const clone = (user: string, secret?: string, space?: string): Promise<WorkClone> =>
  host.clone(user, secret, space)

const put = (path: string, content: string, token = tokens.walt) =>
  t.call('PUT', `${S}/files/${path}`, { token, body: { content, force: true } })

const readPage = async (path: string) => {
  const response = await t.call('GET', `${S}/files/${path}`, { token: tokens.rita })
  return response.status === 200 ? (await json<{ text: string }>(response)).text : undefined
}

const tip = () => host.tip()

describe('clone and fetch', () => {
  it('lets a reader clone the space and fetch what the API wrote since', async () => {
    await put('ops/backups.md', '# Backups\n\nNightly.\n')
    const reader = await clone('rita')
    expect(await reader.read('content/ops/backups.md')).toBe('# Backups\n\nNightly.\n')
    expect(await reader.git('rev-parse', 'HEAD')).toBe(await tip())
    // Only the branch is offered: no remote-tracking or other refs of the service's repository.
    expect(await reader.git('for-each-ref', '--format=%(refname)', 'refs/remotes')).toBe(
      'refs/remotes/origin/HEAD\nrefs/remotes/origin/main',
    )
    await put('ops/restore.md', '# Restore\n')
    await reader.git('pull', '--quiet', '--ff-only')
    expect(await reader.read('content/ops/restore.md')).toBe('# Restore\n')
  })

  it('answers 404 to an outsider and for an unknown space, so git says "not found"', async () => {
    expect(await failing(clone('olga'))).toMatch(/not found/)
    expect(await failing(clone('walt', undefined, 'acme/nothing'))).toMatch(/not found/)
    expect(await failing(clone('walt', undefined, 'nobody/wiki'))).toMatch(/not found/)
  })

  it('asks for credentials (401 with Basic) and refuses a wrong token or another account’s', async () => {
    const response = await fetch(`${host.url}/git/acme/wiki.git/info/refs?service=git-upload-pack`)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
    expect(await failing(clone('walt', 'qpat_wrong'))).toMatch(/Authentication failed/)
    expect(await failing(clone('rita', tokens.walt))).toMatch(/Authentication failed/)
  })

  it('takes a token with the user name Git hosts use for tokens (x-access-token), as the desktop sends it', async () => {
    const refs = (username: string) =>
      fetch(`${host.url}/git/acme/wiki.git/info/refs?service=git-upload-pack`, {
        headers: { authorization: `Basic ${Buffer.from(`${username}:${tokens.walt}`).toString('base64')}` },
      })
    expect((await refs('x-access-token')).status).toBe(200)
    expect((await refs('oauth2')).status).toBe(200)
    expect((await refs('rita')).status).toBe(401)
  })
})

describe('push', () => {
  it('takes a contributor’s push: readable, searchable and in the inbox as a change', async () => {
    const writer = await clone('walt')
    await writer.write('content/ops/failover.md', '# Failover\n\nSwitch to the zanzibar replica.\n')
    const sha = await writer.commitAll('Add failover')
    await writer.push()
    expect(await tip()).toBe(sha)
    expect(await readPage('ops/failover.md')).toContain('zanzibar replica')
    await t.deps.indexQueue.idle()
    const found = await json<{ path: string }[]>(
      await t.call('GET', '/search?q=zanzibar&mode=text', { token: tokens.rita }),
    )
    expect(found.map((r) => r.path)).toEqual(['ops/failover.md'])
    const items = await json<{ type: string; path: string; title: string; deposited_by: string }[]>(
      await t.call('GET', `${S}/inbox?kind=change`, { token: tokens.rita }),
    )
    expect(items).toEqual([
      expect.objectContaining({
        type: 'change',
        path: 'ops/failover.md',
        title: 'Failover',
        deposited_by: 'Quire Test',
      }),
    ])
  })

  it('fires the page events of a push, on channel git, in the pusher’s name', async () => {
    const receiver = await startWebhookReceiver()
    try {
      await registerReceiver(t, tokens.ada ?? '', receiver)
      const writer = await clone('walt')
      await writer.write('content/ops/failover.md', '# Failover\n')
      await writer.write('content/ops/restore.md', '# Restore\n')
      const sha = await writer.commitAll('Add two runbooks')
      await writer.push()
      const received = await deliver(t, receiver)
      expect(received.map((r) => [r.type, r.data.path]).sort()).toEqual([
        ['page.created', 'ops/failover.md'],
        ['page.created', 'ops/restore.md'],
      ])
      for (const r of received)
        expect(r).toMatchObject({
          verified: true,
          data: { commit: sha, channel: 'git', actor: { username: 'walt' } },
        })
    } finally {
      await receiver.close()
    }
  })

  it('refuses a reader’s push and a read-only token’s (403), leaving the branch as it was', async () => {
    const before = await tip()
    const reader = await clone('rita')
    await reader.write('content/a.md', '# A\n')
    await reader.commitAll('A')
    expect(await failing(reader.push())).toMatch(/403/)
    const created = await t.call('POST', '/me/tokens', {
      token: tokens.walt,
      body: { name: 'laptop', read_only: true, days: null },
    })
    const readOnly = (await json<{ token: string }>(created)).token
    const writer = await clone('walt', readOnly)
    await writer.write('content/a.md', '# A\n')
    await writer.commitAll('A')
    expect(await failing(writer.push())).toMatch(/403/)
    expect(await tip()).toBe(before)
  })

  it('refuses a force-push that rewrites history, with the reason git prints', async () => {
    await put('a.md', '# A\n')
    const writer = await clone('walt')
    await writer.git('reset', '--quiet', '--hard', 'HEAD~1')
    await writer.write('content/b.md', '# B\n')
    await writer.commitAll('B instead of A')
    const before = await tip()
    const stderr = await failing(writer.git('push', '--force', 'origin', 'HEAD'))
    expect(stderr).toMatch(/remote rejected/)
    expect(stderr).toMatch(/rewrites the history of main/)
    expect(await tip()).toBe(before)
  })

  it('refuses a merge commit: the branch keeps a linear history', async () => {
    const before = await tip()
    const writer = await clone('walt')
    await writer.git('checkout', '--quiet', '-b', 'side')
    await writer.write('content/side.md', '# Side\n')
    await writer.commitAll('Side')
    await writer.git('checkout', '--quiet', 'main')
    await writer.write('content/main.md', '# Main\n')
    await writer.commitAll('Main')
    await writer.git('merge', '--quiet', '--no-edit', 'side')
    const stderr = await failing(writer.push())
    expect(stderr).toMatch(/remote: The branch main keeps a linear history: merge commits/)
    expect(await tip()).toBe(before)
  })

  it('refuses deleting the branch', async () => {
    const before = await tip()
    const writer = await clone('walt')
    const stderr = await failing(writer.git('push', 'origin', ':main'))
    expect(stderr).toMatch(/The branch main cannot be deleted/)
    expect(await tip()).toBe(before)
  })

  it('refuses a commit adding a line that looks like a secret, and changes nothing', async () => {
    await put('ops/keys.md', '# Keys\n\nAsk the team.\n')
    const before = await tip()
    const writer = await clone('walt')
    await writer.write('content/ops/notes.md', '# Notes\n')
    await writer.commitAll('Notes')
    await writer.write(
      'content/ops/keys.md',
      `# Keys\n\nAsk the team.\naws_access_key_id = ${aws.accessKeyId}\naws_secret_access_key = ${aws.secretAccessKey}\n`,
    )
    await writer.commitAll('Keys')
    const stderr = await failing(writer.push())
    expect(stderr).toMatch(/remote: content\/ops\/keys\.md seems to contain a secret \(.*line 4/)
    expect(stderr).toMatch(/remote rejected/)
    expect(await tip()).toBe(before)
    expect(await readPage('ops/notes.md')).toBeUndefined()
    // The operator sees it too: one line saying who pushed what where and why, the secret left out.
    const refusals = host.logged.filter((line) => line.msg === 'push refused')
    expect(refusals.map((line) => line.fields)).toEqual([
      {
        space: 'acme/wiki',
        user: 'walt',
        refs: ['refs/heads/main'],
        reason: 'secret_detected',
        message: expect.stringMatching(/^content\/ops\/keys\.md seems to contain a secret/),
      },
    ])
    expect(JSON.stringify(host.logged)).not.toContain(aws.secretAccessKey)
  })

  it('refuses a push of more than 1000 refs before reading its pack, with the reason git prints', async () => {
    const before = await tip()
    const writer = await clone('walt')
    const refspecs = Array.from({ length: 1001 }, (_, i) => `HEAD:refs/heads/b${i}`)
    const stderr = await failing(writer.git('push', 'origin', ...refspecs))
    expect(stderr).toMatch(/remote: error: a push updates at most 1000 refs/)
    expect(stderr).toMatch(/remote unpack failed/)
    expect(await tip()).toBe(before)
  })

  it('refuses commands that are larger than 1 MiB in all, though each line is small', async () => {
    const before = await tip()
    // Deletions of long ref names, in lines Git reads one by one: 20 of them make 1.3 MB.
    const names = Array.from({ length: 20 }, (_, i) => `refs/heads/${String(i).padEnd(65_000, 'x')}`)
    const commands = names.map((name, i) =>
      pktLine(`${'1'.repeat(40)} ${'0'.repeat(40)} ${name}${i === 0 ? '\0report-status' : ''}\n`),
    )
    const response = await fetch(`${host.url}/git/acme/wiki.git/git-receive-pack`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`walt:${tokens.walt}`).toString('base64')}`,
        'content-type': 'application/x-git-receive-pack-request',
      },
      body: concat([...commands, FLUSH]) as Uint8Array<ArrayBuffer>,
    })
    const report = await response.text()
    expect(report).toMatch(/^[0-9a-f]{4}unpack the commands of this push are larger than 1048576 bytes\n/)
    expect(report.length).toBeLessThan(1024 * 1024)
    expect(await tip()).toBe(before)
  })

  it('refuses a push whose body said to be gzipped is not, or is cut short, as a client error (never a 500)', async () => {
    const before = await tip()
    const { gzipSync } = await import('node:zlib')
    const whole = gzipSync(concat([pktLine(`${'0'.repeat(40)} ${'1'.repeat(40)} refs/heads/x\n`), FLUSH]))
    for (const service of ['git-receive-pack'])
      for (const body of [new TextEncoder().encode('garbage'), whole.subarray(0, whole.length - 8)]) {
        const response = await fetch(`${host.url}/git/acme/wiki.git/${service}`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`walt:${tokens.walt}`).toString('base64')}`,
            'content-type': `application/x-${service}-request`,
            'content-encoding': 'gzip',
          },
          body: body as Uint8Array<ArrayBuffer>,
        })
        // Cut short after what it holds was read, the request is answered as Git answers (200).
        if (body.length === 7) expect(response.status).toBe(400)
        else expect(response.status).not.toBe(500)
      }
    expect(await tip()).toBe(before)
  })

  it('takes a push once rebased on what the API wrote meanwhile', async () => {
    const writer = await clone('walt')
    await put('api.md', '# From the API\n')
    await writer.write('content/git.md', '# From Git\n')
    await writer.commitAll('From Git')
    // The client sees the branch moved and refuses to push by itself, before sending anything.
    expect(await failing(writer.push())).toMatch(/fetch first/)
    await writer.git('pull', '--quiet', '--rebase')
    await writer.push()
    expect(await readPage('api.md')).toBe('# From the API\n')
    expect(await readPage('git.md')).toBe('# From Git\n')
  })

  it('loses neither a push nor API writes made at the same time', async () => {
    const writer = await clone('walt')
    for (let i = 0; i < 5; i++) await writer.write(`content/git-${i}.md`, `# Git ${i}\n`)
    await writer.commitAll('Five pages')
    const pushing = (async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await writer.push()
          return true
        } catch {
          await writer.git('pull', '--quiet', '--rebase')
        }
      }
      return false
    })()
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(`api-${i}.md`, `# API ${i}\n`).then((r) => r.status)),
    )
    expect(writes.every((s) => s === 201)).toBe(true)
    expect(await pushing).toBe(true)
    for (let i = 0; i < 8; i++) expect(await readPage(`api-${i}.md`)).toBe(`# API ${i}\n`)
    for (let i = 0; i < 5; i++) expect(await readPage(`git-${i}.md`)).toBe(`# Git ${i}\n`)
    await writer.git('pull', '--quiet', '--ff-only')
    expect(await writer.git('rev-parse', 'HEAD')).toBe(await tip())
  })
})

describe('a space with its own remote', () => {
  it('pushes what a client pushed onward to the remote at once', async () => {
    const remote = await startGitRemote()
    try {
      await remote.createRepo('team/docs.git', { files: { 'content/start.md': '# Start\n' } })
      const M = '/organizations/acme/spaces/docs'
      await t.call('POST', '/organizations/acme/spaces', {
        token: tokens.ada,
        body: { slug: 'docs', name: 'Docs', repo_url: remote.url('team/docs.git') },
      })
      await t.call('PUT', `${M}/git/credentials`, {
        token: tokens.ada,
        body: { kind: 'https', token: `${remote.username}:${remote.password}` },
      })
      await t.call('PUT', `${M}/members/walt`, { token: tokens.ada, body: { role: 'contributor' } })
      const writer = await clone('walt', undefined, 'acme/docs')
      expect(await writer.read('content/start.md')).toBe('# Start\n')
      await writer.write('content/next.md', '# Next\n')
      const sha = await writer.commitAll('Next')
      await writer.push()
      // No sync or retry in between: the push itself went on to the remote.
      const upstream = await remote.clone('team/docs.git')
      expect(await upstream.git('rev-parse', 'HEAD')).toBe(sha)
      expect(await upstream.read('content/next.md')).toBe('# Next\n')
    } finally {
      await remote.stop()
    }
  })
})
