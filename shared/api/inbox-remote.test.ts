import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { writeNote } from '../domain/inbox-note.ts'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Item = { name: string; title: string; status: string; source: string }

let remote: GitRemote
let t: TestApp
let admin: string
let repo: string
let count = 0
const S = '/organizations/acme/spaces/ops'
beforeAll(async () => {
  remote = await startGitRemote()
})
afterAll(() => remote.stop())
beforeEach(async () => {
  repo = `acme/ops-${++count}.git`
  await remote.createRepo(repo, {
    files: {
      'content/runbooks/backups.md':
        '# Backups\n\nNightly database backups go to the object store. Restore drills run monthly.\n',
      'content/services/redis.md':
        '# Redis\n\nCache and queues. Eviction policy allkeys-lru. Memory alerts at 80 percent.\n',
    },
  })
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: {
      ops: {
        repoUrl: remote.url(repo),
        credentials: `${remote.username}:${remote.password}`,
        synced: true,
      },
    },
  })
  admin = world.token('ada')
})
afterEach(() => t.close())

describe('the inbox and the tidy-up with a real remote', () => {
  it('pushes drops, files them with the built-in filer, and reverts, all visible on the remote', async () => {
    const note = await json<Item>(
      await t.call('POST', `${S}/inbox`, {
        token: admin,
        body: {
          title: 'Restore drill',
          content: 'The November restore drill of the database backups took 42 minutes.',
          attachments: [
            {
              name: 'timings.csv',
              content_base64: Buffer.from('step,minutes\nrestore,42\n').toString('base64'),
            },
          ],
        },
      }),
    )
    const clone = await remote.clone(repo)
    expect(await clone.read(`.service/inbox/${note.name}/timings.csv`)).toBe('step,minutes\nrestore,42\n')

    expect((await t.call('POST', `${S}/tidy`, { token: admin })).status).toBe(202)
    await drainJobs(t.deps)
    const [run] = await json<{ id: string; status: string; items_done: number }[]>(
      await t.call('GET', `${S}/tidy/runs`, { token: admin }),
    )
    expect(run).toMatchObject({ status: 'done', items_done: 1 })
    await clone.git('pull', '--quiet', '--ff-only')
    expect(await clone.read('content/runbooks/backups.md')).toContain(
      'restore drill of the database backups took 42 minutes',
    )
    expect(await clone.read('content/runbooks/backups.md')).toContain(
      `../attachments/${note.name}/timings.csv`,
    )
    expect(await clone.read(`content/attachments/${note.name}/timings.csv`)).toBe(
      'step,minutes\nrestore,42\n',
    )
    await expect(clone.read(`.service/inbox/${note.name}/note.md`)).rejects.toThrow()

    expect((await t.call('POST', `${S}/tidy/runs/${run?.id}/revert`, { token: admin })).status).toBe(200)
    await clone.git('pull', '--quiet', '--ff-only')
    expect(await clone.read('content/runbooks/backups.md')).not.toContain('42 minutes')
    expect(await clone.read(`.service/inbox/${note.name}/timings.csv`)).toBe('step,minutes\nrestore,42\n')
    expect(
      (await json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: admin }))).map((i) => i.name),
    ).toEqual([note.name])
  })

  it('shows notes dropped directly in Git (as the desktop does offline) after a sync', async () => {
    const clone = await remote.clone(repo)
    const meta = {
      title: 'Offline note',
      depositedBy: 'ada',
      depositedAt: '2026-11-21T08:00:00.000Z',
      hint: '',
      origin: '',
      source: 'desktop',
      via: 'Desktop',
      status: 'pending' as const,
      reason: '',
      candidates: [],
    }
    await clone.write(
      '.service/inbox/20261121-080000-offline-note-abc1/note.md',
      writeNote(meta, 'Written on the train.'),
    )
    await clone.commitAll('Drop a note offline')
    await clone.push()
    await t.call('POST', `${S}/git/sync`, { token: admin })
    await t.deps.queue.idle()
    const items = await json<Item[]>(await t.call('GET', `${S}/inbox?kind=note`, { token: admin }))
    expect(items).toEqual([expect.objectContaining({ title: 'Offline note', source: 'desktop' })])
  })
})
