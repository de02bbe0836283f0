import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Repo } from '../ports/repo.ts'
import type { SpaceRepos } from '../ports/space-repos.ts'
import { rebuildIndexes } from '../services/search/rebuild-indexes.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { providerForOrg } from '../testing/embed/provider-for-org.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const OPS: Record<string, string> = {
  'runbooks/deploy.md': '# Deploying\n\nDeployments go through the pipeline.\n',
  'runbooks/backups.md':
    '# Backups\n\nNightly backups go to the object store.\nRestore drills run monthly.\n',
  'services/postgres.md': '# Postgres\n\nConnection pooling through pgbouncer.\n',
  'services/redis.md': '# Redis\n\nEviction policy allkeys-lru.\n',
}

let t: TestApp
let admin: string
let opsId: number
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { ops: { name: 'ops', pages: OPS }, home: { name: 'home', pages: { 'notes.md': '# Notes\n' } } },
  })
  admin = world.token('ada')
  opsId = await t.idOf('space', 'ops')
  await t.deps.indexQueue.idle()
})
afterEach(() => t.close())

const paths = async (query: string) => {
  const response = await t.call('GET', `/search?${query}&mode=text`, { token: admin })
  expect(response.status).toBe(200)
  return (await json<{ path: string }[]>(response)).map((r) => r.path)
}

/** Commits straight to the ops repository, as a push the index has not seen yet. */
const commitBehindIndex = async (changes: Record<string, string | null>) => {
  const repo = t.deps.repos.open(opsId, 'main')
  await repo.commit({
    parent: await repo.head(),
    changes: Object.entries(changes).map(([path, content]) => ({
      path: `content/${path}`,
      content: content === null ? null : new TextEncoder().encode(content),
    })),
    author: { name: 'Git', email: 'git@example.com' },
    message: 'Change pages directly',
  })
  await repo.settle()
}

/** The services as the rebuild sees them: its first read of an ops page waits until let through. */
const heldAtFirstRead = () => {
  let reached!: () => void
  let release!: () => void
  const reading = new Promise<void>((resolve) => (reached = resolve))
  const held = new Promise<void>((resolve) => (release = resolve))
  const repos = t.deps.repos
  const open: SpaceRepos['open'] = (spaceId, branch) => {
    const repo = repos.open(spaceId, branch)
    if (spaceId !== opsId) return repo
    return new Proxy(repo, {
      get: (target, key) => {
        const value = Reflect.get(target, key, target)
        if (key !== 'read') return typeof value === 'function' ? value.bind(target) : value
        const read: Repo['read'] = async (path) => {
          reached()
          await held
          return target.read(path)
        }
        return read
      },
    })
  }
  return { deps: { ...t.deps, repos: { ...repos, open } }, reading, release }
}

describe('npm run reindex', () => {
  it('answers searches from the old index while a space is rebuilt', async () => {
    const { deps, reading, release } = heldAtFirstRead()
    const rebuilt = rebuildIndexes(deps)
    try {
      // Halfway through the rebuild of ops, its pages are found as before.
      await reading
      expect(await paths('q=pgbouncer')).toEqual(['services/postgres.md'])
      expect(await paths('q=restore%20drills')).toEqual(['runbooks/backups.md'])
    } finally {
      release()
    }
    expect(await rebuilt).toBe(2)
    expect(await paths('q=pgbouncer')).toEqual(['services/postgres.md'])
  })

  it('leaves the indexes as a rebuild from nothing would', async () => {
    await commitBehindIndex({
      'services/postgres.md': '# Postgres\n\nConnection pooling through pgcat.\n',
      'services/redis.md': null,
    })
    const words = t.deps.textIndex.forSpace(opsId)
    const index = t.deps.store.index.forSpace(opsId)
    const backups = await index.file('runbooks/backups.md')
    const deploy = await index.file('runbooks/deploy.md')
    if (!backups || !deploy) throw new Error('ops is not indexed')
    // What an older version may have indexed of a page that has not changed since, and what a write
    // cut short may have left: a page gone from the repository, and words of a page the index lost.
    await words.upsert([{ ...backups, kind: 'markdown', text: '# Backups\n\nObsolete words.\n' }])
    await index.upsert(
      [{ ...deploy, path: 'old/ghost.md', title: 'Ghost' }],
      [{ fromPath: 'runbooks/deploy.md', target: 'nowhere', toPath: null, wiki: true }],
    )
    const gone = (path: string, text: string) => ({ ...deploy, kind: 'markdown' as const, path, text })
    await words.upsert([gone('old/ghost.md', 'Spectre.'), gone('old/lost.md', 'Lost.')])
    expect(await paths('q=allkeys')).toEqual(['services/redis.md'])
    expect(await paths('q=obsolete')).toEqual(['runbooks/backups.md'])
    expect(await paths('q=spectre')).toEqual(['old/ghost.md'])

    expect(await rebuildIndexes(t.deps)).toBe(2)
    expect(await paths('q=pgcat')).toEqual(['services/postgres.md'])
    expect(await paths('q=pgbouncer')).toEqual([])
    expect(await paths('q=allkeys')).toEqual([])
    expect(await paths('q=obsolete')).toEqual([])
    expect(await paths('q=restore%20drills')).toEqual(['runbooks/backups.md'])
    expect(await paths('q=spectre')).toEqual([])
    expect(await words.text('old/lost.md')).toBeUndefined()
    expect((await index.files()).map((f) => f.path).sort()).toEqual([
      'runbooks/backups.md',
      'runbooks/deploy.md',
      'services/postgres.md',
    ])
    expect((await index.links()).filter((l) => l.target === 'nowhere')).toEqual([])
  })

  it('drops the words of a document that can no longer be read', async () => {
    await commitBehindIndex({ 'scans/receipt.pdf': 'not a PDF any more' })
    await rebuildIndexes(t.deps)
    const receipt = await t.deps.store.index.forSpace(opsId).file('scans/receipt.pdf')
    if (!receipt) throw new Error('the receipt is not indexed')
    // The words read from it when it was a readable document.
    await t.deps.textIndex
      .forSpace(opsId)
      .upsert([{ ...receipt, kind: 'document', text: 'Obsolete receipt.', extracted: true }])
    expect(await paths('q=obsolete')).toEqual(['scans/receipt.pdf'])
    await rebuildIndexes(t.deps)
    expect(await paths('q=obsolete')).toEqual([])
    expect(await t.deps.store.index.forSpace(opsId).file('scans/receipt.pdf')).toBeDefined()
  })

  it('keeps the date of a page’s last change when it lies beyond the commits the rebuild looks at', async () => {
    const index = t.deps.store.index.forSpace(opsId)
    const before = (await index.file('services/redis.md'))?.lastChange
    t.clock.advance(30 * 24 * 60 * 60 * 1000)
    // A history too long to look through: no commit the rebuild reads names the page.
    const repos = t.deps.repos
    const open: SpaceRepos['open'] = (spaceId, branch) => {
      const repo = repos.open(spaceId, branch)
      return new Proxy(repo, {
        get: (target, key) => {
          if (key === 'changedPaths') return async () => []
          const value = Reflect.get(target, key, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    }
    await rebuildIndexes({ ...t.deps, repos: { ...repos, open } })
    expect(before).toBeDefined()
    expect((await index.file('services/redis.md'))?.lastChange).toBe(before)
  })

  it('keeps the vectors while they are computed again, then drops those of files no longer there', async () => {
    const provider = await providerForOrg(t)
    let release = () => {}
    try {
      await t.deps.indexQueue.idle()
      const semantic = async () =>
        json<{ files: number; chunks: number }>(
          await t.call('GET', '/organizations/acme/spaces/ops/semantic', { token: admin }),
        )
      expect(await semantic()).toMatchObject({ files: 4 })
      const [vector] = await t.deps.vectorIndex(8).forSpace(opsId).chunkVectors('services/redis.md')
      if (!vector) throw new Error('no vectors for redis')
      // The vectors of a page whose removal a stop cut short, and a page deleted behind the index's back.
      await t.deps
        .vectorIndex(8)
        .forSpace(opsId)
        .upsert([{ path: 'old/ghost.md', heading: 'Ghost', text: 'Spectre.', vector }], ['old/ghost.md'])
      await commitBehindIndex({ 'services/redis.md': null })
      expect(await semantic()).toMatchObject({ files: 5 })

      const asked = provider.requests.length
      release = provider.hold()
      expect(await rebuildIndexes(t.deps)).toBe(2)
      // The model has not answered yet: the pages there keep their old vectors, the others' are gone.
      await expect.poll(() => provider.requests.length).toBeGreaterThan(asked)
      expect(await semantic()).toMatchObject({ files: 3 })
      release()
      await t.deps.indexQueue.idle()
      expect(await semantic()).toMatchObject({ files: 3 })
      const embedded = provider.requests.slice(asked).flatMap((r) => (r.body as { input: string[] }).input)
      for (const page of ['Deploying', 'Backups', 'Postgres'])
        expect(embedded.some((text) => text.includes(page))).toBe(true)
    } finally {
      release()
      await provider.stop()
    }
  })
})
